import type { MyQuestionsSummary, Question } from '@uapqa/contracts';
import type { Browser } from '@uapqa/service-kit/testing';
import { testBackends } from '@uapqa/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EVERY_STATE_ANSWER,
  EVERY_STATE_REJECTION_NOTE,
  questionsInEveryState,
} from '../src/testing.js';
import { type QuestionsStack, startQuestionsStack } from './harness.js';

/** A member asks a question, approved or rejected or answered, through the service's real paths. */
describe.each(testBackends())(
  "a member's own questions and a question's page ($name)",
  (backend) => {
    let stack: QuestionsStack;
    let asker: Browser & { id: number };
    let stranger: Browser & { id: number };
    const ids = { pending: '', approved: '', rejected: '', answered: '' };
    let dana: number;
    let marcus: number;

    beforeAll(async () => {
      stack = await startQuestionsStack(backend);
      const experts = await stack.experts();
      dana = experts.find((expert) => expert.user.firstName === 'Dana')!.userId;
      marcus = experts.find((expert) => expert.user.firstName === 'Marcus')!.userId;
      asker = await stack.member({ packs: ['bulk'] });
      stranger = await stack.member();

      Object.assign(ids, await questionsInEveryState(stack, asker, { dana, marcus }));
    });
    afterAll(async () => {
      await stack?.stop();
    });

    it('counts every question the member asked, in all and by status', async () => {
      const response = await asker.get('/api/my-questions/summary');
      expect(response.status).toBe(200);
      expect((await response.json()) as MyQuestionsSummary).toEqual({
        asked: 4,
        pending: 1,
        approved: 1,
        rejected: 1,
        answered: 1,
      });
      expect(await (await stranger.get('/api/my-questions/summary')).json()).toEqual({
        asked: 0,
        pending: 0,
        approved: 0,
        rejected: 0,
        answered: 0,
      });
      expect((await stack.visitor().get('/api/my-questions/summary')).status).toBe(401);
    });

    it('pages through them newest first, with the total in X-Total-Count', async () => {
      const recent = await asker.get('/api/my-questions?limit=5');
      expect(recent.status).toBe(200);
      expect(recent.headers.get('x-total-count')).toBe('4');
      const all = (await recent.json()) as Question[];
      expect(all.map((q) => q.id)).toEqual([ids.pending, ids.approved, ids.rejected, ids.answered]);

      const first = await asker.get('/api/my-questions?limit=3&offset=0');
      const second = await asker.get('/api/my-questions?limit=3&offset=3');
      expect(first.headers.get('x-total-count')).toBe('4');
      expect(second.headers.get('x-total-count')).toBe('4');
      const pages = [(await first.json()) as Question[], (await second.json()) as Question[]];
      expect(pages.map((page) => page.length)).toEqual([3, 1]);
      expect(pages.flat().map((q) => q.id)).toEqual(all.map((q) => q.id));

      expect(await (await stranger.get('/api/my-questions?limit=100')).json()).toEqual([]);
    });

    it('filters by status', async () => {
      const response = await asker.get('/api/my-questions?status=rejected&limit=10');
      expect(response.headers.get('x-total-count')).toBe('1');
      const [rejected, ...rest] = (await response.json()) as Question[];
      expect(rest).toEqual([]);
      expect(rejected).toMatchObject({
        id: ids.rejected,
        status: 'rejected',
        moderationNotes: EVERY_STATE_REJECTION_NOTE,
        creditRefunded: true,
        answer: null,
      });
    });

    it("shows an admin the member's questions as the member sees them, and nobody else", async () => {
      const admin = await stack.signedIn('admin');
      const response = await admin.get(`/api/admin/users/${asker.id}/questions?status=rejected`);
      expect(response.status).toBe(200);
      expect(response.headers.get('x-total-count')).toBe('1');
      expect(await response.json()).toEqual([
        expect.objectContaining({ id: ids.rejected, moderationNotes: EVERY_STATE_REJECTION_NOTE }),
      ]);
      const all = await admin.get(`/api/admin/users/${asker.id}/questions?limit=50`);
      expect(Number(all.headers.get('x-total-count'))).toBeGreaterThanOrEqual(4);
      expect((await stranger.get(`/api/admin/users/${asker.id}/questions`)).status).toBe(403);
      expect((await stack.visitor().get(`/api/admin/users/${asker.id}/questions`)).status).toBe(
        401,
      );
    });

    it('refuses a bad page or status with a message', async () => {
      for (const query of ['status=lost', 'limit=0', 'limit=101', 'offset=-1', 'offset=x']) {
        const response = await asker.get(`/api/my-questions?${query}`);
        expect(response.status, query).toBe(400);
        expect(((await response.json()) as { message: string }).message).toMatch(
          /status|limit|offset/i,
        );
      }
    });

    it('shows the asked and the assigned expert, and the deadline of an approved question', async () => {
      const [approved] = (await (
        await asker.get('/api/my-questions?status=approved')
      ).json()) as Question[];
      expect(approved).toMatchObject({
        assignedCreatorId: dana,
        assignedExpertId: marcus,
        creator: { userId: marcus, firstName: 'Marcus' },
        creditRefunded: false,
        overdueAt: null,
      });
      const decided = Date.parse(approved!.dueAt!) - 72 * 3600 * 1000;
      expect(Math.abs(Date.now() - decided)).toBeLessThan(10 * 60 * 1000);
    });

    it('shows an answered question to anyone: a preview to visitors, the whole answer to members', async () => {
      const visitor = await stack.visitor().get(`/api/questions/${ids.answered}`);
      expect(visitor.status).toBe(200);
      const seen = (await visitor.json()) as Question;
      expect(seen.answer!.content).toBe(`${EVERY_STATE_ANSWER.slice(0, 100)}...`);
      expect(seen.moderationNotes).toBeNull();
      const member = (await (
        await stranger.get(`/api/questions/${ids.answered}`)
      ).json()) as Question;
      expect(member.answer!.content).toBe(EVERY_STATE_ANSWER);
      expect(member.title).toBe('What did the radar operators record that night?');
    });

    it('shows any other question only to its asker, its assigned expert and staff', async () => {
      const moderator = await stack.signedIn('moderator');
      const admin = await stack.signedIn('admin');
      const danaBrowser = await stack.signedIn('dana');
      const marcusBrowser = await stack.signedIn('marcus');
      const cases: Array<[string, string, Browser, 200 | 404]> = [
        ['pending', 'visitor', stack.visitor(), 404],
        ['pending', 'another member', stranger, 404],
        ['pending', 'the asker', asker, 200],
        // Not assigned to anyone until moderation approves it.
        ['pending', 'the expert asked', danaBrowser, 404],
        ['pending', 'a moderator', moderator, 200],
        ['pending', 'an admin', admin, 200],
        ['approved', 'visitor', stack.visitor(), 404],
        ['approved', 'another member', stranger, 404],
        ['approved', 'the asker', asker, 200],
        ['approved', 'the assigned expert', marcusBrowser, 200],
        ['approved', 'the expert asked, reassigned away', danaBrowser, 404],
        ['approved', 'a moderator', moderator, 200],
        ['rejected', 'visitor', stack.visitor(), 404],
        ['rejected', 'another member', stranger, 404],
        ['rejected', 'the asker', asker, 200],
        ['rejected', 'the expert asked', danaBrowser, 404],
        ['rejected', 'an admin', admin, 200],
      ];
      const failures: string[] = [];
      for (const [state, who, browser, expected] of cases) {
        const id = ids[state as keyof typeof ids];
        const response = await browser.get(`/api/questions/${id}`);
        const body = (await response.json()) as Question & { message?: string };
        if (response.status !== expected) failures.push(`${state} for ${who}: ${response.status}`);
        else if (expected === 404) expect(body).toEqual({ message: 'No such question.' });
        else expect(body).toMatchObject({ id, status: state });
      }
      expect(failures).toEqual([]);
      const rejected = (await (
        await asker.get(`/api/questions/${ids.rejected}`)
      ).json()) as Question;
      expect(rejected).toMatchObject({
        moderationNotes: EVERY_STATE_REJECTION_NOTE,
        creditRefunded: true,
        askedByViewer: true,
      });
      const staffView = (await (
        await moderator.get(`/api/questions/${ids.rejected}`)
      ).json()) as Question;
      expect(staffView.askedByViewer).toBe(false);
      const answered = (await (
        await asker.get(`/api/questions/${ids.answered}`)
      ).json()) as Question;
      expect(answered.askedByViewer).toBe(true);
    });

    it('answers 404 for an unknown or malformed id', async () => {
      for (const id of ['0196a3c2-0000-7000-8000-000000000000', 'not-a-question', '1']) {
        const response = await asker.get(`/api/questions/${id}`);
        expect(response.status, id).toBe(404);
        expect(await response.json()).toEqual({ message: 'No such question.' });
      }
    });

    it('pages the sitemap list oldest answer first', async () => {
      const all = await (await stack.visitor().get('/api/questions/sitemap')).json();
      const first = await (await stack.visitor().get('/api/questions/sitemap?limit=2')).json();
      const next = await (
        await stack.visitor().get('/api/questions/sitemap?limit=2&offset=2')
      ).json();
      expect(first.total).toBe(all.total);
      expect([...first.entries, ...next.entries]).toEqual(all.entries.slice(0, 4));
      const dates = all.entries.map((entry: { answeredAt: string }) => entry.answeredAt);
      expect(dates).toEqual([...dates].sort());
      expect(all.entries.at(-1).id).toBe(ids.answered);
      expect((await stack.visitor().get('/api/questions/sitemap?limit=50001')).status).toBe(400);
    });

    it('marks a question whose deadline passed unanswered as refunded', async () => {
      await stack.questions.sweepOverdue(new Date(Date.now() + 73 * 3600 * 1000));
      const overdue = (await (
        await asker.get(`/api/questions/${ids.approved}`)
      ).json()) as Question;
      expect(overdue.creditRefunded).toBe(true);
      expect(overdue.overdueAt).not.toBeNull();
    });
  },
);
