import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runScenario } from '../src/run-scenario.js';
import { type IsolatedStack, startIsolatedStack } from '../src/stack.js';

const postgresUrl = process.env.TEST_DATABASE_URL;
const natsUrl = process.env.TEST_NATS_URL;

describe.runIf(postgresUrl && natsUrl)('a smoke run on an isolated distributed stack', () => {
  let isolated: IsolatedStack;

  beforeAll(async () => {
    isolated = await startIsolatedStack({
      postgresUrl: postgresUrl!,
      natsUrl: natsUrl!,
      archive: 2000,
    });
  }, 180_000);

  afterAll(async () => {
    await isolated?.cleanup();
  }, 60_000);

  it('runs the member scenario for 2 seconds without an error', async () => {
    // A small setup: the scenario modules read these when first imported.
    process.env.MEMBERS = '6';
    process.env.EXPERTS = '2';
    const result = await runScenario({
      scenario: 'member',
      baseUrl: isolated.url,
      durationMs: 2000,
      vus: 4,
    });
    expect(result.failures).toEqual([]);
    expect(result.overall.errors).toBe(0);
    expect(result.overall.requests).toBeGreaterThan(10);
    expect(Object.keys(result.byName)).toContain('GET /api/my-questions');
    // Latency thresholds depend on the machine; the failure-rate one must hold.
    expect(result.thresholds.find((t) => t.key === 'http_req_failed')?.ok).toBe(true);
  });
});
