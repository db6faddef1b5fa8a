import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { delay } from './engine.js';
import { childrenOf } from './process-cpu.js';

export const NGINX = process.env.NGINX_BIN ?? '/usr/sbin/nginx';

export interface RunningNginx {
  url: string;
  /** Its worker processes (the master only starts and watches them). */
  workers(): number[];
  stop(): Promise<void>;
}

/**
 * An nginx of its own (Debian's package) in a temporary prefix, as a plain reverse proxy with
 * upstream keep-alive to `upstream`: the yardstick for the gateway's own cost. One worker, as the
 * gateway is one process.
 */
export async function startNginx(upstream: string, port: number): Promise<RunningNginx> {
  if (!existsSync(NGINX)) {
    throw new Error(`${NGINX} is missing: apt-get install -y nginx (or set NGINX_BIN)`);
  }
  const prefix = mkdtempSync(join(tmpdir(), 'uapqa-nginx-'));
  for (const folder of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) {
    mkdirSync(join(prefix, folder));
  }
  const target = new URL(upstream);
  const config = `
${process.getuid?.() === 0 ? 'user root;' : ''}
worker_processes 1;
daemon off;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${prefix}/body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
  upstream questions {
    server ${target.hostname}:${target.port};
    keepalive 64;
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://questions;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $remote_addr;
    }
  }
}
`;
  writeFileSync(join(prefix, 'nginx.conf'), config);
  const child: ChildProcess = spawn(
    NGINX,
    ['-p', prefix, '-c', join(prefix, 'nginx.conf'), '-e', join(prefix, 'error.log')],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; ; attempt++) {
    if (child.exitCode !== null) {
      const log = existsSync(join(prefix, 'error.log'))
        ? readFileSync(join(prefix, 'error.log'), 'utf8')
        : '';
      rmSync(prefix, { recursive: true, force: true });
      throw new Error(`nginx exited: ${stderr}${log}`);
    }
    const up = await fetch(`${url}/ready`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) break;
    if (attempt > 100) throw new Error('nginx did not start');
    await delay(100);
  }
  return {
    url,
    workers: () => (child.pid ? childrenOf(child.pid) : []),
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGQUIT');
        const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
        await exited;
        clearTimeout(timer);
      }
      rmSync(prefix, { recursive: true, force: true });
    },
  };
}
