import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Question } from '@uapqa/contracts';
import type { Browser } from '@uapqa/service-kit/testing';
import { eventually, testBackends } from '@uapqa/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  publishApproval,
  publishRejection,
  type QuestionsStack,
  startQuestionsStack,
} from './harness.js';

const LONG_ANSWER =
  'The radar operators logged four returns at 23:14 that matched the visual sightings exactly. ' +
  'The base records were released in 2019 and show no weather balloon that night, and the two ' +
  'pilots who flew out to look gave the same account.';
const REJECTION_NOTE = 'This is answered in the archive already: search for Nimitz radar.';

/** A question's page and the sitemap, as the gateway renders them from questions' data. */
describe.each(testBackends())("a question's page ($name)", (backend) => {
  let stack: QuestionsStack;
  let frontends: string;
  let asker: Browser & { id: number };
  const ids = { pending: '', approved: '', rejected: '', answered: '' };
  let dana: number;
  let marcus: number;

  async function ask(title: string, expertId: number): Promise<string> {
    const categories = await (await stack.visitor().get('/api/categories')).json();
    const tags = await (await stack.visitor().get('/api/tags')).json();
    const response = await asker.post('/api/questions', {
      assignedCreatorId: expertId,
      categoryId: categories[0].id,
      title,
      content: 'Several witnesses describe the same thing from places miles apart.',
      tagIds: [tags[0].id],
    });
    expect(response.status).toBe(201);
    return ((await response.json()) as { id: string }).id;
  }

  const status = (id: string, browser: Browser) =>
    eventually(async () => {
      const response = await browser.get(`/api/questions/${id}`);
      expect(response.status).toBe(200);
      return (await response.json()) as Question;
    });

  beforeAll(async () => {
    frontends = mkdtempSync(join(tmpdir(), 'question-pages-'));
    mkdirSync(join(frontends, 'shell', 'dist'), { recursive: true });
    writeFileSync(
      join(frontends, 'shell', 'dist', 'index.html'),
      '<!doctype html><html><head><title>UAP Answers</title></head><body><div id="root"></div></body></html>',
    );
    stack = await startQuestionsStack(backend, {}, undefined, {
      FRONTENDS_DIR: frontends,
      PUBLIC_URL: 'https://uap.example',
    });
    const experts = await stack.experts();
    dana = experts.find((expert) => expert.user.firstName === 'Dana')!.userId;
    marcus = experts.find((expert) => expert.user.firstName === 'Marcus')!.userId;
    asker = await stack.member({ packs: ['bulk'] });

    ids.answered = await ask('What did the radar operators record that night?', dana);
    ids.rejected = await ask('Is the Nimitz radar log public now?', dana);
    await publishRejection(stack.bus.bus, {
      questionId: ids.rejected,
      askerId: asker.id,
      moderationNotes: REJECTION_NOTE,
    });
    // One member holds two places in Dana's window at most: the rejection gives one back.
    await eventually(async () =>
      expect((await status(ids.rejected, asker)).status).toBe('rejected'),
    );
    ids.approved = await ask('Who photographed the lights over the lake?', dana);
    ids.pending = await ask('Why were the base records sealed for so long?', marcus);

    await publishApproval(stack.bus.bus, {
      questionId: ids.answered,
      askerId: asker.id,
      assignedExpertId: dana,
    });
    // Staff hand this one to another expert than the one asked.
    await publishApproval(stack.bus.bus, {
      questionId: ids.approved,
      askerId: asker.id,
      assignedExpertId: marcus,
      moderationNotes: 'Marcus filmed at that lake.',
    });
    const danaBrowser = await stack.signedIn('dana');
    await eventually(async () => {
      const answered = await danaBrowser.post('/api/answers', {
        questionId: ids.answered,
        content: LONG_ANSWER,
      });
      expect(answered.status).toBe(201);
    });
    await status(ids.rejected, asker).then((q) => expect(q.status).toBe('rejected'));
    await eventually(async () =>
      expect((await status(ids.approved, asker)).status).toBe('approved'),
    );
  });
  afterAll(async () => {
    await stack?.stop();
    rmSync(frontends, { recursive: true, force: true });
  });

  it("serves a question's page with its title and the visitor's preview in the head", async () => {
    const page = await (await stack.visitor().get(`/questions/${ids.answered}`)).text();
    expect(page).toContain(
      '<title>What did the radar operators record that night? | UAP Answers</title>',
    );
    expect(page).toContain(`<meta name="description" content="${LONG_ANSWER.slice(0, 100)}..." />`);
    expect(page).toContain(
      `<meta property="og:url" content="https://uap.example/questions/${ids.answered}" />`,
    );
    expect(page).not.toContain(LONG_ANSWER.slice(100));
    // A question visitors may not see gives nothing away, even to its signed-in asker.
    const pending = await (await asker.get(`/questions/${ids.pending}`)).text();
    expect(pending).toContain('<title>UAP Answers</title>');
    expect(pending).not.toContain('sealed');
  });

  it('lists answered questions in /sitemap.xml with their answer dates, and nothing else', async () => {
    const response = await stack.visitor().get('/sitemap.xml');
    expect(response.status).toBe(200);
    const xml = await response.text();
    const answered = await status(ids.answered, asker);
    expect(xml).toContain(
      `<url><loc>https://uap.example/questions/${ids.answered}</loc><lastmod>${answered.answer!.createdAt}</lastmod></url>`,
    );
    for (const hidden of [ids.pending, ids.approved, ids.rejected])
      expect(xml).not.toContain(hidden);
    const archive = await stack.visitor().get('/api/questions?limit=1');
    // The site's own pages come first; one entry per answered question after them.
    const urls = xml.match(/<url><loc>[^<]*\/questions\//g) ?? [];
    expect(urls).toHaveLength(Number(archive.headers.get('x-total-count')));
  });
});
