import { type ChildProcess, spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { waitForChild } from './child-ready.js';

export interface RunningProxy {
  url: string;
  stop(): Promise<void>;
}

/** Starts `node-proxy-server` in its own process, as the gateway runs in its own. */
export async function startNodeProxy(upstream: string, port: number): Promise<RunningProxy> {
  const script = join(dirname(fileURLToPath(import.meta.url)), 'node-proxy-server.js');
  const child: ChildProcess = spawn(process.execPath, [script, upstream, String(port)], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  await waitForChild('the node proxy', child, url, () => stderr);
  return {
    url,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    },
  };
}
