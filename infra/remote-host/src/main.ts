import { serve } from '@hono/node-server';
import { remoteHostApp } from './app.js';

// PORT, STATIC_DIR (the remote's `dist`), BASE_PATH (the path it is served under; unset: the
// root) and ALLOW_ORIGIN (the shell's origins, comma-separated; unset: any). Nothing else: the
// host knows no service, database or secret.
const port = Number(process.env.PORT ?? 8080);
const root = process.env.STATIC_DIR ?? '/app/site';
const origins = process.env.ALLOW_ORIGIN?.split(',')
  .map((origin) => origin.trim())
  .filter(Boolean);
const app = remoteHostApp(root, {
  allowOrigin: origins?.length ? origins : '*',
  basePath: process.env.BASE_PATH,
});
const server = serve({ fetch: app.fetch, port });
console.log(JSON.stringify({ level: 'info', msg: 'remote host listening', port, root }));

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => server.close(() => process.exit(0)));
}
