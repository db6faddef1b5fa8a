import { federation } from '@module-federation/vite';
import { federationShared } from '@uapqa/ui/federation';
import { precompress } from '@uapqa/ui/precompress';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The staff remote: the admin and moderator dashboards. The shell loads these pages through
 * `mf-manifest.json` from wherever `/remotes.json` says this build is deployed; asset URLs are
 * relative (`base: './'`), so the same build works under any path.
 */
export default defineConfig({
  base: './',
  plugins: [
    react(),
    precompress(),
    federation({
      name: 'staff',
      filename: 'remoteEntry.js',
      manifest: true,
      dts: false,
      exposes: {
        './AdminDashboard': './src/pages/AdminDashboard.tsx',
        './ModeratorDashboard': './src/pages/ModeratorDashboard.tsx',
      },
      shared: federationShared,
    }),
  ],
  build: { target: 'es2022', outDir: 'dist', emptyOutDir: true },
});
