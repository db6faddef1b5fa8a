import { federation } from '@module-federation/vite';
import { federationShared } from '@uapqa/ui/federation';
import { precompress } from '@uapqa/ui/precompress';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The experts remote: the expert dashboard, creator onboarding, the experts marketing page and
 * the public expert application. The shell loads these pages through `mf-manifest.json` from
 * wherever `/remotes.json` says this build is deployed; asset URLs are relative (`base: './'`).
 */
export default defineConfig({
  base: './',
  plugins: [
    react(),
    precompress(),
    federation({
      name: 'experts',
      filename: 'remoteEntry.js',
      manifest: true,
      dts: false,
      exposes: {
        './ExpertDashboard': './src/pages/ExpertDashboard.tsx',
        './ExpertOnboarding': './src/pages/ExpertOnboarding.tsx',
        './Experts': './src/pages/Experts.tsx',
        './Apply': './src/pages/Apply.tsx',
      },
      shared: federationShared,
    }),
  ],
  build: { target: 'es2022', outDir: 'dist', emptyOutDir: true },
});
