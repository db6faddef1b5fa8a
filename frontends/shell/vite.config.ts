import { precompress } from '@uapqa/ui/precompress';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { startupPreloads } from './vite/startup-preloads';

/** The design system's form controls, which the shell provides to the remotes only. */
const CONTROLS = /[\\/]packages[\\/]ui[\\/](src|dist)[\\/]controls\./;

/**
 * The host: a plain Vite build. It declares no remotes at build time: it reads `/remotes.json`
 * at run time and registers what it lists, so a remote is redeployed without rebuilding the
 * shell; it provides the shared libraries to the remotes through the federation runtime
 * (`src/federation.ts`).
 */
export default defineConfig({
  plugins: [
    react(),
    precompress(),
    startupPreloads({
      bootstrap: '/src/bootstrap.tsx',
      // Form controls are for the remotes' pages with forms.
      skip: (chunk) =>
        [...chunk.moduleIds, chunk.facadeModuleId ?? ''].some((id) => CONTROLS.test(id)),
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
    rolldownOptions: {
      output: {
        // Everything the first render runs in one file: over HTTP/1.1 a browser fetches six
        // files at a time, and each further round of six costs a phone a round trip.
        codeSplitting: {
          groups: [
            { name: 'start', tags: ['$initial'], priority: 2 },
            // The form controls the shell provides to the remotes' pages, with what they use.
            { name: 'controls', test: CONTROLS, priority: 1 },
          ],
        },
      },
    },
  },
  server: { proxy: { '/api': 'http://localhost:3000', '/remotes': 'http://localhost:3000' } },
});
