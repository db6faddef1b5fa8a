import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { cors } from 'hono/cors';
import { etag } from 'hono/etag';

/** Vite names the files under `assets/` by their content: a new build never reuses a name. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** `mf-manifest.json` and `remoteEntry.js` keep their names: asked about again before each use. */
const REVALIDATE = 'no-cache';

export interface RemoteHostOptions {
  /** The shell's origins that may load this remote; unset, any (the files are public code). */
  allowOrigin?: string | string[];
  /**
   * The path the files are served under, e.g. `/remotes/members` behind an Ingress that sends
   * that prefix here, so the shell loads the remote from its own origin. Unset: the root.
   */
  basePath?: string;
}

/**
 * One remote's build folder over HTTP. The shell may load it from another origin (`/remotes.json`
 * names where), so every file is sent with CORS: module scripts and the manifest fetch need it.
 */
export function remoteHostApp(root: string, options: RemoteHostOptions = {}): Hono {
  const base = (options.basePath ?? '').replace(/\/+$/, '');
  const app = new Hono();
  const manifest = join(root, 'mf-manifest.json');
  app.get('/health', (c) =>
    existsSync(manifest) ? c.text('ok') : c.text(`No remote build in ${root}`, 503),
  );
  const files = new Hono();
  files.use('*', cors({ origin: options.allowOrigin ?? '*', allowMethods: ['GET', 'HEAD'] }));
  files.use('*', etag({ weak: true }));
  files.use('*', async (c, next) => {
    await next();
    if (c.res.ok) {
      const hashed = c.req.path.slice(base.length).startsWith('/assets/');
      c.header('Cache-Control', hashed ? IMMUTABLE : REVALIDATE);
      c.header('X-Content-Type-Options', 'nosniff');
    }
  });
  files.use(
    '*',
    serveStatic({
      root,
      precompressed: true,
      rewriteRequestPath: (path) => path.slice(base.length),
    }),
  );
  app.route(base || '/', files);
  app.notFound((c) => c.text('No such file in this build.', 404));
  return app;
}
