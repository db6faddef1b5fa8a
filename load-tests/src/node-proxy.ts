import { dirname, join } from 'node:path';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { startProcess, waitUntilReady } from '@uapqa/local-stack';

export interface RunningProxy {
  url: string;
  pid: number | undefined;
  stop(): Promise<void>;
}

/**
 * Starts `node-proxy-server` in its own process, as the gateway runs in its own, forwarding with
 * the gateway's client (see node-proxy-server.ts).
 */
export async function startNodeProxy(upstream: string, port: number): Promise<RunningProxy> {
  const script = join(dirname(fileURLToPath(import.meta.url)), 'node-proxy-server.js');
  const proc = startProcess(
    'node proxy',
    script,
    { UPSTREAM_URL: upstream, PORT: String(port) },
    new PassThrough(),
  );
  const url = `http://127.0.0.1:${port}`;
  try {
    // The upstream's own /ready, passed through.
    await waitUntilReady(`${url}/ready`, proc);
  } catch (error) {
    await proc.stop();
    throw error;
  }
  return { url, pid: proc.child.pid, stop: () => proc.stop() };
}
