import { describe, expect, it } from 'vitest';
import { Client } from '../src/client.js';
import { applyOverrides, runExecutor, targetAt } from '../src/engine.js';
import { Recorder } from '../src/recorder.js';
import { loadScenarios, type ScenarioModule } from '../src/scenario.js';
import { report } from '../src/summary.js';
import {
  aggregate,
  evaluateThresholds,
  parseThreshold,
  parseThresholdKey,
} from '../src/thresholds.js';
import { parseDuration } from '../src/time.js';

describe('scenario definitions', () => {
  it('every scenario has k6 options, valid thresholds and an iteration generator', async () => {
    const { scenarios, prepare } = await loadScenarios();
    expect(Object.keys(scenarios).sort()).toEqual([
      'browse',
      'member',
      'moderation',
      'window-burst',
    ]);
    expect(typeof prepare).toBe('function');
    for (const [name, module] of Object.entries(scenarios)) {
      const executors = Object.values(module.options.scenarios);
      expect(executors.length, name).toBeGreaterThan(0);
      for (const executor of executors) {
        if (executor.executor === 'ramping-vus') {
          expect(executor.stages!.length, name).toBeGreaterThan(0);
          for (const stage of executor.stages!)
            expect(parseDuration(stage.duration)).toBeGreaterThan(0);
        } else {
          expect([
            'per-vu-iterations',
            'constant-vus',
            'constant-arrival-rate',
            'shared-iterations',
          ]).toContain(executor.executor);
        }
      }
      for (const [key, list] of Object.entries(module.options.thresholds ?? {})) {
        parseThresholdKey(key);
        for (const expression of list) parseThreshold(expression as string);
      }
      expect(module.iteration.constructor.name, name).toBe('GeneratorFunction');
    }
    expect(scenarios.browse!.options.thresholds).toMatchObject({
      http_req_failed: ['rate<0.001'],
      http_req_duration: ['p(95)<100', 'p(99)<250'],
    });
  });

  it('a browse iteration yields the browse page’s four calls at once', async () => {
    const { scenarios } = await loadScenarios();
    const generator = scenarios.browse!.iteration(
      { categoryIds: [1, 2], tagIds: [3], members: [], experts: [] },
      { vu: 1, iteration: 0 },
    );
    const first = generator.next().value as { kind: string; requests: Array<{ path: string }> };
    expect(first.kind).toBe('batch');
    expect(first.requests.map((r) => r.path.split('?')[0])).toEqual([
      '/api/questions',
      '/api/categories',
      '/api/tags',
      '/api/creators',
    ]);
  });
});

describe('k6 thresholds', () => {
  it('parses the aggregations, operators and submetric keys', () => {
    expect(parseThreshold('rate<0.001')).toMatchObject({
      aggregation: 'rate',
      operator: '<',
      value: 0.001,
    });
    expect(parseThreshold('p(95)<100')).toMatchObject({
      aggregation: 'p',
      percentile: 95,
      value: 100,
    });
    expect(parseThreshold(' p(99.9) <= 250 ')).toMatchObject({ percentile: 99.9, operator: '<=' });
    expect(parseThreshold('count==10')).toMatchObject({ aggregation: 'count', operator: '==' });
    expect(parseThresholdKey('http_req_duration{name:ask,method:POST}')).toEqual({
      metric: 'http_req_duration',
      tags: { name: 'ask', method: 'POST' },
    });
    expect(() => parseThreshold('p95<100')).toThrow(/not/);
    expect(() => parseThreshold('rate<')).toThrow();
    expect(() => parseThreshold('p(101)<1')).toThrow(/percentile/);
  });

  it('evaluates them on figures as k6 does', () => {
    const sorted = Array.from({ length: 100 }, (_, i) => i + 1); // 1..100 ms
    expect(aggregate({ type: 'trend', sorted }, parseThreshold('p(50)<1'))).toBeCloseTo(50.5);
    expect(aggregate({ type: 'trend', sorted }, parseThreshold('max<1'))).toBe(100);
    expect(aggregate({ type: 'rate', passes: 1, total: 2000 }, parseThreshold('rate<1'))).toBe(
      0.0005,
    );
    expect(aggregate({ type: 'counter', sum: 30, seconds: 10 }, parseThreshold('rate>1'))).toBe(3);
    const verdicts = evaluateThresholds(
      {
        http_req_duration: ['p(95)<100', 'p(99)<99'],
        http_req_failed: ['rate<0.001'],
      },
      (key) =>
        key.metric === 'http_req_duration'
          ? { type: 'trend', sorted }
          : { type: 'rate', passes: 3, total: 1000 },
    );
    expect(verdicts.map((v) => v.ok)).toEqual([true, false, false]);
  });

  it('holds a run’s report to its scenario’s thresholds, expected refusals included', () => {
    const recorder = new Recorder();
    const module = {
      options: {
        scenarios: {},
        thresholds: {
          http_req_failed: ['rate<0.001'],
          http_req_duration: ['p(95)<100'],
          window_accepted: ['count==1'],
        },
      },
      metrics: { window_accepted: 'counter' },
      iteration: function* () {},
    } as unknown as ScenarioModule;
    for (let i = 0; i < 99; i++) {
      recorder.add(
        { name: 'a', scenario: 's', method: 'GET', status: 409, failed: false, ms: 5 },
        '',
      );
    }
    recorder.add(
      { name: 'a', scenario: 's', method: 'GET', status: 201, failed: false, ms: 500 },
      '',
    );
    recorder.addMetric('window_accepted', 1);
    const result = report('s', module, recorder, 1, 'http://x');
    expect(result.passed).toBe(true);
    expect(result.overall).toMatchObject({ requests: 100, errors: 0, rps: 100 });
    recorder.add(
      { name: 'a', scenario: 's', method: 'GET', status: 500, failed: true, ms: 5 },
      'boom',
    );
    expect(report('s', module, recorder, 1, 'http://x').passed).toBe(false);
  });
});

describe('executors', () => {
  it('parses k6 durations and ramps along the stages', () => {
    expect(parseDuration('1m30s')).toBe(90_000);
    expect(parseDuration('500ms')).toBe(500);
    expect(() => parseDuration('soon')).toThrow();
    const ramp = {
      executor: 'ramping-vus',
      startVUs: 0,
      stages: [
        { duration: '10s', target: 20 },
        { duration: '10s', target: 20 },
        { duration: '10s', target: 0 },
      ],
    };
    expect(targetAt(ramp, 5_000)).toBe(10);
    expect(targetAt(ramp, 15_000)).toBe(20);
    expect(targetAt(ramp, 25_000)).toBe(10);
    const scaled = applyOverrides(ramp, { durationMs: 3_000, vus: 4 });
    expect(scaled.stages).toEqual([
      { duration: '1000ms', target: 4 },
      { duration: '1000ms', target: 4 },
      { duration: '1000ms', target: 0 },
    ]);
  });

  it('starts arrivals on schedule whatever the latency, dropping those no VU is free for', async () => {
    const { createServer } = await import('node:http');
    let inFlight = 0;
    let mostInFlight = 0;
    const server = createServer((_req, res) => {
      inFlight++;
      mostInFlight = Math.max(mostInFlight, inFlight);
      setTimeout(() => {
        inFlight--;
        res.end('{}');
      }, 60);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    const module: ScenarioModule = {
      options: { scenarios: {} },
      *iteration() {
        yield { kind: 'request', method: 'GET', path: '/slow' };
      },
    };
    // 40 arrivals a second for a second, each answered in 60 ms: a closed loop of 2 VUs would
    // start about 33; the open model starts all 40, on as many VUs as it needs.
    const open = { executor: 'constant-arrival-rate', rate: 40, timeUnit: '1s', duration: '1s' };
    const roomy = new Recorder();
    const roomyClient = new Client(`http://127.0.0.1:${port}`, roomy);
    await runExecutor(module, { ...open, preAllocatedVUs: 2, maxVUs: 40 }, roomyClient, {});
    await roomyClient.close();
    expect(roomy.iterations).toBe(40);
    expect(roomy.droppedIterations).toBe(0);
    expect(mostInFlight).toBeGreaterThanOrEqual(3);
    // With one VU, busy 60 ms per iteration, at most 17 start; the rest are counted as dropped.
    const tight = new Recorder();
    const tightClient = new Client(`http://127.0.0.1:${port}`, tight);
    await runExecutor(module, { ...open, preAllocatedVUs: 1, maxVUs: 1 }, tightClient, {});
    await tightClient.close();
    await new Promise((resolve) => server.close(resolve));
    expect(tight.iterations + tight.droppedIterations).toBe(40);
    expect(tight.droppedIterations).toBeGreaterThanOrEqual(23);
  });

  it('drives a generator: requests, batches and metrics', async () => {
    const { createServer } = await import('node:http');
    const server = createServer((req, res) => {
      res.setHeader('set-cookie', ['session=abc; HttpOnly', 'other=1']);
      res.statusCode = req.url === '/full' ? 409 : 200;
      res.end(JSON.stringify({ url: req.url, cookie: req.headers.cookie ?? null }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    const recorder = new Recorder();
    const client = new Client(`http://127.0.0.1:${port}`, recorder);
    const result = await client.drive(
      (function* () {
        const one = (yield { kind: 'request', method: 'GET', path: '/a', cookie: 'x=1' }) as {
          body: string;
          cookies: string;
        };
        const many = (yield {
          kind: 'batch',
          requests: [
            { kind: 'request', method: 'GET', path: '/b' },
            { kind: 'request', method: 'POST', path: '/full', body: {}, expect: [201, 409] },
          ],
        }) as Array<{ status: number }>;
        yield { kind: 'metric', name: 'm', value: 2 };
        return {
          one: JSON.parse(one.body),
          cookies: one.cookies,
          statuses: many.map((r) => r.status),
        };
      })(),
    );
    await client.close();
    await new Promise((resolve) => server.close(resolve));
    expect(result).toEqual({
      one: { url: '/a', cookie: 'x=1' },
      cookies: 'session=abc; other=1',
      statuses: [200, 409],
    });
    expect(recorder.samples.map((s) => s.failed)).toEqual([false, false, false]);
    expect(recorder.custom.get('m')).toEqual([2]);
  });
});
