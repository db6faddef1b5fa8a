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
 * later page (such as form controls).
 */
export function startupPreloads(options: {
  bootstrap: string;
  skip: (chunk: OutputChunk) => boolean;
}): Plugin {
  return {
    name: 'uapqa:startup-preloads',
    apply: 'build',
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
  };
}

function linkedIn(html: string): string[] {
  return [...html.matchAll(/(?:src|href)="([^"]+\.js)"/g)].map((match) => match[1] ?? '');
}

function startupChunks(
  bundle: OutputBundle,
  { bootstrap, skip }: { bootstrap: string; skip: (chunk: OutputChunk) => boolean },
): string[] {
  const chunks = Object.values(bundle).filter(
    (output): output is OutputChunk => output.type === 'chunk',
  );
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  // Only the federation runtime's own chunks have their dynamic imports followed: a page's
  // dynamic import is a later page, not the start.
  const federationRuntime = (chunk: OutputChunk) =>
    chunk.isEntry || chunk.fileName.includes('_virtual_mf') || chunk.name.startsWith('mf-entry');
  const pending = chunks.filter(
    (chunk) => chunk.isEntry || chunk.facadeModuleId?.endsWith(bootstrap),
  );
  const seen = new Set<string>();
  while (pending.length > 0) {
    const chunk = pending.pop();
    if (!chunk || seen.has(chunk.fileName) || skip(chunk)) continue;
    seen.add(chunk.fileName);
    const next = federationRuntime(chunk)
      ? [...chunk.imports, ...chunk.dynamicImports]
      : chunk.imports;
    for (const file of next) {
      const imported = byFile.get(file);
      if (imported) pending.push(imported);
    }
  }
  return [...seen].sort();
}
