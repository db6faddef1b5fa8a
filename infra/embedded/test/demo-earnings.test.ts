import { eventually } from '@uapqa/service-kit/testing';
import { describe, expect, it } from 'vitest';
import { signIn, useEmbeddedStack } from './support.js';

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
  const embedded = useEmbeddedStack('demo-earnings');

  /** What the dashboard shows: the answered questions and the earnings statement. */
  async function dashboard(cookie: string) {
    const questions: Array<{ status: string }> = await (
      await fetch(`${embedded.url}/api/creator/questions`, { headers: { cookie } })
    ).json();
    const earnings: ExpertEarnings = await (
      await fetch(`${embedded.url}/api/billing/earnings`, { headers: { cookie } })
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
      const cookie = await signIn(embedded.url, username);
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
    await embedded.restart();
    const after = await agreedFigures();
    for (const username of DEMO_EXPERTS) {
      expect(after.get(username)?.totalEarningsCents).toBe(
        before.get(username)?.totalEarningsCents,
      );
      expect(after.get(username)?.answeredCount).toBe(before.get(username)?.answeredCount);
    }
  }, 240_000);
});
