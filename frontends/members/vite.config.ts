import { federation } from '@module-federation/vite';
import { federationShared } from '@uapqa/ui/federation';
import { precompress } from '@uapqa/ui/precompress';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The members remote: its pages are exposed for the shell, which loads them through
 * `mf-manifest.json` from wherever `/remotes.json` says this build is deployed. Asset URLs are
 * relative (`base: './'`), so the same build works under any path.
 */
export default defineConfig({
  base: './',
  plugins: [
    react(),
    precompress(),
    federation({
      name: 'members',
      filename: 'remoteEntry.js',
      manifest: true,
      dts: false,
      exposes: {
        './BrowseQA': './src/pages/BrowseQA.tsx',
        './Dashboard': './src/pages/Dashboard.tsx',
        './MyQuestions': './src/pages/MyQuestions.tsx',
        './QuestionPage': './src/pages/QuestionPage.tsx',
        './SubmitQuestion': './src/pages/SubmitQuestion.tsx',
        './Subscribe': './src/pages/Subscribe.tsx',
      },
      shared: federationShared,
    }),
  ],
  build: { target: 'es2022', outDir: 'dist', emptyOutDir: true },
});
