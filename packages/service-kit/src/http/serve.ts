import { serve as serveNode } from '@hono/node-server';
import type { Hono } from 'hono';

export interface RunningServer {
  port: number;
  close(): Promise<void>;
}

/**
 * Binds an app (or anything with its `fetch`) to a port (0 picks a free one) and resolves once
 * it listens.
 */
export function listen(
  app: Pick<Hono, 'fetch'>,
  port: number,
  hostname = '0.0.0.0',
): Promise<RunningServer> {
  return new Promise((resolve) => {
    const server = serveNode({ fetch: app.fetch, port, hostname }, (info) => {
      resolve({
        port: info.port,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            (server as { closeAllConnections?: () => void }).closeAllConnections?.();
          }),
      });
    });
  });
}

/** Stops cleanly on SIGINT/SIGTERM: the work in `stop` runs once, then the process exits. */
export function onShutdown(stop: () => Promise<void>): void {
  let stopping = false;
  const handler = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    try {
      await stop();
    } finally {
      process.exitCode = signal === 'SIGINT' ? 130 : 0;
      process.exit();
    }
  };
  process.once('SIGINT', handler);
  process.once('SIGTERM', handler);
}
