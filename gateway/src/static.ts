import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serveStatic } from '@hono/node-server/serve-static';
import { PAGE_READS, PAGE_ROUTES, REMOTE_NAMES, type RemoteName } from '@uapqa/contracts';
import type { Context, Hono, MiddlewareHandler } from 'hono';
import { compress } from 'hono/compress';
import { etag } from 'hono/etag';
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/utils/compress';
import { remotePreloader, shellRoutePreloader } from './page-preloads.js';
import { NO_SUCH_PAGE, type PageHeadAnswer, withHead } from './pages/head.js';

export const DEFAULT_FRONTENDS_DIR = fileURLToPath(new URL('../../frontends', import.meta.url));
export const REMOTES = REMOTE_NAMES;
export type { RemoteName };

/** Content-hashed build files: a new build names its files anew, so these never change. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Files whose name stays across builds: kept, but asked about (ETag → 304) before each use. */
export const REVALIDATE = 'no-cache';

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>UAP Answers</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 4rem auto; padding: 0 1rem">
<h1>UAP Answers</h1>
<p>The API is running at <a href="/api/health">/api/health</a>. The web shell has not been built in
this checkout, so there are no pages to show yet.</p>
</body></html>`;

/**
 * Pages whose head (title, description, link preview) is written on the server, by path; a head
 * may also say that there is no such page (`NO_SUCH_PAGE`: a question nobody may read).
 */
export type PageHeads = Record<string, (c: Context) => Promise<PageHeadAnswer>>;

/** Whether a path is one of the site's pages (`PAGE_ROUTES`, a trailing slash allowed). */
function pageMatcher(routes: readonly string[]): (path: string) => boolean {
  const patterns = routes.map(
    (route) => new RegExp(`^${route.replace(/:[^/]+/g, '[^/]+').replace(/\/$/, '')}/?$`),
  );
  return (path) => patterns.some((pattern) => pattern.test(path));
}

/** `/assets/…` of the shell and `/remotes/<name>/assets/…` of a remote: Vite's hashed output. */
const HASHED = /^\/(?:remotes\/[^/]+\/)?assets\//;

/**
 * `GET /remotes.json`: the manifest URL of each remote the shell may load, from configuration
 * or, by default, the gateway's own build of it. Revalidated on every use, so a redeploy is
 * seen at once.
 */
function remotesManifest(
  frontendsDir: string,
  configured: Partial<Record<RemoteName, string>>,
): Record<string, string> {
  const manifest: Record<string, string> = {};
  for (const remote of REMOTES) {
    const url = configured[remote];
    if (url) manifest[remote] = url;
    else if (existsSync(join(frontendsDir, remote, 'dist', 'mf-manifest.json'))) {
      manifest[remote] = `/remotes/${remote}/mf-manifest.json`;
    }
  }
  return manifest;
}

/** Preloads of the API reads a page makes first, as the page first opens (no query string). */
function readPreloads(path: string, query: string): string {
  if (query) return '';
  return (PAGE_READS[path] ?? [])
    .map((read) => encodeURI(read).replaceAll('&', '&amp;'))
    .map((href) => `<link rel="preload" href="${href}" as="fetch" crossorigin="use-credentials">`)
    .join('');
}

/** The page's HTML with the given links at the end of its head. */
function withLinks(html: string, links: string): string {
  if (!links) return html;
  const at = html.search(/<\/head>/i);
  return at < 0 ? html : `${html.slice(0, at)}${links}\n${html.slice(at)}`;
}

/**
 * How long a browser or CDN keeps what the frontends' routes answer: hashed files for a year
 * (`immutable`: not even a reload asks again), everything else revalidated with its ETag, so
 * a deploy is seen on the next load and an unchanged file costs a 304. Pages and files that
 * were not built compressed are gzipped on the fly; the built ones carry their brotli and gzip
 * copies (`precompressed`), picked by Accept-Encoding.
 */
function caching(): MiddlewareHandler {
  // Weak: a page gzipped on the fly is the same page, and its 304 must carry the same tag.
  const tag = etag({ weak: true });
  const gzip = compress();
  return async (c, next) => {
    if (c.req.path.startsWith('/api/')) return next();
    if (HASHED.test(c.req.path)) {
      await next();
      amend(c, (headers) => {
        if (c.res.ok) headers.set('Cache-Control', IMMUTABLE);
        varyOnEncoding(headers);
      });
      return;
    }
    await gzip(c, async () => {
      await tag(c, async () => {
        await next();
        amend(c, (headers) => {
          if (c.res.ok && !headers.has('Cache-Control')) headers.set('Cache-Control', REVALIDATE);
          varyOnEncoding(headers);
        });
      });
    });
  };
}

/** A build folder: files as built, or the brotli or gzip copy the build wrote beside one. */
function buildFiles(root: string, prefix = ''): MiddlewareHandler {
  return serveStatic({
    root,
    precompressed: true,
    rewriteRequestPath: prefix ? (path) => path.slice(prefix.length) || '/' : undefined,
  });
}

/**
 * Text may be sent compressed or not depending on Accept-Encoding, so a shared cache must key
 * it on that header, also when this answer happens to be the uncompressed one.
 */
function varyOnEncoding(headers: Headers): void {
  const type = headers.get('Content-Type');
  if (!type || !COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type)) return;
  const vary = headers.get('Vary');
  if (vary && /(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(vary)) return;
  headers.set('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
}

/**
 * Changes the headers of the answer made. A new answer, not its headers in place: the Response
 * of @hono/node-server forgets such changes once its body is read (as the ETag does).
 */
function amend(c: Context, change: (headers: Headers) => void): void {
  const headers = new Headers(c.res.headers);
  change(headers);
  const { body, status, statusText } = c.res;
  c.res = undefined;
  c.res = new Response(body, { status, statusText, headers });
}

/**
 * The frontends' builds: the shell at `/` (an unknown page gets its index.html with status 404,
 * and the shell's router shows the 404 page), each remote under `/remotes/<name>/`. Nothing under `/api` is static.
 * A path of `heads` gets the shell's index.html with its own head tags: crawlers and link
 * previews run no script, so a page they should read well says what it is in its HTML. A
 * page of a remote also names the remote's code to fetch at once (preload links), so it does
 * not wait for the shell to start, read `/remotes.json`, the manifest and the entry in turn.
 */
export function mountFrontends(
  app: Hono,
  frontendsDir = DEFAULT_FRONTENDS_DIR,
  configuredRemotes: Partial<Record<RemoteName, string>> = {},
  heads: PageHeads = {},
): { unreachableRemotes: RemoteName[] } {
  // A remote neither built here nor deployed elsewhere leaves its pages unable to load.
  const unreachableRemotes = REMOTES.filter(
    (remote) =>
      !configuredRemotes[remote] &&
      !existsSync(join(frontendsDir, remote, 'dist', 'mf-manifest.json')),
  );
  app.use('*', caching());
  app.get('/remotes.json', (c) => c.json(remotesManifest(frontendsDir, configuredRemotes)));
  for (const remote of REMOTES) {
    const root = join(frontendsDir, remote, 'dist');
    if (!existsSync(root)) continue;
    app.use(`/remotes/${remote}/*`, buildFiles(root, `/remotes/${remote}`));
  }
  const shell = join(frontendsDir, 'shell', 'dist');
  const index = join(shell, 'index.html');
  if (!existsSync(index)) {
    app.get('/', (c) => c.html(NOT_BUILT_PAGE));
    return { unreachableRemotes: [] };
  }
  const html = readFileSync(index, 'utf8');
  const remoteCode = remotePreloader(frontendsDir, configuredRemotes);
  const shellCode = shellRoutePreloader(frontendsDir);
  // `/index.html` is the file the shell is built as: the same page as `/`.
  const known = pageMatcher([...PAGE_ROUTES, '/index.html']);
  const page = (c: Context, head: PageHeadAnswer = null) => {
    // Any other path is no page: the shell's router draws its 404 page, and the status says so
    // too, so crawlers and link checkers do not keep a "page" for every mistyped address.
    if (head === NO_SUCH_PAGE || !known(c.req.path)) return c.html(html, 404);
    const query = new URL(c.req.url).search;
    const links = remoteCode(c.req.path) + shellCode(c.req.path) + readPreloads(c.req.path, query);
    return c.html(withLinks(head ? withHead(html, head) : html, links));
  };
  for (const [path, headFor] of Object.entries(heads)) {
    app.get(path, async (c) => page(c, await headFor(c)));
  }
  // The page itself is always the one read at start (with its links), never the file again.
  app.get('/', (c) => page(c));
  app.get('/index.html', (c) => page(c));
  const files = buildFiles(shell);
  app.use('*', async (c, next) => (c.req.path.startsWith('/api/') ? next() : files(c, next)));
  // A missing build file is a 404, never the page in its place (kept a year as `immutable`).
  const missing = (c: Context) => c.text('No such file in this build.', 404);
  app.get('/assets/*', missing);
  app.get('/remotes/*', missing);
  app.get('*', async (c, next) => (c.req.path.startsWith('/api/') ? next() : page(c)));
  return { unreachableRemotes };
}
