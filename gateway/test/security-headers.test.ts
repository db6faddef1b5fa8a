import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { listen, type RunningServer } from '@uapqa/service-kit';
import { testBackends } from '@uapqa/service-kit/testing';
import { stackForSuite } from '@uapqa/service-kit/testing/suite-stack';
import { afterAll, describe, expect, it } from 'vitest';
import { remoteOrigins } from '../src/security-headers.js';
import { ORIGIN, startStack } from './harness.js';

const dir = mkdtempSync(join(tmpdir(), 'frontends-headers-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function built(name: string, files: Record<string, string>) {
  for (const [file, text] of Object.entries(files)) {
    const path = join(dir, name, 'dist', file);
    mkdirSync(join(path, '..'), { recursive: true });
    writeFileSync(path, text);
  }
}
built('shell', {
  'index.html': '<!doctype html><script type="module" src="/assets/app.js"></script>',
  'assets/app.js': 'export {}',
});
built('members', { 'mf-manifest.json': '{"id":"members"}', 'remoteEntry.js': 'export {}' });

/** The directives of a Content-Security-Policy header, by name. */
export function directives(header: string | null): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of (header ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name.toLowerCase(), values);
  }
  return map;
}

/** The headers that only act on a document a browser renders. */
const DOCUMENT_ONLY = [
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

/**
 * A page (or a file it loads) gets the site's policy and the document headers; an API answer,
 * data for the site's scripts, gets the strictest policy and none of the document-only headers.
 */
function expectSecureHeaders(response: Response, what: string) {
  expect(response.headers.get('x-request-id'), what).toBeTruthy();
  const headers = response.headers;
  const csp = directives(headers.get('content-security-policy'));
  expect(csp.get('frame-ancestors'), `${what}: frame-ancestors`).toEqual(["'none'"]);
  expect(headers.get('x-content-type-options'), what).toBe('nosniff');
  expect(headers.get('x-frame-options'), what).toBe('DENY');
  expect(headers.get('referrer-policy'), what).toBe('strict-origin-when-cross-origin');
  expect(headers.get('strict-transport-security'), what).toMatch(/^max-age=\d+/);
  return { csp, headers };
}

function expectPageHeaders(response: Response, what: string) {
  const { csp, headers } = expectSecureHeaders(response, what);
  expect(csp.get('default-src'), what).toEqual(["'self'"]);
  expect(csp.get('object-src'), what).toEqual(["'none'"]);
  for (const name of DOCUMENT_ONLY) expect(headers.has(name), `${what}: ${name}`).toBe(true);
}

function expectApiHeaders(response: Response, what: string) {
  const { csp, headers } = expectSecureHeaders(response, what);
  expect([...csp.keys()], what).toEqual(['default-src', 'frame-ancestors']);
  expect(csp.get('default-src'), what).toEqual(["'none'"]);
  for (const name of DOCUMENT_ONLY) expect(headers.has(name), `${what}: ${name}`).toBe(false);
}

const EXPECT = { page: expectPageHeaders, api: expectApiHeaders };
/** What is asked, how, the status it must get, and which headers must come with it. */
type Case = [
  what: string,
  path: string,
  init: RequestInit,
  status: number,
  kind: keyof typeof EXPECT,
];

/**
 * One answer of each kind the gateway gives, for a gateway reached at `origin` (a write's
 * Origin must be the gateway's own to get past the cross-site check).
 */
const answersOfEveryKind = (origin: string): Case[] => [
  ['the shell page', '/', {}, 200, 'page'],
  ['a client-side route', '/browse-qa', {}, 200, 'page'],
  ['a static file', '/assets/app.js', {}, 200, 'page'],
  ['a remote file', '/remotes/members/remoteEntry.js', {}, 200, 'page'],
  ['the remotes manifest', '/remotes.json', {}, 200, 'page'],
  ["the API's documentation page", '/api/docs.html', {}, 200, 'page'],
  ['a composed API answer', '/api/health', {}, 200, 'api'],
  ['a forwarded API answer', '/api/member-count', {}, 200, 'api'],
  ['an unknown API route', '/api/no-such-thing', {}, 404, 'api'],
  ['a 401', '/api/user', {}, 401, 'api'],
  [
    'a cross-site 403',
    '/api/login',
    { method: 'POST', headers: { origin: 'https://evil.example' } },
    403,
    'api',
  ],
  [
    'a 400 on bad JSON',
    '/api/login',
    {
      method: 'POST',
      headers: { origin, 'content-type': 'application/json' },
      body: '{"username":',
    },
    400,
    'api',
  ],
  [
    'a 413',
    '/api/contact',
    {
      method: 'POST',
      headers: { origin, 'content-type': 'application/json' },
      body: JSON.stringify({ message: 'x'.repeat(5000) }),
    },
    413,
    'api',
  ],
  ['a 503 (service not deployed)', '/api/categories', {}, 503, 'api'],
];

describe.each(testBackends())('secure headers ($name)', (backend) => {
  const h = stackForSuite(() =>
    startStack(backend, { env: { FRONTENDS_DIR: dir, BODY_LIMIT_BYTES: '1000' } }),
  );

  const request = (path: string, init?: RequestInit) =>
    h.gateway.app.request(`${ORIGIN}${path}`, init);

  // Not /health and /ready: service-kit's createServiceApp registers those probes before any
  // middleware the gateway adds, so they answer without these headers (JSON, for orchestrators).
  it('are on pages, static files, API answers and errors alike', async () => {
    const cases = answersOfEveryKind(ORIGIN);
    for (const [what, path, init, status, kind] of cases) {
      const response = await request(path, init);
      expect(response.status, what).toBe(status);
      EXPECT[kind](response, what);
    }
  });

  it('are on every answer when node serves the gateway too', async () => {
    const server: RunningServer = await listen(h.gateway.app, 0, '127.0.0.1');
    try {
      const base = `http://127.0.0.1:${server.port}`;
      const cases = answersOfEveryKind(base);
      for (const [what, path, init, status, kind] of cases) {
        const response = await fetch(`${base}${path}`, init);
        expect(response.status, what).toBe(status);
        EXPECT[kind](response, what);
        await response.arrayBuffer();
      }
      const traced = await fetch(`${base}/api/member-count`, {
        headers: { 'x-request-id': 'trace-over-node' },
      });
      expect(traced.headers.get('x-request-id')).toBe('trace-over-node');
      // One of each: node merged the gateway's headers with the answer's, not added them twice.
      expect(traced.headers.get('x-frame-options')).toBe('DENY');
      expect(traced.headers.get('content-type')).toBe('application/json');
    } finally {
      await server.close();
    }
  });

  it('let the Module Federation shell work, and name no Stripe host without Stripe payments', async () => {
    const header = (await request('/')).headers.get('content-security-policy');
    const csp = directives(header);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('style-src')).toEqual(expect.arrayContaining(["'self'", "'unsafe-inline'"]));
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    expect(csp.get('frame-src')).toEqual(["'none'"]);
    // The site's own images and the inline favicon; no other host may serve one.
    expect(csp.get('img-src')).toEqual(["'self'", 'data:']);
    expect(header).not.toMatch(/stripe/);
  });
});

describe('secure headers with Stripe payments (embedded)', () => {
  const h = stackForSuite(() =>
    startStack(testBackends()[0]!, {
      env: { FRONTENDS_DIR: dir, PAYMENT_PROVIDER: 'stripe' },
    }),
  );

  it('let Stripe Elements load its script, frames, API and images', async () => {
    const page = await h.gateway.app.request(`${ORIGIN}/`);
    const csp = directives(page.headers.get('content-security-policy'));
    expect(csp.get('script-src')).toEqual(
      expect.arrayContaining(["'self'", 'https://js.stripe.com']),
    );
    expect(csp.get('script-src')).not.toContain("'unsafe-inline'");
    expect(csp.get('script-src')).not.toContain("'unsafe-eval'");
    expect(csp.get('connect-src')).toEqual(["'self'", 'https://api.stripe.com']);
    expect(csp.get('frame-src')).toContain('https://js.stripe.com');
    expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'https://*.stripe.com']);
  });
});

describe('remote origins in the CSP', () => {
  it('allows the origin of each remote deployed elsewhere, and nothing for relative URLs', () => {
    expect(
      remoteOrigins({
        REMOTE_MEMBERS_URL: 'https://cdn.example.com/members/mf-manifest.json',
        REMOTE_EXPERTS_URL: '/remotes/experts/mf-manifest.json',
        REMOTE_STAFF_URL: 'https://cdn.example.com/staff/mf-manifest.json',
      }),
    ).toEqual(['https://cdn.example.com']);
    expect(remoteOrigins({})).toEqual([]);
  });
});
