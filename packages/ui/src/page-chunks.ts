import { resolve } from 'node:path';
import type { Plugin, Rollup } from 'vite';

type OutputChunk = Rollup.OutputChunk;

/** The build's list of the chunks each exposed page loads before it renders. */
export const PAGE_CHUNKS = 'page-chunks.json';
/** The remote's entry, which the gateway names with every page of the remote. */
export const REMOTE_ENTRY = 'remoteEntry.js';

/**
 * Writes `page-chunks.json`, `{ [page]: string[] }`: for each page a remote exposes, its chunk,
 * every chunk it or the remote's entry imports (the shared-module map included), and the
 * federation wrappers around shared modules (`__loadShare__`) those chunks load, so the gateway
 * can name them all in a page's HTML.
 *
 * Read from the bundle itself: the federation plugin's `mf-manifest.json` leaves out of a page's
 * assets the wrappers it also lists under a shared library, and a page that waits on one of
 * those costs a phone a round trip.
 */
export function pageChunks(exposes: Record<string, string>): Plugin {
  let root = process.cwd();
  return {
    name: 'uapqa:page-chunks',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter(
        (output): output is OutputChunk => output.type === 'chunk',
      );
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const entry = chunks.find((chunk) => chunk.fileName === REMOTE_ENTRY);
      if (!entry) this.error(`the build has no ${REMOTE_ENTRY}`);
      // The entry imports its shared-module map by a name built at run time, which its import
      // lists do not show; it is part of every page's start.
      const start = chunks.filter((chunk) => chunk.fileName.includes('localSharedImportMap'));
      const pages: Record<string, string[]> = {};
      for (const [expose, source] of Object.entries(exposes)) {
        const file = resolve(root, source);
        const page = chunks.find((chunk) => chunk.facadeModuleId === file);
        if (!page) this.error(`no chunk holds the exposed page ${expose} (${source})`);
        pages[expose.replace(/^\.\//, '')] = loadedBefore([entry, ...start, page], byFile).filter(
          (file) => file !== REMOTE_ENTRY,
        );
      }
      this.emitFile({
        type: 'asset',
        fileName: PAGE_CHUNKS,
        source: `${JSON.stringify(pages, null, 2)}\n`,
      });
    },
  };
}

/**
 * Chunks and what the browser fetches before they run: their static imports, and the shared-module
 * wrappers the federation runtime imports on demand. Other dynamic imports are later pages, and
 * a remote's fallback copies of shared libraries are left to the shell, which provides them.
 */
export function loadedBefore(start: OutputChunk[], byFile: Map<string, OutputChunk>): string[] {
  const pending = [...start];
  const seen = new Set<string>();
  while (pending.length > 0) {
    const chunk = pending.pop();
    if (!chunk || seen.has(chunk.fileName)) continue;
    seen.add(chunk.fileName);
    const wrappers = chunk.dynamicImports.filter((file) => file.includes('__loadShare__'));
    for (const file of [...chunk.imports, ...wrappers]) {
      const imported = byFile.get(file);
      if (imported) pending.push(imported);
    }
  }
  return [...seen].sort();
}
