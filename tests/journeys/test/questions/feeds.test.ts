import { ANONYMOUS_PREVIEW_CHARS, type Question } from '@uapqa/contracts';
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

describe.each(testBackends())('the archive for crawlers and feed readers ($name)', (backend) => {
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

  describe('what crawlers and feed readers get, through the gateway', () => {
    const preview = `${ANSWER.slice(0, ANONYMOUS_PREVIEW_CHARS)}...`;

    it("carries the answer's preview in a question page's QAPage JSON-LD, even to a subscriber", async () => {
      const subscriber = await stack.member();
      // The subscription has reached questions: the API gives this reader the whole answer.
      await eventually(async () => {
        const page = (await (
          await subscriber.get(`/api/questions/${asked.fiveOld}`)
        ).json()) as Question;
        expect(page.answer!.content).toBe(ANSWER);
      });
      const html = await (await subscriber.get(`/questions/${asked.fiveOld}`)).text();
      const [, json] = /<script type="application\/ld\+json">([^<]*)<\/script>/.exec(html) ?? [];
      const data = JSON.parse(json!);
      expect(data['@type']).toBe('QAPage');
      expect(data.mainEntity.name).toBe('What did the surveyor see from both hills?');
      expect(data.mainEntity.acceptedAnswer.text).toBe(preview);
      expect(data.mainEntity.acceptedAnswer.author).toEqual({
        '@type': 'Person',
        name: expect.stringMatching(/^Dana /),
      });
      expect(html).not.toContain(HIDDEN_WORD);
    });

    it('lists the newest answers in /feed.xml as previews, whoever reads it', async () => {
      const subscriber = await stack.member();
      const response = await subscriber.get('/feed.xml');
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/atom+xml; charset=utf-8');
      const xml = await response.text();
      const ids = [...xml.matchAll(/<entry>\s*<id>[^<]*\/questions\/([^<]+)<\/id>/g)].map(
        (m) => m[1],
      );
      expect(ids.slice(0, 4)).toEqual([asked.unrated, asked.fiveNew, asked.three, asked.fiveOld]);
      expect(xml).toContain(`<summary type="text">${preview.replaceAll("'", '&apos;')}</summary>`);
      expect(xml).not.toContain(HIDDEN_WORD);
    });
  });
});
