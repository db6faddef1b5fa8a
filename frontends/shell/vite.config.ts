import { federation } from '@module-federation/vite';
import { federationShared } from '@uapqa/ui/federation';
import { precompress } from '@uapqa/ui/precompress';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { startupPreloads } from './vite/startup-preloads';

/**
 * The host. It declares no remotes at build time: it reads `/remotes.json` at run time and
 * registers what it lists, so a remote is redeployed without rebuilding the shell.
 */
export default defineConfig({
  plugins: [
    react(),
    precompress(),
    federation({
      name: 'shell',
      filename: 'remoteEntry.js',
      remotes: {},
      manifest: true,
      dts: false,
      shared: federationShared,
      // The remotes run on this runtime rather than each on a copy of its own.
      experiments: { provideExternalRuntime: true },
    }),
    startupPreloads({
      bootstrap: '/src/bootstrap.tsx',
      // Form controls are for the pages with forms.
      skip: (chunk) =>
        chunk.moduleIds.some((id) => /\/packages\/ui\/(src|dist)\/controls\./.test(id)),
      // The toasts' view comes with the first toast.
      later: (chunk) => /\/packages\/ui\/(src|dist)\/toast-view\./.test(chunk.facadeModuleId ?? ''),
      // The pages `src/pages/routeChunks.tsx` loads in chunks of their own, by path (as in App.tsx).
      routes: {
        '/auth': 'src/pages/Auth.tsx',
        '/contact': 'src/pages/Contact.tsx',
        '/verify-email': 'src/pages/VerifyEmail.tsx',
        '/privacy': 'src/pages/legal/Privacy.tsx',
        '/terms': 'src/pages/legal/Terms.tsx',
        '/reset-password': 'src/pages/ResetPassword.tsx',
        '/confirm-email-change': 'src/pages/ConfirmEmailChange.tsx',
        '/account': 'src/pages/Account.tsx',
      },
    }),
  ],
  build: {
    target: 'es2022',
    outDir: 'dist',
    emptyOutDir: true,
  },
  server: { proxy: { '/api': 'http://localhost:3000', '/remotes': 'http://localhost:3000' } },
});
