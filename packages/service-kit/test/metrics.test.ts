import { createEvent, defineEvent } from '@uapqa/contracts';
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { EventBus } from '../src/bus/types.js';
import { baseServiceConfig } from '../src/config.js';
import { createServiceApp } from '../src/http/app.js';
import { enqueue } from '../src/outbox.js';
import { startServiceRuntime } from '../src/runtime.js';
import {
  eventually,
  metricValue,
  type TestBus,
  testBackends,
  uniqueName,
} from '../src/testing/index.js';
import { migrationsFolder, schema } from './fixtures/db.js';

const Metered = defineEvent('test', 'Metered', 1, z.object({ n: z.number() }));
const metered = (n: number) => createEvent(Metered, { n });
const silent = pino({ level: 'silent' });

function meteredApp(name: string) {
  const app = createServiceApp({ name, logger: silent });
  app.get('/items/:id', (c) => c.json({ id: c.req.param('id') }));
  app.get('/boom', () => {
    throw new Error('broken');
  });
  return app;
}

async function scrape(app: { request(path: string): Response | Promise<Response> }) {
  const res = await app.request('/metrics');
  expect(res.status).toBe(200);
  return res.text();
}

describe('GET /metrics on a service app', () => {
  it('serves the Prometheus text format with the default process metrics', async () => {
    const res = await meteredApp('defaults').request('/metrics');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    const text = await res.text();
    for (const name of [
      'process_cpu_user_seconds_total',
      'nodejs_heap_size_used_bytes',
      'nodejs_eventloop_lag_seconds',
      'http_requests_total',
      'http_request_duration_seconds',
      'bus_events_published_total',
      'outbox_pending_events',
    ]) {
      expect(text).toContain(`# TYPE ${name} `);
    }
  });

  it('counts requests by route pattern, never by raw path', async () => {
    const app = meteredApp('patterns');
    const labels = {
      service: 'patterns',
      method: 'GET',
      route: '/items/:id',
      status_class: '2xx',
    };
    const before = await scrape(app);
    expect((await app.request('/items/41')).status).toBe(200);
    expect((await app.request('/items/42')).status).toBe(200);
    const after = await scrape(app);
    expect(metricValue(after, 'http_requests_total', labels)).toBe(
      metricValue(before, 'http_requests_total', labels) + 2,
    );
    expect(metricValue(after, 'http_request_duration_seconds_count', labels)).toBe(
      metricValue(before, 'http_request_duration_seconds_count', labels) + 2,
    );
    expect(after).not.toContain('/items/41');
    expect(after).not.toContain('/items/42');
  });

  it('counts 5xx answers as errors and unknown paths under one "unmatched" route', async () => {
    const app = meteredApp('failures');
    expect((await app.request('/boom')).status).toBe(500);
    expect((await app.request('/no/such/path/123')).status).toBe(404);
    expect((await app.request('/no/such/path/456')).status).toBe(404);
    const text = await scrape(app);
    const boom = { service: 'failures', route: '/boom', status_class: '5xx' };
    expect(metricValue(text, 'http_request_errors_total', boom)).toBe(1);
    expect(metricValue(text, 'http_requests_total', boom)).toBe(1);
    const unmatched = { service: 'failures', route: 'unmatched', status_class: '4xx' };
    expect(metricValue(text, 'http_requests_total', unmatched)).toBe(2);
    expect(metricValue(text, 'http_request_errors_total', unmatched)).toBe(0);
    expect(text).not.toContain('/no/such/path');
  });

  it('keeps several services of one process apart by their service label', async () => {
    const one = meteredApp('first');
    const two = meteredApp('second');
    await one.request('/items/1');
    await two.request('/items/1');
    await two.request('/items/2');
    const text = await scrape(one); // one registry per process: any app's /metrics shows all
    expect(
      metricValue(text, 'http_requests_total', { service: 'first', route: '/items/:id' }),
    ).toBe(1);
    expect(
      metricValue(text, 'http_requests_total', { service: 'second', route: '/items/:id' }),
    ).toBe(2);
  });
});

describe.each(testBackends())('bus metrics ($name)', (backend) => {
  let harness: TestBus;
  let bus: EventBus;
  const app = meteredApp('bus-metrics');

  beforeEach(async () => {
    harness = await backend.bus('metrics');
    bus = harness.bus;
  });
  afterEach(async () => {
    await harness.cleanup();
  });

  it('counts published events and drops of a republished id', async () => {
    const ok = { stream: 'test', type: 'Metered', result: 'ok' };
    const duplicate = { ...ok, result: 'duplicate' };
    const before = await scrape(app);
    const event = metered(1);
    await bus.publish('test', event);
    await bus.publish('test', metered(2));
    await bus.publish('test', event);
    const after = await scrape(app);
    expect(metricValue(after, 'bus_events_published_total', ok)).toBe(
      metricValue(before, 'bus_events_published_total', ok) + 2,
    );
    expect(metricValue(after, 'bus_events_published_total', duplicate)).toBe(
      metricValue(before, 'bus_events_published_total', duplicate) + 1,
    );
  });

  it('counts acknowledged deliveries, retries and redeliveries of a durable consumer', async () => {
    const consumer = uniqueName('flaky');
    let attempts = 0;
    await bus.consume({
      stream: 'test',
      durable: consumer,
      types: ['Metered'],
      backoffMs: [20],
      handler: async () => {
        attempts++;
        if (attempts === 1) throw new Error('first attempt fails');
      },
    });
    await bus.publish('test', metered(1));
    const labels = { stream: 'test', consumer, type: 'Metered' };
    await eventually(async () => {
      const text = await scrape(app);
      expect(metricValue(text, 'bus_events_consumed_total', { ...labels, outcome: 'ack' })).toBe(1);
      expect(metricValue(text, 'bus_events_consumed_total', { ...labels, outcome: 'retry' })).toBe(
        1,
      );
      expect(metricValue(text, 'bus_redeliveries_total', labels)).toBe(1);
      expect(metricValue(text, 'bus_dead_letters_total', labels)).toBe(0);
    });
  });

  it('counts a dead letter when a consumer gives up on an event', async () => {
    const consumer = uniqueName('doomed');
    await bus.consume({
      stream: 'test',
      durable: consumer,
      types: ['Metered'],
      maxDeliver: 2,
      backoffMs: [20],
      handler: async () => {
        throw new Error('always fails');
      },
    });
    await bus.publish('test', metered(1));
    const labels = { stream: 'test', consumer, type: 'Metered' };
    await eventually(async () => {
      expect(await bus.deadLetters('test', consumer)).toHaveLength(1);
      const text = await scrape(app);
      expect(metricValue(text, 'bus_dead_letters_total', labels)).toBe(1);
      expect(
        metricValue(text, 'bus_events_consumed_total', { ...labels, outcome: 'dead_letter' }),
      ).toBe(1);
      expect(metricValue(text, 'bus_events_consumed_total', { ...labels, outcome: 'retry' })).toBe(
        1,
      );
    });
  });
});

describe.each(testBackends())('outbox metrics ($name)', (backend) => {
  it("reports a service's unpublished outbox rows and the oldest one's age on scrape", async () => {
    const harness = await backend.bus('outbox-metrics');
    const database = await backend.database();
    const service = uniqueName('lagging');
    const runtime = await startServiceRuntime({
      name: service,
      config: baseServiceConfig.parse({ DATABASE_URL: database.url, LOG_LEVEL: 'silent' }),
      bus: harness.bus,
      schema,
      migrationsFolder,
    });
    const app = meteredApp(service);
    try {
      // The relay is not started: the rows stay unpublished until flushed by hand.
      await runtime.db.transaction((tx) => enqueue(tx, 'test', metered(1), metered(2)));
      await new Promise((resolve) => setTimeout(resolve, 20));
      const waiting = await scrape(app);
      expect(metricValue(waiting, 'outbox_pending_events', { service })).toBe(2);
      expect(
        metricValue(waiting, 'outbox_oldest_pending_age_seconds', { service }),
      ).toBeGreaterThan(0);
      await runtime.relay.flush();
      const published = await scrape(app);
      expect(metricValue(published, 'outbox_pending_events', { service })).toBe(0);
      expect(metricValue(published, 'outbox_oldest_pending_age_seconds', { service })).toBe(0);
      expect(published).toContain(`outbox_pending_events{service="${service}"} 0`);
    } finally {
      await runtime.stop();
      await harness.cleanup();
      await database.drop();
    }
    // A stopped service's outbox is no longer read.
    expect(await scrape(app)).not.toContain(`outbox_pending_events{service="${service}"}`);
  });
});
