import { ANONYMOUS_PREVIEW_CHARS, type Question } from '@uapqa/contracts';
import type { Browser } from '@uapqa/service-kit/testing';
import { eventually, testBackends } from '@uapqa/service-kit/testing';
import { stackForSuite } from '@uapqa/service-kit/testing/suite-stack';
import { beforeAll, describe, expect, it } from 'vitest';
import { approvedQuestion, startQuestionsStack } from './harness.js';

/** A word only past the preview of the answer below, nowhere else in the archive. */
const HIDDEN_WORD = 'quillwort';
/** A word in the preview of that answer, and in its question's details. */
const SHOWN_WORD = 'theodolite';
const ANSWER =
  `The ${SHOWN_WORD} of the surveyor logged the light at the same bearing from both hills, so it ` +
  `was far away. The residue found the next morning was ${HIDDEN_WORD} pollen, as the county ` +
  'botanist wrote in a report filed that week, with samples from three ponds nearby and none elsewhere.';

type Segments = Array<{ text: string; match: boolean }>;
const matches = (segments: Segments | undefined) =>
  (segments ?? []).filter((segment) => segment.match).map((segment) => segment.text);
const joined = (segments: Segments | undefined) => (segments ?? []).map((s) => s.text).join('');

describe.each(testBackends())('reading the archive: highlights and order ($name)', (backend) => {
  const stack = stackForSuite(() => startQuestionsStack(backend));
  let tagId: number;
  /** Answered in this order (each later than the one before), rated as their names say. */
  const asked: Record<'fiveOld' | 'three' | 'fiveNew' | 'unrated', string> = {
    fiveOld: '',
    three: '',
    fiveNew: '',
    unrated: '',
  };

  /** A question to dana, answered by her with `text`; the asker, to rate it. */
  async function answered(title: string, text: string) {
    const question = await approvedQuestion(stack, tagId, title);
    const dana = await stack.signedIn('dana');
    await eventually(async () => {
      const response = await dana.post('/api/answers', { questionId: question.id, content: text });
      expect(response.status).toBe(201);
    });
    return question;
  }

  const list = async (query: string, browser: Browser = stack.visitor()) => {
    const response = await browser.get(`/api/questions${query}`);
    expect(response.status, await response.clone().text()).toBe(200);
    return {
      questions: (await response.json()) as Question[],
      total: Number(response.headers.get('x-total-count')),
      next: response.headers.get('x-next-cursor'),
    };
  };

  beforeAll(async () => {
    tagId = (await (await stack.visitor().get('/api/tags')).json())[0].id;
    const rate = async (name: keyof typeof asked, title: string, text: string, stars?: number) => {
      const question = await answered(title, text);
      asked[name] = question.id;
      if (stars) {
        const rated = await question.asker.post(`/api/questions/${question.id}/rating`, { stars });
        expect(rated.status).toBe(201);
      }
    };
    expect(ANSWER.indexOf(HIDDEN_WORD)).toBeGreaterThan(ANONYMOUS_PREVIEW_CHARS);
    expect(ANSWER.indexOf(SHOWN_WORD) + SHOWN_WORD.length).toBeLessThan(ANONYMOUS_PREVIEW_CHARS);
    await rate('fiveOld', 'What did the surveyor see from both hills?', ANSWER, 5);
    await rate('three', 'Which pond gave the strangest sample?', `Three ponds. ${ANSWER}`, 3);
    await rate('fiveNew', 'Why did the lights stop over the reservoir?', `Reservoir. ${ANSWER}`, 5);
    await rate('unrated', 'Who filed the county report that week?', `County. ${ANSWER}`);
  });

  describe('highlights', () => {
    it('marks the matched words of the title and of the shown answer, as segments of exactly the text sent', async () => {
      const { questions } = await list(`?search=${SHOWN_WORD}%20surveyor`);
      const question = questions.find((q) => q.id === asked.fiveOld)!;
      expect(question.answer!.truncated).toBe(true);
      expect(joined(question.highlights!.title)).toBe(question.title);
      expect(matches(question.highlights!.title)).toEqual(['surveyor']);
      // The preview's segments end with its `...`, unmarked.
      expect(joined(question.highlights!.answer)).toBe(question.answer!.content);
      expect(matches(question.highlights!.answer)).toEqual([SHOWN_WORD, 'surveyor']);
      expect(question.highlights!.answer!.at(-1)).toEqual({
        text: expect.stringMatching(/\.\.\.$/),
        match: false,
      });
    });

    it('never marks, nor sends, a word hidden past the preview to a visitor; a subscriber gets it marked', async () => {
      // Either word: the visitor finds the question by the shown one only.
      const query = `?search=${SHOWN_WORD}%20or%20${HIDDEN_WORD}&limit=100`;
      for (const reader of [stack.visitor(), await stack.member({ subscribe: false })]) {
        const { questions } = await list(query, reader);
        const question = questions.find((q) => q.id === asked.fiveOld)!;
        expect(JSON.stringify(questions)).not.toContain(HIDDEN_WORD);
        expect(matches(question.highlights!.answer)).toEqual([SHOWN_WORD]);
      }
      // A word only in the hidden part: nothing found, nothing marked.
      const hidden = await list(`?search=${HIDDEN_WORD}`);
      expect(hidden).toEqual({ questions: [], total: 0, next: null });

      const subscriber = await stack.member();
      const whole = await eventually(async () => {
        const page = await list(query, subscriber);
        const question = page.questions.find((q) => q.id === asked.fiveOld)!;
        expect(question.answer!.truncated).toBe(false);
        return question;
      });
      expect(joined(whole.highlights!.answer)).toBe(ANSWER);
      expect(matches(whole.highlights!.answer)).toEqual([SHOWN_WORD, HIDDEN_WORD]);
    });

    it("marks the details' words and leaves out a field without a match", async () => {
      const { questions } = await list('?search=witnesses');
      const question = questions.find((q) => q.id === asked.unrated)!;
      expect(matches(question.highlights!.content)).toEqual(['witnesses']);
      expect(joined(question.highlights!.content)).toBe(question.content);
      expect(question.highlights!.title).toBeUndefined();
      expect(question.highlights!.answer).toBeUndefined();
    });

    it('is computed for searches only', async () => {
      const { questions } = await list('?limit=100');
      expect(questions.some((q) => 'highlights' in q)).toBe(false);
    });
  });

  describe('order', () => {
    it('lists newest answer first by default, oldest first on asking, the same questions', async () => {
      const newest = (await list('?limit=100')).questions.map((q) => q.id);
      expect((await list('?limit=100&sort=newest')).questions.map((q) => q.id)).toEqual(newest);
      const oldest = (await list('?limit=100&sort=oldest')).questions.map((q) => q.id);
      expect(oldest).toEqual([...newest].reverse());
      expect(newest.slice(0, 4)).toEqual([
        asked.unrated,
        asked.fiveNew,
        asked.three,
        asked.fiveOld,
      ]);
    });

    it('lists the best rated first, newest first among equal stars, unrated answers last by newest', async () => {
      const rated = await list('?limit=100&sort=rated');
      const ids = rated.questions.map((q) => q.id);
      expect(ids.slice(0, 3)).toEqual([asked.fiveNew, asked.fiveOld, asked.three]);
      expect(rated.questions.slice(0, 3).map((q) => q.rating?.stars)).toEqual([5, 5, 3]);
      const newest = (await list('?limit=100')).questions.map((q) => q.id);
      expect(ids.slice(3)).toEqual(newest.filter((id) => !ids.slice(0, 3).includes(id)));
      expect(rated.total).toBe(newest.length);
    });

    it('orders a search by stars within each tier: title matches first', async () => {
      const { questions } = await list(`?limit=100&sort=rated&search=${SHOWN_WORD}%20or%20radar`);
      const mine = questions.map((q) => q.id).filter((id) => Object.values(asked).includes(id));
      expect(mine).toEqual([asked.fiveNew, asked.fiveOld, asked.three, asked.unrated]);
      const rest = questions.findIndex((q) => !/radar/i.test(q.title));
      expect(rest).toBeGreaterThan(0);
      expect(questions.slice(rest).every((q) => !/radar/i.test(q.title))).toBe(true);
    });

    it.each([
      ['newest', ''],
      ['oldest', ''],
      ['rated', ''],
      ['rated', `&search=${SHOWN_WORD}%20or%20radar`],
      ['oldest', `&search=${SHOWN_WORD}%20or%20radar`],
    ])('walks every page of %s%s by cursor without repeats or gaps', async (sort, search) => {
      const all = await list(`?limit=100&sort=${sort}${search}`);
      expect(all.questions.length).toBeGreaterThan(3);
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const page = await list(
          `?limit=2&sort=${sort}${search}${cursor ? `&cursor=${cursor}` : ''}`,
        );
        expect(page.total).toBe(all.total);
        seen.push(...page.questions.map((q) => q.id));
        cursor = page.next;
        pages++;
      } while (cursor && pages < 100);
      expect(seen).toEqual(all.questions.map((q) => q.id));
    });

    it('pages by offset in any order too', async () => {
      const all = (await list('?limit=100&sort=rated')).questions.map((q) => q.id);
      const second = (await list('?limit=3&offset=3&sort=rated')).questions.map((q) => q.id);
      expect(second).toEqual(all.slice(3, 6));
    });

    it.each([
      ['?sort=best', /^sort must be one of: newest, oldest, rated\.$/i],
      ['?sort=', /^sort must be one of: newest, oldest, rated\.$/i],
    ])('answers 400 naming the sorts for %s', async (query, message) => {
      const response = await stack.visitor().get(`/api/questions${query}`);
      expect(response.status).toBe(400);
      expect((await response.json()).message).toMatch(message);
    });

    it('refuses a cursor given out for another order, rather than misreading it', async () => {
      const { next } = await list('?limit=2&sort=oldest');
      const response = await stack
        .visitor()
        .get(`/api/questions?limit=2&sort=rated&cursor=${next}`);
      expect(response.status).toBe(400);
      expect((await response.json()).message).toMatch(/^cursor belongs to the oldest order/);
    });
  });
});
