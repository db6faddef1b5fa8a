import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ADMIN_PASSWORD, type IsolatedStack, startIsolatedStack } from '../src/stack.js';
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

const postgresUrl = process.env.TEST_DATABASE_URL;
const natsUrl = process.env.TEST_NATS_URL;

/**
 * Account creation under k6: the setup reads no mail, so a scenario that creates members,
 * experts and moderators runs its setup through the k6 entry against a real stack, with only
 * the admin's credentials given by the environment.
 */
describe.runIf(postgresUrl && natsUrl)('the k6 entry against a real stack', () => {
  let isolated: IsolatedStack;

  beforeAll(async () => {
    isolated = await startIsolatedStack({
      postgresUrl: postgresUrl!,
      natsUrl: natsUrl!,
      archive: 0,
    });
  }, 180_000);

  afterAll(async () => {
    await isolated?.cleanup();
  }, 60_000);

  it('creates the accounts of the moderation scenario through invitations, and decides', async () => {
    const g = globalThis as Record<string, unknown>;
    g.__ENV = {
      SCENARIO: 'moderation',
      BASE_URL: isolated.url,
      ADMIN_USERNAME: 'admin',
      ADMIN_PASSWORD,
      MEMBERS: '2',
      EXPERTS: '1',
      MODERATORS: '1',
      PENDING: '2',
    };
    g.__VU = 1;
    g.__ITER = 0;
    // A fresh entry and scenario modules: they read __ENV when first evaluated.
    vi.resetModules();
    const entry = await import('../k6/run.js');
    const { calls } = await import('./k6-shim/http.js');
    const data = entry.setup();
    const paths = calls.map((call) => new URL(call.url).pathname);
    expect(paths.filter((path) => path === '/api/admin/invitations')).toHaveLength(4);
    expect(paths.filter((path) => path === '/api/invitations/accept')).toHaveLength(4);
    expect(data.members).toHaveLength(2);
    expect(data.experts).toHaveLength(1);
    expect(data.moderators).toHaveLength(1);
    expect(data.pending).toHaveLength(2);
    for (const member of data.members) expect(member.cookie).toMatch(/session=/);

    calls.length = 0;
    entry.default(data);
    const decided = calls.filter((call) => call.method === 'PATCH');
    expect(decided.length).toBeGreaterThan(0);
    const decidedId = new URL(decided[0]!.url).pathname.split('/')[4];
    expect(data.pending.map((question: { questionId: string }) => question.questionId)).toContain(
      decidedId,
    );
  }, 120_000);
});
