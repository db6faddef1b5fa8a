import {
  CREDIT_PACKAGES,
  CREDITS_PER_QUESTION,
  MAX_PLACES_PER_MEMBER_PER_WINDOW,
  SUBSCRIPTION,
} from '@uapqa/contracts';
import { describe, expect, it } from 'vitest';
import { askingPlan, PLACES_PER_MEMBER_PER_WINDOW } from '../scenarios/lib/setup.js';

type Plan = Array<{ member: number; expert: number }>;

function tally(plan: Plan) {
  const perExpert = new Map<number, number>();
  const perPair = new Map<string, number>();
  const perMember = new Map<number, number>();
  for (const { member, expert } of plan) {
    perExpert.set(expert, (perExpert.get(expert) ?? 0) + 1);
    perPair.set(`${member}:${expert}`, (perPair.get(`${member}:${expert}`) ?? 0) + 1);
    perMember.set(member, (perMember.get(member) ?? 0) + 1);
  }
  return { perExpert, perPair, perMember };
}

describe('who asks whom in a setup', () => {
  it('holds the product rule on places per member in a window', () => {
    expect(PLACES_PER_MEMBER_PER_WINDOW).toBe(MAX_PLACES_PER_MEMBER_PER_WINDOW);
  });

  // The propagation bench (200 approvals) and the moderation scenario's defaults.
  it.each([
    [200, 40, 20, 10],
    [300, 40, 30, 10],
  ])(
    '%i questions from %i members to %i experts fill every window evenly, within the places a member may hold',
    (count, members, experts, capacity) => {
      const plan = askingPlan(count, members, experts) as Plan;
      expect(plan).toHaveLength(count);
      const { perExpert, perPair, perMember } = tally(plan);
      expect([...perExpert.values()].every((asked) => asked === capacity)).toBe(true);
      expect(Math.max(...perPair.values())).toBeLessThanOrEqual(MAX_PLACES_PER_MEMBER_PER_WINDOW);
      // Each member holds a subscription's credits and one bulk pack's.
      const credits = SUBSCRIPTION.creditsPerPeriod + CREDIT_PACKAGES.bulk.credits;
      expect(Math.max(...perMember.values()) * CREDITS_PER_QUESTION).toBeLessThanOrEqual(credits);
    },
  );

  it('refuses a plan no member could follow, before asking anything', () => {
    expect(() => askingPlan(3, 1, 1)).toThrow(/cannot ask 3 questions/);
  });
});
