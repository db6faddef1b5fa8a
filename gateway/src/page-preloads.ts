import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { REMOTE_ROUTES, type RemoteName } from '@uapqa/contracts';

/** A build's JSON file, read again only when a deploy rewrites it; null while it is missing. */
function builtJson<T>(file: string, read: (json: unknown) => T): () => T | null {
  let known: { mtimeMs: number; value: T } | null = null;
  return () => {
    let mtimeMs: number;
    try {
      mtimeMs = statSync(file).mtimeMs;
    } catch {
      return null;
    }
    if (known?.mtimeMs === mtimeMs) return known.value;
    let value: T;
    try {
      value = read(JSON.parse(readFileSync(file, 'utf8')));
    } catch {
      // A file being rewritten by a deploy: nothing this time, the page still loads.
      return null;
    }
    known = { mtimeMs, value };
    return value;
  };
}

const SAFE_ASSET = /^[\w./-]+\.js$/;
const safe = (asset: string) => SAFE_ASSET.test(asset) && !asset.includes('..');

/**
 * `page-chunks.json` of a remote's build (each exposed page's chunks, by page), or
 * `route-chunks.json` of the shell's (by path).
 */
function pageChunks(json: unknown): Map<string, string[]> {
  return new Map(
    Object.entries(json as Record<string, unknown>).map(([page, files]) => [
      page,
      (Array.isArray(files) ? files : []).filter(
        (file): file is string => typeof file === 'string' && safe(file),
      ),
    ]),
  );
}

/**
 * What a page of a remote needs before it can ask for its data: the remote's manifest, its
 * entry, the code its exposed module runs (`page-chunks.json` of the remote's build), and the
 * shell's chunks a remote's page takes from the shell (the form controls the shell's own start
 * leaves out; `remote-page-chunks.json` of the shell's build). Read from the builds (again when
 * one changes); a remote deployed elsewhere gets its manifest only.
 */
export function remotePreloader(
  frontendsDir: string,
  configured: Partial<Record<RemoteName, string>>,
): (path: string) => string {
  const shellChunks = builtJson(
    join(frontendsDir, 'shell', 'dist', 'remote-page-chunks.json'),
    (json) => ((json as { files?: string[] }).files ?? []).filter(safe),
  );
  const remoteCode = new Map(
    REMOTE_ROUTES.map((route) => route.remote).map((remote) => [
      remote,
      builtJson(join(frontendsDir, remote, 'dist', 'page-chunks.json'), pageChunks),
    ]),
  );
  const routes = REMOTE_ROUTES.map((route) => ({
    ...route,
    pattern: new RegExp(`^${route.path.replace(/:[^/]+/g, '[^/]+')}/?$`),
  }));

  return (path) => {
    const route = routes.find((candidate) => candidate.pattern.test(path));
    if (!route) return '';
    const elsewhere = configured[route.remote];
    const links = ['<link rel="preload" href="/remotes.json" as="fetch" crossorigin>'];
    if (elsewhere) {
      links.push(`<link rel="preload" href="${encodeURI(elsewhere)}" as="fetch" crossorigin>`);
      return links.join('');
    }
    const exposes = remoteCode.get(route.remote)?.();
    if (!exposes) return '';
    const base = `/remotes/${route.remote}`;
    links.push(`<link rel="preload" href="${base}/mf-manifest.json" as="fetch" crossorigin>`);
    links.push(`<link rel="modulepreload" href="${base}/remoteEntry.js">`);
    for (const asset of exposes.get(route.module) ?? []) {
      links.push(`<link rel="modulepreload" href="${base}/${asset}">`);
    }
    for (const asset of shellChunks() ?? []) {
      links.push(`<link rel="modulepreload" href="/${asset}">`);
    }
    return links.join('');
  };
}

/**
 * What one of the shell's own pages in a chunk of its own (`/auth`, `/contact`, …) loads beyond
 * the shell's start (`route-chunks.json` of the shell's build, by path): named in that page's
 * HTML, it downloads with the start instead of after the shell's first render.
 */
export function shellRoutePreloader(frontendsDir: string): (path: string) => string {
  const routeChunks = builtJson(
    join(frontendsDir, 'shell', 'dist', 'route-chunks.json'),
    pageChunks,
  );
  return (path) => {
    const files = routeChunks()?.get(path.length > 1 ? path.replace(/\/$/, '') : path) ?? [];
    return files.map((file) => `<link rel="modulepreload" href="/${file}">`).join('');
  };
}
