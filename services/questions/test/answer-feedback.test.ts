import {
  ANSWER_EDIT_HOURS,
  QUESTIONS_STREAM,
  REFUND_REQUEST_DAYS,
  RefundDecided,
} from '@uapqa/contracts';
import type { Browser } from '@uapqa/service-kit/testing';
import { eventually, recordEvents, testBackends } from '@uapqa/service-kit/testing';
import { stackForSuite } from '@uapqa/service-kit/testing/suite-stack';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  answer,
  approvedQuestion,
  credits,
  SAMPLE_ANSWER,
  startQuestionsStack,
} from './harness.js';

const HOUR_MS = 3600 * 1000;
const EDITED_ANSWER = `${SAMPLE_ANSWER} A later reading of the same report adds the weather that night.`;

/**
 * What an asker can do once their question is answered (rate, follow up, ask for a refund), what
 * the expert can still do (edit for a while, reply), and what staff decide.
 */
describe.each(testBackends())('after the answer ($name)', (backend) => {
  const stack = stackForSuite(() => startQuestionsStack(backend));
  let tagId: number;
  beforeAll(async () => {
    tagId = (await (await stack.visitor().get('/api/tags')).json())[0].id;
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  let asked = 0;
  /**
   * An answered question, each to the next demo expert in turn (each takes only so many a week);
   * `expert` signs in as the one who answered (demo usernames are first names in lower case).
   */
  async function answered(title: string) {
    const question = await approvedQuestion(stack, tagId, title, asked++ % 5);
    const username = question.expert.user.firstName.toLowerCase();
    await answer(stack, question.id, username);
    return { ...question, expert: () => stack.signedIn(username) };
  }
  const page = async (browser: Browser, id: string) =>
    (await browser.get(`/api/questions/${id}`)).json();

  it('lets the expert edit for 24 hours, keeps each replaced text for staff, and stops at the rating', async () => {
    const { id, asker, expert } = await answered('Were the Phoenix lights flares after all?');
    const author = await expert();
    const edited = await author.patch(`/api/answers/${id}`, { content: EDITED_ANSWER });
    expect(edited.status).toBe(200);
    expect((await page(asker, id)).answer).toMatchObject({ content: EDITED_ANSWER });
    expect((await page(asker, id)).answer.editedAt).toEqual(expect.any(String));

    const tooShort = await author.patch(`/api/answers/${id}`, { content: 'Short.' });
    expect(tooShort.status).toBe(400);
    expect((await tooShort.json()).message).toContain('at least 200 characters');
    const stranger = await stack.signedIn('graham');
    expect((await stranger.patch(`/api/answers/${id}`, { content: EDITED_ANSWER })).status).toBe(
      403,
    );

    const moderator = await stack.signedIn('moderator');
    const history = await (await moderator.get(`/api/questions/${id}/answer-history`)).json();
    expect(history.current.content).toBe(EDITED_ANSWER);
    expect(history.revisions.map((revision: { content: string }) => revision.content)).toEqual([
      SAMPLE_ANSWER,
    ]);
    expect((await asker.get(`/api/questions/${id}/answer-history`)).status).toBe(403);

    expect((await asker.post(`/api/questions/${id}/rating`, { stars: 4 })).status).toBe(201);
    const afterRating = await author.patch(`/api/answers/${id}`, { content: SAMPLE_ANSWER });
    expect(afterRating.status).toBe(409);
    expect((await afterRating.json()).message).toContain('rated');
  });

  it(`closes the edit window ${ANSWER_EDIT_HOURS} hours after publishing`, async () => {
    const { id, expert } = await answered('What did the Tehran 1976 pilots report?');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + (ANSWER_EDIT_HOURS * HOUR_MS + 60_000));
    // Signed in at the later clock: a session from before would have expired by then.
    const author = await expert();
    const late = await author.patch(`/api/answers/${id}`, { content: EDITED_ANSWER });
    expect(late.status).toBe(409);
    expect((await late.json()).message).toContain('24 hours');
  });

  it('takes one rating from the asker only, and shows stars to everyone but the comment to readers of the whole answer', async () => {
    const { id, asker } = await answered('Is the Rendlesham plaster cast still kept?');
    const other = await stack.member();
    expect((await other.post(`/api/questions/${id}/rating`, { stars: 1 })).status).toBe(403);
    const bad = await asker.post(`/api/questions/${id}/rating`, { stars: 6 });
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toContain('1 to 5 stars');
    const rated = await asker.post(`/api/questions/${id}/rating`, {
      stars: 5,
      comment: 'Clear and sourced.',
    });
    expect(rated.status).toBe(201);
    expect((await asker.post(`/api/questions/${id}/rating`, { stars: 2 })).status).toBe(409);
    expect((await page(other, id)).rating).toMatchObject({
      stars: 5,
      comment: 'Clear and sourced.',
    });
    const visitor = await page(stack.visitor(), id);
    expect(visitor.rating).toMatchObject({ stars: 5, comment: null });
  });

  it("lists answers rated 2 stars or less in the admins' content report, with the comment", async () => {
    const low = await answered('Did the Kecksburg acorn ever leave the woods?');
    const high = await answered('Were the Lubbock lights birds?');
    await low.asker.post(`/api/questions/${low.id}/rating`, { stars: 2, comment: 'Vague.' });
    await high.asker.post(`/api/questions/${high.id}/rating`, { stars: 3 });
    const admin = await stack.signedIn('admin');
    const report = await admin.get('/api/admin/reports/low-ratings');
    expect(report.status).toBe(200);
    const listed = (await report.json()) as Array<{
      id: string;
      askerId: number;
      rating: { comment: string };
    }>;
    expect(listed.find((question) => question.id === low.id)).toMatchObject({
      askerId: low.asker.id,
      rating: { comment: 'Vague.' },
    });
    expect(listed.some((question) => question.id === high.id)).toBe(false);
    expect(Number(report.headers.get('X-Total-Count'))).toBeGreaterThanOrEqual(1);
    expect(
      (await (await stack.signedIn('moderator')).get('/api/admin/reports/low-ratings')).status,
    ).toBe(403);
  });

  it('takes one follow-up, which the expert answers once within 72 hours, hidden from visitors', async () => {
    const { id, asker, expert } = await answered('Which radar logged the Nimitz tic tac first?');
    const followUp = 'Was the first radar contact logged on the Princeton or an E-2?';
    expect((await asker.post(`/api/questions/${id}/follow-up`, { content: followUp })).status).toBe(
      201,
    );
    expect((await asker.post(`/api/questions/${id}/follow-up`, { content: followUp })).status).toBe(
      409,
    );
    const mine = await page(asker, id);
    expect(mine.followUp).toMatchObject({ content: followUp, reply: null });
    expect(new Date(mine.followUp.dueAt).getTime() - Date.now()).toBeGreaterThan(71 * HOUR_MS);
    expect((await page(stack.visitor(), id)).followUp).toBeNull();

    const author = await expert();
    const reply = 'The Princeton logged it first, days before the E-2 was sent to look.';
    expect(
      (await author.post(`/api/answers/${id}/follow-up-reply`, { content: reply })).status,
    ).toBe(201);
    expect(
      (await author.post(`/api/answers/${id}/follow-up-reply`, { content: reply })).status,
    ).toBe(409);
    expect((await page(asker, id)).followUp.reply).toMatchObject({ content: reply });
  });

  it('refuses a follow-up reply past its deadline', async () => {
    const { id, asker, expert } = await answered('Did the Belgian wave F-16s lock on twice?');
    await asker.post(`/api/questions/${id}/follow-up`, { content: 'Which base sent the F-16s?' });
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 73 * HOUR_MS);
    const author = await expert();
    const late = await author.post(`/api/answers/${id}/follow-up-reply`, {
      content: 'Beauvechain, both times.',
    });
    expect(late.status).toBe(409);
    expect((await late.json()).message).toContain('deadline');
  });

  it('grants a refund once and announces it once, for billing to give the credit back', async () => {
    const { id, asker, expert } = await answered('What did the Levelland drivers see?');
    const author = await expert();
    const decided = await recordEvents(stack.bus.bus, QUESTIONS_STREAM, [RefundDecided.type]);

    const requested = await asker.post(`/api/questions/${id}/refund-request`, {
      reason: 'The answer does not address the engine failures at all.',
    });
    expect(requested.status).toBe(201);
    expect(
      (await asker.post(`/api/questions/${id}/refund-request`, { reason: 'Asking once more.' }))
        .status,
    ).toBe(409);
    expect((await page(asker, id)).refundRequest).toMatchObject({ status: 'pending' });

    const moderator = await stack.signedIn('moderator');
    const queue = await (await moderator.get('/api/admin/refund-requests')).json();
    expect(queue.map((item: { questionId: string }) => item.questionId)).toContain(id);
    expect((await asker.get('/api/admin/refund-requests')).status).toBe(403);
    expect(
      (
        await author.post(`/api/admin/refund-requests/${id}/decision`, {
          decision: 'grant',
          note: 'x',
        })
      ).status,
    ).toBe(403);

    const decide = () =>
      moderator.post(`/api/admin/refund-requests/${id}/decision`, {
        decision: 'grant',
        note: 'The answer missed the question.',
      });
    const [first, second] = await Promise.all([decide(), decide()]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    expect((await page(asker, id)).refundRequest).toMatchObject({
      status: 'granted',
      decisionNote: 'The answer missed the question.',
    });
    const announced = {
      questionId: id,
      askerId: asker.id,
      granted: true,
      note: 'The answer missed the question.',
      decidedBy: moderator.id,
    };
    await eventually(() => expect(decided.data()).toEqual([expect.objectContaining(announced)]));
    // Still once after a later decision was announced behind it.
    const other = await answered('Did the Rendlesham lights come from the lighthouse?');
    await other.asker.post(`/api/questions/${other.id}/refund-request`, { reason: 'Too short.' });
    await moderator.post(`/api/admin/refund-requests/${other.id}/decision`, {
      decision: 'refuse',
      note: 'It answers the question.',
    });
    await eventually(() => expect(decided.data()).toHaveLength(2));
    expect(decided.data()[0]).toMatchObject(announced);
    await decided.stop();
  });

  it('refuses a refund with a note and changes no balance', async () => {
    const { id, asker } = await answered('How long did the Hessdalen lights last?');
    const before = await credits(asker);
    await asker.post(`/api/questions/${id}/refund-request`, { reason: 'I expected more detail.' });
    const moderator = await stack.signedIn('moderator');
    const missingNote = await moderator.post(`/api/admin/refund-requests/${id}/decision`, {
      decision: 'refuse',
    });
    expect(missingNote.status).toBe(400);
    const refused = await moderator.post(`/api/admin/refund-requests/${id}/decision`, {
      decision: 'refuse',
      note: 'The answer covers the question with sources.',
    });
    expect(refused.status).toBe(200);
    expect((await page(asker, id)).refundRequest).toMatchObject({ status: 'refused' });
    expect(await credits(asker)).toBe(before);
  });

  it(`takes refund requests only within ${REFUND_REQUEST_DAYS} days of the answer`, async () => {
    const { id, asker } = await answered('Who photographed the McMinnville saucer?');
    expect((await page(asker, id)).refundableUntil).toEqual(expect.any(String));
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + REFUND_REQUEST_DAYS * 24 * HOUR_MS + 60_000);
    const late = await (await stack.again(asker)).post(`/api/questions/${id}/refund-request`, {
      reason: 'The answer came too short.',
    });
    expect(late.status).toBe(409);
    expect((await late.json()).message).toContain('7 days');
  });
});
