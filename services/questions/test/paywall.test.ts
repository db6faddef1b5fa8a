import { ANONYMOUS_PREVIEW_CHARS, type Question } from '@uapqa/contracts';
import type { Browser } from '@uapqa/service-kit/testing';
import { eventually, testBackends } from '@uapqa/service-kit/testing';
import { stackForSuite } from '@uapqa/service-kit/testing/suite-stack';
import { beforeAll, describe, expect, it } from 'vitest';
import { approvedQuestion, startQuestionsStack } from './harness.js';

/** A word that appears only past the preview of the answer below, nowhere else in the archive. */
const HIDDEN_WORD = 'quillwort';
const OPENING =
  'Both operators logged the same radar track for eleven minutes on separate consoles, and the ';
const ANSWER = `${OPENING}tower confirmed it visually. The residue collected the next morning was ${HIDDEN_WORD} pollen, as the county botanist wrote.`;
const PREVIEW = `${ANSWER.slice(0, ANONYMOUS_PREVIEW_CHARS)}...`;

describe.each(testBackends())('whole answers are for subscribers ($name)', (backend) => {
  const stack = stackForSuite(() => startQuestionsStack(backend));
  let questionId: string;
  let asker: Browser & { id: number };

  beforeAll(async () => {
    expect(ANSWER.indexOf(HIDDEN_WORD)).toBeGreaterThan(ANONYMOUS_PREVIEW_CHARS);
    const tags = await (await stack.visitor().get('/api/tags')).json();
    const asked = await approvedQuestion(stack, tags[0].id, 'What did the two radar consoles log?');
    questionId = asked.id;
    asker = asked.asker;
    const dana = await stack.signedIn('dana');
    await eventually(async () => {
      const answered = await dana.post('/api/answers', { questionId, content: ANSWER });
      expect(answered.status).toBe(201);
    });
  });

  /** What `reader` is shown of the answer: on its page, in the archive, and whether search finds it. */
  async function seenBy(reader: Browser) {
    const page = (await (await reader.get(`/api/questions/${questionId}`)).json()) as Question;
    const archive = (await (await reader.get('/api/questions?limit=5')).json()) as Question[];
    const listed = archive.find((question) => question.id === questionId);
    const searched = await reader.get(`/api/questions?search=${HIDDEN_WORD}`);
    const found = ((await searched.json()) as Question[]).some((q) => q.id === questionId);
    return {
      page: page.answer,
      listed: listed?.answer,
      found,
      total: Number(searched.headers.get('x-total-count')),
    };
  }

  const unedited = { editedAt: null, editableUntil: null };
  const whole = { content: ANSWER, createdAt: expect.any(String), truncated: false, ...unedited };
  const preview = { content: PREVIEW, createdAt: expect.any(String), truncated: true, ...unedited };

  /** Subscribed and its activation applied by questions (the bus is asynchronous). */
  async function subscriber() {
    const member = await stack.member();
    await eventually(async () => expect((await seenBy(member)).page).toEqual(whole));
    return member;
  }

  it('gives visitors, members without a subscription and other experts the preview, and search over it only', async () => {
    const readers: Array<[string, Browser]> = [
      ['a visitor', stack.visitor()],
      ['a member who never subscribed', await stack.member({ subscribe: false })],
      ['another expert', await stack.signedIn('marcus')],
    ];
    for (const [who, reader] of readers) {
      const seen = await seenBy(reader);
      expect(seen, who).toEqual({ page: preview, listed: preview, found: false, total: 0 });
    }
  });

  it('gives subscribers, staff and the expert who wrote it the whole answer', async () => {
    const readers: Array<[string, Browser]> = [
      ['a subscriber', await subscriber()],
      ['a moderator', await stack.signedIn('moderator')],
      ['an admin', await stack.signedIn('admin')],
    ];
    for (const [who, reader] of readers) {
      const seen = await seenBy(reader);
      expect(seen, who).toEqual({ page: whole, listed: whole, found: true, total: 1 });
    }
    // The writing expert has no subscription: their own answer is whole, others' are previews.
    const dana = await stack.signedIn('dana');
    // Her page also says until when she may edit it; shared lists never carry that.
    expect(await seenBy(dana)).toEqual({
      page: { ...whole, editableUntil: expect.any(String) },
      listed: whole,
      found: true,
      total: 1,
    });
    const others = (await (await dana.get('/api/questions?limit=100')).json()) as Question[];
    const notHers = others.filter(
      (q) => q.assignedExpertId !== dana.id && q.answer!.content.length > PREVIEW.length,
    );
    expect(notHers).toEqual([]);
    expect(others.some((q) => q.assignedExpertId !== dana.id && q.answer!.truncated)).toBe(true);
  });

  it("follows billing's events: a lapse shows the preview again, a new subscription the whole answer", async () => {
    const member = await subscriber();
    for (const lapsing of [member, asker]) await stack.billing.lapse(lapsing.id);
    await eventually(async () =>
      expect(await seenBy(member)).toEqual({
        page: preview,
        listed: preview,
        found: false,
        total: 0,
      }),
    );
    // The asker keeps their own answer whole, and findable by its hidden word, subscribed or
    // not: they paid a credit for it. Everyone else's answers are previews for them now.
    await eventually(async () => {
      const archive = (await (await asker.get('/api/questions?limit=100')).json()) as Question[];
      expect(archive.some((q) => q.answer!.truncated)).toBe(true);
    });
    expect(await seenBy(asker)).toEqual({ page: whole, listed: whole, found: true, total: 1 });
    // Back with a new subscription (frozen credits usable again): whole answers again.
    await stack.billing.subscribe(member.id);
    await eventually(async () => expect((await seenBy(member)).found).toBe(true));
    expect((await seenBy(member)).page).toEqual(whole);
  });
});
