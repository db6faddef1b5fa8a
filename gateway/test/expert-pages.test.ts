import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ExpertProfile, type ExpertRecord, SITEMAP_PAGES } from '@uapqa/contracts';
import { createLogger } from '@uapqa/service-kit';
import { Hono } from 'hono';
import { afterAll, describe, expect, it } from 'vitest';
import { buildGatewayApp } from '../src/app.js';
import { gatewayConfigSchema } from '../src/config.js';
import { inProcessUpstream, type Upstreams } from '../src/upstreams.js';

const dir = mkdtempSync(join(tmpdir(), 'expert-pages-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
mkdirSync(join(dir, 'shell', 'dist'), { recursive: true });
writeFileSync(
  join(dir, 'shell', 'dist', 'index.html'),
  `<!doctype html><html><head><meta charset="UTF-8" />
<meta name="description" content="The site's own description." />
<title>UAP Answers</title></head><body><div id="root"></div></body></html>`,
);

const BIO =
  'Investigative journalist who files records requests on <unidentified> aerial phenomena & "interviews" military witnesses.';
const DANA: ExpertProfile = {
  id: 1,
  userId: 4,
  handle: 'Dana',
  brandName: 'Dana Whitfield',
  bio: BIO,
  expertise: 'Government records, FOIA, military encounters',
  questionsPerWeek: 5,
  title: 'Investigative Journalist',
  avatarColor: '#0369a1',
  user: { firstName: 'Dana', lastName: 'Whitfield' },
  listed: true,
};
const RECORD: ExpertRecord = {
  answeredCount: 7,
  rating: 4.3,
  ratingCount: 3,
  topics: [{ id: 2, name: 'FOIA', count: 4 }],
};

/** Identity with one expert, Dana (her page in any case), and the listed experts. */
function identityStandIn(profile: ExpertProfile = DANA) {
  const app = new Hono();
  app.get('/api/experts/:handle', (c) =>
    c.req.param('handle').toLowerCase() === profile.handle.toLowerCase()
      ? c.json(profile)
      : c.json({ message: 'No expert has that handle.' }, 404),
  );
  app.get('/api/creators', (c) =>
    c.json([
      { ...profile, listed: undefined },
      { ...profile, userId: 5, handle: 'theo.lark' },
    ]),
  );
  return app;
}

/** Questions with Dana's record (asked for by user id), one answered question, or failing. */
function questionsStandIn({ failing = false } = {}) {
  const app = new Hono();
  const asked: string[] = [];
  app.use('*', async (c, next) => {
    asked.push(c.req.path);
    return failing ? c.json({ message: 'down' }, 500) : next();
  });
  app.get('/api/questions/experts/:userId', (c) =>
    c.req.param('userId') === String(DANA.userId)
      ? c.json(RECORD)
      : c.json({ answeredCount: 0, rating: null, ratingCount: 0, topics: [] }),
  );
  app.get('/api/questions/sitemap', (c) =>
    c.json({
      total: 1,
      entries: [{ id: '0196a3c2-0000-7000-8000-000000000000', answeredAt: '2026-01-01T00:00:00Z' }],
    }),
  );
  return { app, asked };
}

function gateway(
  services: { identity?: Hono; questions?: Hono },
  env: Record<string, string> = {},
) {
  const upstreams: Upstreams = {};
  if (services.identity) upstreams.identity = inProcessUpstream('identity', services.identity);
  if (services.questions) upstreams.questions = inProcessUpstream('questions', services.questions);
  return buildGatewayApp({
    config: gatewayConfigSchema.parse({
      LOG_LEVEL: 'silent',
      RATE_LIMIT_PER_MINUTE: '0',
      FRONTENDS_DIR: dir,
      PUBLIC_URL: 'https://uap.example',
      ...env,
    }),
    logger: createLogger('gateway', 'silent'),
    upstreams,
    verifier: { verify: async () => null },
  });
}

const headOf = async (response: Response) => {
  const page = await response.text();
  return page.slice(0, page.indexOf('</head>'));
};
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]);

describe('GET /api/experts/:handle', () => {
  it("is identity's profile with questions' record of the expert, asked by user id", async () => {
    const questions = questionsStandIn();
    const app = gateway({ identity: identityStandIn(), questions: questions.app });
    const response = await app.request('/api/experts/DANA');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ...DANA, ...RECORD });
    expect(questions.asked).toEqual([`/api/questions/experts/${DANA.userId}`]);
  });

  it("passes identity's 404 on, with its sentence, without asking questions", async () => {
    const questions = questionsStandIn();
    const app = gateway({ identity: identityStandIn(), questions: questions.app });
    const response = await app.request('/api/experts/nobody');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: 'No expert has that handle.' });
    expect(questions.asked).toEqual([]);
  });

  it('is a 503 with a sentence, not a profile without figures, when questions fails', async () => {
    const app = gateway({
      identity: identityStandIn(),
      questions: questionsStandIn({ failing: true }).app,
    });
    const response = await app.request('/api/experts/dana');
    expect(response.status).toBe(503);
    expect((await response.json()).message).toMatch(/questions service, which did not answer/);
    expect((await gateway({}).request('/api/experts/dana')).status).toBe(503);
  });
});

describe("an expert page's head", () => {
  const app = gateway({ identity: identityStandIn(), questions: questionsStandIn().app });

  it('says who they are and what they know, their bio escaped, under the handle as written', async () => {
    const response = await app.request('/experts/dana');
    expect(response.status).toBe(200);
    const head = await headOf(response);
    const title = 'Dana Whitfield — Government records, FOIA, military encounters';
    const description = BIO.replaceAll('&', '&amp;')
      .replaceAll('<', '&lt;')
      .replaceAll('>', '&gt;')
      .replaceAll('"', '&quot;');
    expect(head).toContain(`<title>${title} | UAP Answers</title>`);
    expect(head.match(/<title>/g)).toHaveLength(1);
    expect(head).toContain(`<meta name="description" content="${description}" />`);
    expect(head).toContain('<link rel="canonical" href="https://uap.example/experts/Dana" />');
    expect(head).toContain('<meta property="og:type" content="profile" />');
    expect(head).not.toContain('<unidentified>');
  });

  it('cuts a long expertise and bio at a word, with an ellipsis', async () => {
    const wordy = gateway({
      identity: identityStandIn({
        ...DANA,
        expertise: 'Radar returns, '.repeat(10),
        bio: 'Fifteen years of records requests. '.repeat(20),
      }),
    });
    const head = await headOf(await wordy.request('/experts/dana'));
    const title = /<title>(.*) \| UAP Answers<\/title>/.exec(head)?.[1] ?? '';
    expect(title).toMatch(/^Dana Whitfield — Radar returns, .*(Radar|returns)…$/);
    expect(title.length).toBeLessThanOrEqual('Dana Whitfield — '.length + 70);
    const description = /<meta name="description" content="([^"]*)"/.exec(head)?.[1] ?? '';
    expect(description.length).toBeLessThanOrEqual(200);
    expect(description).toMatch(/^Fifteen years .* (Fifteen|years|of|records|requests)…$/);
  });

  it('is the 404 page for a handle no one has and for one no username could be', async () => {
    for (const path of ['/experts/nobody', '/experts/no%20body', '/experts/a~b']) {
      const response = await app.request(path);
      expect(response.status, path).toBe(404);
      const head = await headOf(response);
      expect(head, path).toContain('<title>UAP Answers</title>');
      expect(head, path).not.toContain('og:title');
    }
  });

  it('is the plain shell, status 200, when identity is not deployed: whether they exist is not known', async () => {
    const response = await gateway({}).request('/experts/dana');
    expect(response.status).toBe(200);
    expect(await headOf(response)).toContain('<title>UAP Answers</title>');
  });
});

describe("/sitemap.xml's expert pages", () => {
  const expertPages = ['https://uap.example/experts/Dana', 'https://uap.example/experts/theo.lark'];

  it("lists every listed expert's page after the site's own, before the questions", async () => {
    const app = gateway({ identity: identityStandIn(), questions: questionsStandIn().app });
    const xml = await (await app.request('/sitemap.xml')).text();
    expect(locs(xml)).toEqual([
      ...SITEMAP_PAGES.map((path) => `https://uap.example${path}`),
      ...expertPages,
      'https://uap.example/questions/0196a3c2-0000-7000-8000-000000000000',
    ]);
  });

  it("lists them with the site's pages when the sitemap is an index", async () => {
    const app = gateway(
      { identity: identityStandIn(), questions: questionsStandIn().app },
      { SITEMAP_PAGE_SIZE: '1' },
    );
    const site = await (await app.request('/sitemap.xml?page=site')).text();
    expect(locs(site)).toEqual([
      ...SITEMAP_PAGES.map((path) => `https://uap.example${path}`),
      ...expertPages,
    ]);
  });

  it('is a 503 rather than a sitemap without them when identity fails', async () => {
    const failing = new Hono();
    failing.all('*', (c) => c.json({ message: 'down' }, 500));
    const app = gateway({ identity: failing, questions: questionsStandIn().app });
    expect((await app.request('/sitemap.xml')).status).toBe(503);
    expect((await app.request('/sitemap.xml?page=site')).status).toBe(503);
  });
});
