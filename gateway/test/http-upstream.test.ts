import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpUpstream, replyResponse } from '../src/upstreams.js';

interface Seen {
  method?: string;
  url?: string;
  headers?: IncomingHttpHeaders;
  body?: string;
}

describe('a service reached over HTTP', () => {
  let server: Server;
  let baseUrl: string;
  const seen: Seen = {};

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => {
        body += chunk;
      });
      req.on('end', () => {
        Object.assign(seen, { method: req.method, url: req.url, headers: req.headers, body });
        if (req.url === '/slow') return; // never answers
        res.setHeader('set-cookie', ['a=1; HttpOnly', 'b=2; HttpOnly']);
        res.setHeader('content-type', 'application/json');
        res.setHeader('x-request-id', 'upstream-id');
        res.writeHead(req.url?.startsWith('/created') ? 201 : 200);
        res.end(JSON.stringify({ ok: true }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('sends method, path, query, headers and body, and hands back status, headers and body', async () => {
    const upstream = httpUpstream('questions', baseUrl);
    const reply = await upstream.call({
      method: 'POST',
      path: '/created?x=1',
      headers: { 'content-type': 'application/json', connection: 'close', host: 'evil.example' },
      body: new TextEncoder().encode('{"title":"Lights over Phoenix"}'),
    });
    // As the gateway hands it back to its caller.
    const response = replyResponse(reply, 'POST');
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ ok: true });
    expect(response.headers.getSetCookie()).toEqual(['a=1; HttpOnly', 'b=2; HttpOnly']);
    expect(response.headers.get('x-request-id')).toBe('upstream-id');
    expect(response.headers.has('connection')).toBe(false);
    expect(seen).toMatchObject({ method: 'POST', url: '/created?x=1' });
    expect(seen.body).toBe('{"title":"Lights over Phoenix"}');
    expect(seen.headers?.host).toBe(new URL(baseUrl).host);
    expect(seen.headers?.['content-length']).toBe('31');
  });

  it('reuses its connection for calls in a row', async () => {
    const upstream = httpUpstream('questions', baseUrl);
    const sockets = new Set<unknown>();
    server.on('request', (req) => sockets.add(req.socket));
    for (let n = 0; n < 5; n++)
      expect((await upstream.call({ method: 'GET', path: '/', headers: {} })).status).toBe(200);
    expect(sockets.size).toBe(1);
  });

  it('gives up on a service that does not answer in time', async () => {
    const upstream = httpUpstream('questions', baseUrl, 200);
    await expect(upstream.call({ method: 'GET', path: '/slow', headers: {} })).rejects.toThrow(
      'questions did not answer within 200 ms',
    );
  });
});
