import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Context, Hono } from 'hono';
import { type PageHead, withHead } from './pages/head.js';

export const DEFAULT_FRONTENDS_DIR = fileURLToPath(new URL('../../frontends', import.meta.url));
export const REMOTES = ['members', 'experts', 'staff'] as const;

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>UAP Answers</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 4rem auto; padding: 0 1rem">
<h1>UAP Answers</h1>
<p>The API is running at <a href="/api/health">/api/health</a>. The web shell has not been built in
this checkout, so there are no pages to show yet.</p>
</body></html>`;

export type RemoteName = (typeof REMOTES)[number];

/** Pages whose head (title, description, link preview) is written on the server, by path. */
export type PageHeads = Record<string, (c: Context) => Promise<PageHead | null>>;

/**
 * `GET /remotes.json`: the manifest URL of each remote the shell may load, from configuration
 * or, by default, the gateway's own build of it. Never cached, so a redeploy is seen at once.
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

/**
 * The frontends' builds: the shell at `/` (any unknown page gets its index.html, the shell's
 * router shows the 404), each remote under `/remotes/<name>/`. Nothing under `/api` is static.
 * A path of `heads` gets the shell's index.html with its own head tags: crawlers and link
 * previews run no script, so a page they should read well says what it is in its HTML.
 */
export function mountFrontends(
  app: Hono,
  frontendsDir = DEFAULT_FRONTENDS_DIR,
  configuredRemotes: Partial<Record<RemoteName, string>> = {},
  heads: PageHeads = {},
): void {
  app.get('/remotes.json', (c) => {
    c.header('Cache-Control', 'no-cache');
    return c.json(remotesManifest(frontendsDir, configuredRemotes));
  });
  for (const remote of REMOTES) {
    const root = join(frontendsDir, remote, 'dist');
    if (!existsSync(root)) continue;
    const prefix = `/remotes/${remote}`;
    app.use(
      `${prefix}/*`,
      serveStatic({ root, rewriteRequestPath: (path) => path.slice(prefix.length) || '/' }),
    );
  }
  const shell = join(frontendsDir, 'shell', 'dist');
  const index = join(shell, 'index.html');
  if (existsSync(index)) {
    const html = readFileSync(index, 'utf8');
    for (const [path, headFor] of Object.entries(heads)) {
      app.get(path, async (c) => {
        const head = await headFor(c);
        return c.html(head ? withHead(html, head) : html);
      });
    }
    app.use('*', async (c, next) =>
      c.req.path.startsWith('/api/') ? next() : serveStatic({ root: shell })(c, next),
    );
    app.get('*', async (c, next) => (c.req.path.startsWith('/api/') ? next() : c.html(html)));
  } else {
    app.get('/', (c) => c.html(NOT_BUILT_PAGE));
  }
}
