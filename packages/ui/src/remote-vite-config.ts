import { federation } from '@module-federation/vite';
import type { RemoteName } from '@uapqa/contracts';
import react from '@vitejs/plugin-react';
import type { UserConfig } from 'vite';
import { federationShared } from './federation.js';
import { pageChunks, REMOTE_ENTRY } from './page-chunks.js';
import { precompress } from './precompress.js';

/**
 * What a remote shares: the shell's list, every entry the shell's only (`import: false`). A
 * remote runs inside the shell, which always provides them; fallback copies of its own were
 * downloaded and evaluated with each of its pages (the design system, styled-components, SWR,
 * the router: over 40 KB gzipped for the members remote) and then left unused.
 */
const remoteShared = Object.fromEntries(
  Object.entries(federationShared).map(([name, config]) => [
    name,
    { ...config, import: false as const },
  ]),
);

/**
 * The Vite config of a remote (members, experts, staff): `exposes` names its pages for the
 * shell, which loads them through `mf-manifest.json` from wherever `/remotes.json` says this
 * build is deployed. Asset URLs are relative (`base: './'`), so the same build works under any
 * path.
 */
export function remoteViteConfig(name: RemoteName, exposes: Record<string, string>): UserConfig {
  return {
    base: './',
    plugins: [
      react(),
      pageChunks(exposes),
      precompress(),
      federation({
        name,
        filename: REMOTE_ENTRY,
        manifest: true,
        dts: false,
        exposes,
        shared: remoteShared,
        // The shell's federation runtime (it sets `provideExternalRuntime`), not a copy of it
        // (19 KB gzipped) fetched and evaluated with every remote page.
        experiments: { externalRuntime: true },
      }),
    ],
    build: {
      target: 'es2022',
      outDir: 'dist',
      emptyOutDir: true,
      rolldownOptions: {
        output: { codeSplitting: { experimentalInlineCommonChunks: { maxSize: 64 * 1024 } } },
      },
    },
  };
}
