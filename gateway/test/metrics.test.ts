import { createLogger } from '@uapqa/service-kit';
import { metricValue, testBackends } from '@uapqa/service-kit/testing';
import { stackForSuite } from '@uapqa/service-kit/testing/suite-stack';
import { describe, expect, it } from 'vitest';
import { buildGatewayApp } from '../src/app.js';
import { gatewayConfigSchema } from '../src/config.js';
import { isPrivateAddress } from '../src/metrics.js';
import { startStack } from './harness.js';

const [embedded] = testBackends();

/** A gateway alone (no services): enough to see who may read its /metrics. */
function bareGateway(env: Record<string, string> = {}) {
  return buildGatewayApp({
    config: gatewayConfigSchema.parse({ LOG_LEVEL: 'silent', RATE_LIMIT_PER_MINUTE: '0', ...env }),
    logger: createLogger('gateway', 'silent'),
    upstreams: {},
    verifier: { verify: async () => null },
  });
}

/** What the Node adapter passes as `env`: the socket a request came on. */
const from = (remoteAddress: string) => ({ incoming: { socket: { remoteAddress } } });

describe('gateway /metrics (embedded stack)', () => {
  const h = stackForSuite(() => startStack(embedded!));

  async function scrape(): Promise<string> {
    const res = await h.gateway.app.request('/metrics');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    return res.text();
  }

  it('counts proxied requests by the route table pattern, for the gateway and the service', async () => {
    const gateway = { service: 'gateway', method: 'GET', route: '/api/member-count' };
    const identity = { ...gateway, service: 'identity' };
    const before = await scrape();
    for (let i = 0; i < 2; i++) {
      expect((await h.visitor().get('/api/member-count')).status).toBe(200);
    }
    const after = await scrape();
    for (const labels of [gateway, identity]) {
      const ok = { ...labels, status_class: '2xx' };
      expect(metricValue(after, 'http_requests_total', ok)).toBe(
        metricValue(before, 'http_requests_total', ok) + 2,
      );
      expect(metricValue(after, 'http_request_duration_seconds_count', ok)).toBe(
        metricValue(before, 'http_request_duration_seconds_count', ok) + 2,
      );
    }
  });

  it('labels wildcard routes with their pattern, never the raw path', async () => {
    const labels = { service: 'gateway', route: '/api/admin/users/*', status_class: '4xx' };
    const before = await scrape();
    await h.visitor().get('/api/admin/users/123456789/role');
    await h.visitor().get('/api/admin/users/987654321/role');
    const after = await scrape();
    expect(metricValue(after, 'http_requests_total', labels)).toBe(
      metricValue(before, 'http_requests_total', labels) + 2,
    );
    expect(after).not.toContain('123456789');
    expect(after).not.toContain('987654321');
  });

  it('lists every metric family: HTTP, bus, outbox and the process', async () => {
    const text = await scrape();
    for (const name of [
      'http_requests_total',
      'http_request_errors_total',
      'http_request_duration_seconds',
      'bus_events_published_total',
      'bus_events_consumed_total',
      'bus_redeliveries_total',
      'bus_dead_letters_total',
      'outbox_pending_events',
      'outbox_oldest_pending_age_seconds',
      'process_cpu_user_seconds_total',
      'nodejs_eventloop_lag_seconds',
    ]) {
      expect(text).toContain(`# TYPE ${name} `);
    }
    // Identity runs in this process: its outbox is read on every scrape.
    expect(text).toMatch(/^outbox_pending_events\{service="identity"\} \d+$/m);
  });

  it('also answers on a service app (internal port)', async () => {
    const res = await h.identity.app.request('/metrics');
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('# TYPE http_requests_total counter');
  });
});

describe('who may read the gateway /metrics', () => {
  it('without METRICS_TOKEN: loopback and private addresses only', async () => {
    const app = bareGateway();
    for (const address of [
      '127.0.0.1',
      '::1',
      '10.1.2.3',
      '172.20.0.5',
      '192.168.1.9',
      '::ffff:10.0.0.1',
    ]) {
      expect((await app.request('/metrics', {}, from(address))).status, address).toBe(200);
    }
    for (const address of ['203.0.113.9', '8.8.8.8', '2001:db8::1', '172.32.0.1']) {
      const res = await app.request('/metrics', {}, from(address));
      expect(res.status, address).toBe(403);
      expect(await res.text()).not.toContain('http_requests_total');
    }
  });

  it('without METRICS_TOKEN: refuses a request relayed by an untrusted proxy', async () => {
    const app = bareGateway();
    const res = await app.request(
      '/metrics',
      { headers: { 'X-Forwarded-For': '203.0.113.9' } },
      from('10.0.0.2'),
    );
    expect(res.status).toBe(403);
  });

  it('with TRUST_PROXY: judges the forwarded client address', async () => {
    const app = bareGateway({ TRUST_PROXY: 'true' });
    const outside = { headers: { 'X-Forwarded-For': '203.0.113.9' } };
    const inside = { headers: { 'X-Forwarded-For': '10.9.8.7' } };
    expect((await app.request('/metrics', outside, from('10.0.0.2'))).status).toBe(403);
    expect((await app.request('/metrics', inside, from('10.0.0.2'))).status).toBe(200);
  });

  it('with METRICS_TOKEN: the bearer token is required, from anywhere', async () => {
    const token = 'a-long-random-metrics-token';
    const app = bareGateway({ METRICS_TOKEN: token });
    const local = from('127.0.0.1');
    const missing = await app.request('/metrics', {}, local);
    expect(missing.status).toBe(401);
    expect((await missing.json()).message).toContain('Unauthorized');
    const wrong = { headers: { Authorization: 'Bearer not-the-token' } };
    expect((await app.request('/metrics', wrong, local)).status).toBe(401);
    const right = { headers: { Authorization: `Bearer ${token}` } };
    const res = await app.request('/metrics', right, from('203.0.113.9'));
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('# TYPE http_requests_total counter');
  });

  it('classifies addresses', () => {
    expect(isPrivateAddress('local')).toBe(true);
    expect(isPrivateAddress('fd12:3456::1')).toBe(true);
    expect(isPrivateAddress('fe80::1')).toBe(false);
    expect(isPrivateAddress('not an address')).toBe(false);
  });
});
