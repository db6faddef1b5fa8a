import { resolve } from 'node:path';
import { loadedBefore } from '@uapqa/ui/page-chunks';
import type { Plugin, Rollup } from 'vite';

type OutputBundle = Rollup.OutputBundle;
type OutputChunk = Rollup.OutputChunk;

/**
 * Names every script the shell runs before its first render in `index.html`, as
 * `<link rel="modulepreload">`. Module Federation reaches the shared libraries (React, the design
 * system, the router) through a runtime that imports them one after the other; on a phone on a
 * slow network each of those steps is a round trip. Preloaded, they all download at once while
 * the page is parsed.
 *
 * The start is the entry, the page's bootstrap module and what they import, plus what the
 * federation runtime loads for them. `skip` leaves out chunks that runtime only loads for a
 * later page (such as form controls), `later` those a shared library fetches when it needs them:
 * a library's wrapper chunk holds the library, so its dynamic imports are followed too.
 *
 * Those left-out chunks are what a remote's page takes from the shell before it renders, so the
 * build lists them in `REMOTE_PAGE_CHUNKS`: the gateway preloads them with a remote's page.
 *
 * The shell's own pages in chunks of their own (`routes`: path → source module) are fetched
 * only once the shell has rendered; the build lists what each one loads beyond the start in
 * `ROUTE_CHUNKS`, so that the gateway names it in that page's HTML.
 */
export function startupPreloads(options: {
  bootstrap: string;
  skip: (chunk: OutputChunk) => boolean;
  /** Chunks a shared library imports when it needs them, not at its start (the toasts' view). */
  later: (chunk: OutputChunk) => boolean;
  routes: Record<string, string>;
}): Plugin {
  let root = process.cwd();
  return {
    name: 'uapqa:startup-preloads',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        if (!context.bundle) return [];
        const known = new Set(linkedIn(_html));
        return startupChunks(context.bundle, options)
          .filter((file) => !known.has(`/${file}`))
          .map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
            injectTo: 'head' as const,
          }));
      },
    },
    generateBundle(_options, bundle) {
      const start = new Set(startupChunks(bundle, options));
      const files = sharedWithRemotes(bundle, options.skip).filter((file) => !start.has(file));
      this.emitFile({
        type: 'asset',
        fileName: REMOTE_PAGE_CHUNKS,
        source: `${JSON.stringify({ files }, null, 2)}\n`,
      });
      const chunks = chunksOf(bundle);
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const routes: Record<string, string[]> = {};
      for (const [path, source] of Object.entries(options.routes)) {
        const file = resolve(root, source);
        const page = chunks.find((chunk) => chunk.facadeModuleId === file);
        if (!page) this.error(`no chunk holds the page of ${path} (${source})`);
        routes[path] = loadedBefore([page], byFile).filter((chunk) => !start.has(chunk));
      }
      this.emitFile({
        type: 'asset',
        fileName: ROUTE_CHUNKS,
        source: `${JSON.stringify(routes, null, 2)}\n`,
      });
    },
  };
}

/** The build's list of what each of the shell's own pages loads beyond the start (`{ [path]: string[] }`). */
export const ROUTE_CHUNKS = 'route-chunks.json';

/** The build's list of the shell's chunks a remote's page loads (`{ files: string[] }`). */
export const REMOTE_PAGE_CHUNKS = 'remote-page-chunks.json';

function linkedIn(html: string): string[] {
  return [...html.matchAll(/(?:src|href)="([^"]+\.js)"/g)].map((match) => match[1] ?? '');
}

function chunksOf(bundle: OutputBundle): OutputChunk[] {
  return Object.values(bundle).filter((output): output is OutputChunk => output.type === 'chunk');
}

/** The skipped chunks and everything they import. */
function sharedWithRemotes(bundle: OutputBundle, skip: (chunk: OutputChunk) => boolean): string[] {
  const chunks = chunksOf(bundle);
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const pending = chunks.filter(skip);
  const seen = new Set<string>();
  while (pending.length > 0) {
    const chunk = pending.pop();
    if (!chunk || seen.has(chunk.fileName)) continue;
    seen.add(chunk.fileName);
    for (const file of chunk.imports) {
      const imported = byFile.get(file);
      if (imported) pending.push(imported);
    }
  }
  return [...seen].sort();
}

function startupChunks(
  bundle: OutputBundle,
  {
    bootstrap,
    skip,
    later,
  }: {
    bootstrap: string;
    skip: (chunk: OutputChunk) => boolean;
    later: (chunk: OutputChunk) => boolean;
  },
): string[] {
  const chunks = chunksOf(bundle);
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  // A page's dynamic import is a later page, not the start: static imports only.
  const pending = chunks.filter(
    (chunk) => chunk.isEntry || chunk.facadeModuleId?.endsWith(bootstrap),
  );
  const seen = new Set<string>();
  while (pending.length > 0) {
    const chunk = pending.pop();
    if (!chunk || seen.has(chunk.fileName) || skip(chunk) || later(chunk)) continue;
    // Vite leaves out of the HTML an entry that only imports others, and names those instead.
    if (!onlyImports(chunk)) seen.add(chunk.fileName);
    for (const file of chunk.imports) {
      const imported = byFile.get(file);
      if (imported) pending.push(imported);
    }
  }
  return [...seen].sort();
}

function onlyImports(chunk: OutputChunk): boolean {
  return /^(?:\s*import\s*["'][^"']+["'];?)*\s*$/.test(chunk.code);
}
