import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls } from './k6-shim/http.js';
import { added } from './k6-shim/metrics.js';

/**
 * A fake API (enough of the archive for browse) in a worker thread: the k6 stand-in blocks this
 * thread on each request, as k6's VU code is synchronous.
 */
const FAKE_API = `
const { createServer } = require('node:http');
const { parentPort } = require('node:worker_threads');
const server = createServer((req, res) => {
  res.setHeader('content-type', 'application/json');
  const path = (req.url || '').split('?')[0];
  if (path === '/api/categories' || path === '/api/tags') {
    res.end(JSON.stringify([{ id: 7, name: 'x', description: '' }]));
  } else {
    res.setHeader('x-next-cursor', 'abc');
    res.end('[]');
  }
});
server.listen(0, '127.0.0.1', () => parentPort.postMessage(server.address().port));
`;
let worker: Worker;
let baseUrl: string;

beforeAll(async () => {
  worker = new Worker(FAKE_API, { eval: true });
  const port = await new Promise<number>((resolve) => worker.once('message', resolve));
  baseUrl = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  await worker.terminate();
});

describe('the k6 entry (k6/run.js) on k6-shaped stand-ins', () => {
  it('takes its options from the scenario module and runs its setup and iteration on k6/http', async () => {
    const g = globalThis as Record<string, unknown>;
    g.__ENV = { SCENARIO: 'browse', BASE_URL: baseUrl };
    g.__VU = 1;
    g.__ITER = 0;
    const entry = await import('../k6/run.js');
    const { scenarios } = await import('../scenarios/index.js');
    expect(entry.options).toBe(scenarios.browse.options);
    const data = entry.setup();
    expect(data).toMatchObject({ categoryIds: [7], tagIds: [7] });
    calls.length = 0;
    entry.default(data);
    const paths = calls.map((call) => new URL(call.url).pathname);
    expect(paths.slice(0, 4)).toEqual([
      '/api/questions',
      '/api/categories',
      '/api/tags',
      '/api/creators',
    ]);
    expect(calls[0]!.params.tags?.name).toBe('GET /api/questions');
    expect(calls[0]!.params.responseCallback).toEqual({
      expectedStatuses: [{ min: 200, max: 399 }],
    });
    expect(added).toEqual([]);
  });
});
