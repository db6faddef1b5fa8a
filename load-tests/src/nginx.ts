import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { get as httpsGet } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generate } from 'selfsigned';
import { childrenOf } from './process-cpu.js';
import { delay } from './time.js';

export const NGINX = process.env.NGINX_BIN ?? '/usr/sbin/nginx';

export interface RunningNginx {
  url: string;
  /** Its worker processes (the master only starts and watches them). */
  workers(): number[];
  stop(): Promise<void>;
}

/** A certificate and its private key, PEM-encoded, for `localhost`. */
export interface LocalCertificate {
  cert: string;
  key: string;
}

/** A certificate for `localhost` made on the spot and valid for a day, for a front on this machine. */
export async function localhostCertificate(): Promise<LocalCertificate> {
  const { cert, private: key } = await generate([{ name: 'commonName', value: 'localhost' }], {
    keyType: 'ec',
    curve: 'P-256',
    notAfterDate: new Date(Date.now() + 24 * 60 * 60 * 1000),
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 2, value: 'localhost' }] }],
  });
  return { cert, key };
}

/** Whether `url` answers `/ready` with a 2xx; over TLS, trusting exactly the given certificate. */
function answersReady(url: string, tls: LocalCertificate | undefined): Promise<boolean> {
  if (!tls) {
    return fetch(`${url}/ready`).then(
      (response) => response.ok,
      () => false,
    );
  }
  return new Promise((resolve) => {
    const request = httpsGet(`${url}/ready`, { ca: tls.cert }, (response) => {
      response.resume();
      resolve((response.statusCode ?? 500) < 300);
    });
    request.on('error', () => resolve(false));
  });
}

/**
 * An nginx of its own (Debian's package) in a temporary prefix, as a plain reverse proxy with
 * upstream keep-alive to `upstream`: the yardstick for the gateway's own cost. One worker, as the
 * gateway is one process. With `tls`, it listens with TLS and HTTP/2 at `https://localhost:port`,
 * as the Ingress a deployment puts in front of the gateway does.
 */
export async function startNginx(
  upstream: string,
  port: number,
  { tls }: { tls?: LocalCertificate } = {},
): Promise<RunningNginx> {
  if (!existsSync(NGINX)) {
    throw new Error(`${NGINX} is missing: apt-get install -y nginx (or set NGINX_BIN)`);
  }
  const prefix = mkdtempSync(join(tmpdir(), 'uapqa-nginx-'));
  for (const folder of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) {
    mkdirSync(join(prefix, folder));
  }
  const target = new URL(upstream);
  if (tls) {
    writeFileSync(join(prefix, 'cert.pem'), tls.cert);
    writeFileSync(join(prefix, 'key.pem'), tls.key, { mode: 0o600 });
  }
  // `listen … ssl http2`, not the `http2` directive, which Debian 12's nginx (1.22) lacks.
  const listen = tls
    ? `listen 127.0.0.1:${port} ssl http2;
    ssl_certificate ${prefix}/cert.pem;
    ssl_certificate_key ${prefix}/key.pem;`
    : `listen 127.0.0.1:${port};`;
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
  upstream target {
    server ${target.hostname}:${target.port};
    keepalive 64;
  }
  server {
    ${listen}
    location / {
      proxy_pass http://target;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
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
  // A certificate names a host, not an address.
  const url = tls ? `https://localhost:${port}` : `http://127.0.0.1:${port}`;
  for (let attempt = 0; ; attempt++) {
    if (child.exitCode !== null) {
      const log = existsSync(join(prefix, 'error.log'))
        ? readFileSync(join(prefix, 'error.log'), 'utf8')
        : '';
      rmSync(prefix, { recursive: true, force: true });
      throw new Error(`nginx exited: ${stderr}${log}`);
    }
    if (await answersReady(url, tls)) break;
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
