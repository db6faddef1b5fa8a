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

/** Billing's subscribers reaching questions, and the gateway's page of a question for them. */
describe.each(testBackends())('whole answers are for subscribers ($name)', (backend) => {
  const stack = stackForSuite(() =>
    startQuestionsStack(backend, {}, undefined, {}, { DEMO_SUBSCRIBER: 'member' }),
  );
  let questionId: string;

  beforeAll(async () => {
    expect(ANSWER.indexOf(HIDDEN_WORD)).toBeGreaterThan(ANONYMOUS_PREVIEW_CHARS);
    const tags = await (await stack.visitor().get('/api/tags')).json();
    const asked = await approvedQuestion(stack, tags[0].id, 'What did the two radar consoles log?');
    questionId = asked.id;
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

  /** Subscribed and its activation applied by questions (the bus is asynchronous). */
  async function subscriber() {
    const member = await stack.member();
    await eventually(async () => expect((await seenBy(member)).page).toEqual(whole));
    return member;
  }

  it("makes the demo subscriber, subscribed by billing's seed, a whole-answer reader", async () => {
    const member = await stack.signedIn('member');
    await eventually(async () => expect((await seenBy(member)).page).toEqual(whole));
  });

  it("keeps a question page's link preview to the answer's preview, whoever asks for the page", async () => {
    const member = await subscriber();
    const page = await (await member.get(`/questions/${questionId}`)).text();
    expect(page).toContain(`<meta name="description" content="${PREVIEW}" />`);
    expect(page).not.toContain(HIDDEN_WORD);
  });
});
