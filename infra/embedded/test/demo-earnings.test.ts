import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eventually } from '@uapqa/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embeddedConfigSchema } from '../src/config.js';
import { type EmbeddedStack, startEmbedded } from '../src/embedded.js';

const DEMO_EXPERTS = ['dana', 'marcus', 'theo', 'evelyn', 'graham'];

/** The parts of billing's statement this suite reads. */
interface ExpertEarnings {
  feeCents: number;
  answeredCount: number;
  totalEarningsCents: number;
  nextPayout: { amountCents: number; closedCents: number; openCents: number };
  periods: Array<{ month: string; answeredCount: number; amountCents: number }>;
}

describe('the demo archive earns like real answers', () => {
  let dataDir: string;
  let stack: EmbeddedStack;
  const config = () =>
    embeddedConfigSchema.parse({
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
    });

  async function signIn(username: string): Promise<string> {
    const login = await fetch(`${stack.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: stack.url },
      body: JSON.stringify({ username, password: 'disclosure-demo' }),
    });
    expect(login.status).toBe(200);
    return login.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
  }

  /** What the dashboard shows: the answered questions and the earnings statement. */
  async function dashboard(cookie: string) {
    const questions: Array<{ status: string }> = await (
      await fetch(`${stack.url}/api/creator/questions`, { headers: { cookie } })
    ).json();
    const earnings: ExpertEarnings = await (
      await fetch(`${stack.url}/api/billing/earnings`, { headers: { cookie } })
    ).json();
    return {
      answered: questions.filter((question) => question.status === 'answered').length,
      earnings,
    };
  }

  /** Every demo expert's figures, once billing has taken in every seeded answer. */
  async function agreedFigures() {
    const figures = new Map<string, ExpertEarnings>();
    for (const username of DEMO_EXPERTS) {
      const cookie = await signIn(username);
      await eventually(
        async () => {
          const { answered, earnings } = await dashboard(cookie);
          expect(answered).toBeGreaterThan(0);
          expect(earnings.answeredCount).toBe(answered);
          expect(earnings.totalEarningsCents).toBe(answered * earnings.feeCents);
          figures.set(username, earnings);
        },
        { timeoutMs: 60_000 },
      );
    }
    return figures;
  }

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'uapqa-demo-earnings-'));
    stack = await startEmbedded(config());
  });
  afterAll(async () => {
    await stack.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('gives every demo expert earnings that match their answered questions, month by month', async () => {
    const figures = await agreedFigures();
    for (const earnings of figures.values()) {
      const months = earnings.periods;
      expect(months.reduce((total, period) => total + period.answeredCount, 0)).toBe(
        earnings.answeredCount,
      );
      expect(months.reduce((total, period) => total + period.amountCents, 0)).toBe(
        earnings.totalEarningsCents,
      );
      // The archive reaches back about two months: its answers fall in more than one period.
      expect(months.filter((period) => period.answeredCount > 0).length).toBeGreaterThan(1);
      expect(earnings.nextPayout.amountCents).toBe(
        earnings.nextPayout.closedCents + earnings.nextPayout.openCents,
      );
    }
  }, 120_000);

  it('keeps the same earnings across a restart: the seed pays nothing twice', async () => {
    const before = await agreedFigures();
    await stack.stop();
    stack = await startEmbedded(config());
    const after = await agreedFigures();
    for (const username of DEMO_EXPERTS) {
      expect(after.get(username)?.totalEarningsCents).toBe(
        before.get(username)?.totalEarningsCents,
      );
      expect(after.get(username)?.answeredCount).toBe(before.get(username)?.answeredCount);
    }
  }, 240_000);
});
