import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Question } from '@uapqa/contracts';
import {
  EVERY_STATE_ANSWER,
  questionAsSeen,
  questionsInEveryState,
} from '@uapqa/questions/testing';
import type { Browser } from '@uapqa/service-kit/testing';
import { testBackends } from '@uapqa/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type QuestionsStack, startQuestionsStack } from './harness.js';

/** A question's page and the sitemap, as the gateway renders them from questions' data. */
describe.each(testBackends())("a question's page ($name)", (backend) => {
  let stack: QuestionsStack;
  let frontends: string;
  let asker: Browser & { id: number };
  const ids = { pending: '', approved: '', rejected: '', answered: '' };
  let dana: number;
  let marcus: number;

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

    Object.assign(ids, await questionsInEveryState(stack, asker, { dana, marcus }));
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
    expect(page).toContain(
      `<meta name="description" content="${EVERY_STATE_ANSWER.slice(0, 100)}..." />`,
    );
    expect(page).toContain(
      `<meta property="og:url" content="https://uap.example/questions/${ids.answered}" />`,
    );
    expect(page).not.toContain(EVERY_STATE_ANSWER.slice(100));
    // A question visitors may not see gives nothing away, even to its signed-in asker.
    const pending = await (await asker.get(`/questions/${ids.pending}`)).text();
    expect(pending).toContain('<title>UAP Answers</title>');
    expect(pending).not.toContain('sealed');
  });

  it('lists answered questions in /sitemap.xml with their answer dates, and nothing else', async () => {
    const response = await stack.visitor().get('/sitemap.xml');
    expect(response.status).toBe(200);
    const xml = await response.text();
    const answered = await questionAsSeen<Question>(asker, ids.answered);
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
