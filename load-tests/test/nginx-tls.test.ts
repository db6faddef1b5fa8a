import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { connect } from 'node:http2';
import type { AddressInfo } from 'node:net';
import { freePort } from '@uapqa/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localhostCertificate, NGINX, type RunningNginx, startNginx } from '../src/nginx.js';

/** One HTTP/2 GET, trusting exactly `ca`: the status, the body and the protocol it was answered in. */
function http2Get(url: string, ca: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const session = connect(new URL(url).origin, { ca });
    session.on('error', reject);
    const request = session.request({ ':path': new URL(url).pathname });
    let status = 0;
    let body = '';
    request.setEncoding('utf8');
    request.on('response', (headers) => {
      status = Number(headers[':status']);
    });
    request.on('data', (chunk: string) => {
      body += chunk;
    });
    request.on('end', () => {
      session.close();
      resolve({ status, body });
    });
    request.on('error', reject);
  });
}

// The Lighthouse bench audits the pages through this front, as a deployment's Ingress serves them.
describe.runIf(existsSync(NGINX))('nginx as a TLS and HTTP/2 front', () => {
  let upstream: Server;
  let nginx: RunningNginx;
  let cert: string;

  beforeAll(async () => {
    upstream = createServer((request, response) => {
      response.end(`upstream saw ${request.method} ${request.url} for ${request.headers.host}`);
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    const { port } = upstream.address() as AddressInfo;
    const tls = await localhostCertificate();
    cert = tls.cert;
    nginx = await startNginx(`http://127.0.0.1:${port}`, await freePort(), { tls });
  });

  afterAll(async () => {
    await nginx?.stop();
    upstream?.close();
  });

  it('answers over HTTP/2 with the given certificate, from the upstream', async () => {
    expect(nginx.url).toMatch(/^https:\/\/localhost:\d+$/);
    const answer = await http2Get(`${nginx.url}/experts`, cert);
    expect(answer.status).toBe(200);
    expect(answer.body).toBe(`upstream saw GET /experts for ${new URL(nginx.url).host}`);
  });

  it('is not trusted without that certificate', async () => {
    await expect(http2Get(`${nginx.url}/experts`, '')).rejects.toThrow(/certificate/i);
  });
});
