import { describe, expect, it } from 'vitest';
import {
  ExpertHandleParam,
  ExpertPage,
  ExpertUserIdParam,
  expertPagePath,
  PAGE_ROUTES,
  REMOTE_ROUTES,
} from '../src/index.js';

describe("an expert's page", () => {
  it('takes any username as its handle, in any case, and nothing a username cannot be', () => {
    for (const handle of ['dana', 'DANA', 'Night_Sky.Ledger', 'a-b']) {
      expect(ExpertHandleParam.safeParse({ handle }).success, handle).toBe(true);
    }
    // A closed account's placeholder name has a `~`: no page answers to it.
    for (const handle of ['', 'dana x', '~closed-12', 'dana/x', 'd'.repeat(65)]) {
      expect(ExpertHandleParam.safeParse({ handle }).success, handle).toBe(false);
    }
  });

  it('is a page of the members remote at /experts/<handle>', () => {
    expect(expertPagePath('dana')).toBe('/experts/dana');
    expect(PAGE_ROUTES).toContain('/experts/:handle');
    expect(REMOTE_ROUTES).toContainEqual({
      path: '/experts/:handle',
      remote: 'members',
      module: 'ExpertProfile',
    });
  });

  it('reads questions’ record by user id in its one canonical form', () => {
    expect(ExpertUserIdParam.parse({ userId: '42' })).toEqual({ userId: 42 });
    for (const userId of ['042', '0x2a', '4.2e1', '-1']) {
      expect(ExpertUserIdParam.safeParse({ userId }).success, userId).toBe(false);
    }
  });

  it('has no rating but a count of ratings below the ratings it takes', () => {
    const page = {
      id: 1,
      userId: 4,
      handle: 'dana',
      brandName: null,
      bio: null,
      expertise: null,
      questionsPerWeek: 3,
      title: null,
      avatarColor: null,
      user: { firstName: 'Dana', lastName: null },
      listed: true,
      answeredCount: 2,
      rating: null,
      ratingCount: 2,
      topics: [{ id: 1, name: 'Radar', count: 2 }],
    };
    expect(ExpertPage.parse(page)).toEqual(page);
    expect(ExpertPage.safeParse({ ...page, rating: 5.5 }).success).toBe(false);
    expect(ExpertPage.safeParse({ ...page, rating: 4.3 }).success).toBe(true);
  });
});
