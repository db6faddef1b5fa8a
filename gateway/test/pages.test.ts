import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PAGE_META, PAGE_ROUTES, SITEMAP_PAGES } from '@uapqa/contracts';
import { createLogger } from '@uapqa/service-kit';
import { Hono } from 'hono';
import { afterAll, describe, expect, it } from 'vitest';
import { buildGatewayApp } from '../src/app.js';
import { gatewayConfigSchema } from '../src/config.js';
import { inProcessUpstream } from '../src/upstreams.js';

const dir = mkdtempSync(join(tmpdir(), 'pages-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
mkdirSync(join(dir, 'shell', 'dist'), { recursive: true });
writeFileSync(
  join(dir, 'shell', 'dist', 'index.html'),
  `<!doctype html><html><head><meta charset="UTF-8" />
<meta name="description" content="The site's own description." />
<title>UAP Answers</title><script type="module" src="/assets/app.js"></script></head>
<body><div id="root"></div></body></html>`,
);

const ANSWERED = '0196a3c2-1111-7000-8000-000000000001';
const PENDING = '0196a3c2-2222-7000-8000-000000000002';
/** What questions answers a visitor: the answer already cut to its preview. */
const PREVIEW = `${'Radar returns & "witness" <statements> agree '.repeat(3).slice(0, 100)}...`;

/** Stands in for the questions service: one answered question and `answered` in the sitemap. */
function questionsStandIn(answered: number) {
  const entries = Array.from({ length: answered }, (_, index) => ({
    id: `0196a3c2-0000-7000-8000-${String(index).padStart(12, '0')}`,
    answeredAt: new Date(Date.UTC(2026, 0, 1 + index)).toISOString(),
  }));
  const app = new Hono();
  const asked: string[] = [];
  app.get('/api/questions/sitemap', (c) => {
    asked.push(c.req.url);
    const offset = Number(c.req.query('offset'));
    const limit = Number(c.req.query('limit'));
    return c.json({ total: answered, entries: entries.slice(offset, offset + limit) });
  });
  app.get('/api/questions/:id', (c) =>
    c.req.param('id') === ANSWERED
      ? c.json({
          id: ANSWERED,
          title: 'Why did the <Phoenix> lights & "flares" hover?',
          status: 'answered',
          answer: { content: PREVIEW, createdAt: '2026-01-02T00:00:00.000Z' },
        })
      : c.json({ message: 'No such question.' }, 404),
  );
  return { app, asked };
}

function gateway(env: Record<string, string>, answered = 3) {
  const questions = questionsStandIn(answered);
  const app = buildGatewayApp({
    config: gatewayConfigSchema.parse({
      LOG_LEVEL: 'silent',
      RATE_LIMIT_PER_MINUTE: '0',
      FRONTENDS_DIR: dir,
      ...env,
    }),
    logger: createLogger('gateway', 'silent'),
    upstreams: { questions: inProcessUpstream('questions', questions.app) },
    verifier: { verify: async () => null },
  });
  return { app, asked: questions.asked };
}

/** The gateway with no service deployed behind it. */
function gatewayWithoutServices() {
  return buildGatewayApp({
    config: gatewayConfigSchema.parse({ LOG_LEVEL: 'silent', FRONTENDS_DIR: dir }),
    logger: createLogger('gateway', 'silent'),
    upstreams: {},
    verifier: { verify: async () => null },
  });
}

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]);

describe("a question page's head", () => {
  const { app } = gateway({ PUBLIC_URL: 'https://uap.example/' });

  it("carries the question's title, the answer's preview and Open Graph tags, escaped", async () => {
    const response = await app.request(`/questions/${ANSWERED}`);
    expect(response.status).toBe(200);
    const page = await response.text();
    const head = page.slice(0, page.indexOf('</head>'));
    const escapedTitle = 'Why did the &lt;Phoenix&gt; lights &amp; &quot;flares&quot; hover?';
    expect(head).toContain(`<title>${escapedTitle} | UAP Answers</title>`);
    expect(head.match(/<title>/g)).toHaveLength(1);
    expect(head).not.toContain("The site's own description.");
    const description = PREVIEW.replaceAll('&', '&amp;')
      .replaceAll('<', '&lt;')
      .replaceAll('>', '&gt;')
      .replaceAll('"', '&quot;');
    expect(head).toContain(`<meta name="description" content="${description}" />`);
    expect(head).toContain(`<meta property="og:title" content="${escapedTitle}" />`);
    expect(head).toContain(`<meta property="og:description" content="${description}" />`);
    expect(head).toContain(
      `<meta property="og:url" content="https://uap.example/questions/${ANSWERED}" />`,
    );
    expect(head).toContain(
      `<link rel="canonical" href="https://uap.example/questions/${ANSWERED}" />`,
    );
    // No tag was opened by the question's text: every < in the head starts one of ours.
    expect(head).not.toContain('<Phoenix>');
    expect(head).not.toContain('<statements>');
    // The shell itself is still there.
    expect(page).toContain('<script type="module" src="/assets/app.js"></script>');
    expect(page).toContain('<div id="root"></div>');
  });

  it('is the 404 page, status 404, for a question visitors may not see and for an id in no form given out', async () => {
    for (const path of [
      `/questions/${PENDING}`,
      `/questions/${ANSWERED.toUpperCase()}`,
      '/questions/not-an-id',
      '/questions/1',
    ]) {
      const response = await app.request(path);
      expect(response.status, path).toBe(404);
      const page = await response.text();
      // Still the shell, with no question's head: the shell's router draws the 404 page.
      expect(page, path).toContain('<div id="root"></div>');
      expect(page, path).toContain('<title>UAP Answers</title>');
      expect(page, path).not.toContain('og:title');
    }
  });

  it('is the plain shell, status 200, when questions is not deployed: whether it exists is not known', async () => {
    const bare = gatewayWithoutServices();
    const response = await bare.request(`/questions/${ANSWERED}`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('<title>UAP Answers</title>');
  });
});

describe("a site page's head", () => {
  const { app } = gateway({ PUBLIC_URL: 'https://uap.example/' });

  it('carries its own title, description and canonical address, once, in place of the site’s', async () => {
    for (const [path, meta] of Object.entries(PAGE_META)) {
      const response = await app.request(path === '/auth' ? '/auth?tab=login' : path);
      expect(response.status, path).toBe(200);
      const page = await response.text();
      const head = page.slice(0, page.indexOf('</head>'));
      expect(head, path).toContain(`<title>${meta.title} | UAP Answers</title>`);
      expect(head.match(/<title>/g), path).toHaveLength(1);
      expect(head.match(/<meta name="description"/g), path).toHaveLength(1);
      expect(head, path).toContain(`<meta name="description" content="${meta.description}" />`);
      expect(head, path).toContain(`<link rel="canonical" href="https://uap.example${path}" />`);
      expect(head, path).toContain('<meta property="og:type" content="website" />');
      expect(page, path).toContain('<div id="root"></div>');
    }
  });
});

describe('pages that do not exist', () => {
  const { app } = gateway({ PUBLIC_URL: 'https://uap.example/' });

  it('answer 404 with the shell, whose router draws the 404 page', async () => {
    for (const path of [
      '/no-such-page',
      '/questions',
      '/questions/',
      '/auth/extra',
      '/privacy/x',
    ]) {
      const response = await app.request(path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get('content-type'), path).toMatch(/^text\/html/);
      const page = await response.text();
      expect(page, path).toContain('<div id="root"></div>');
      expect(page, path).toContain('<title>UAP Answers</title>');
    }
  });

  it("leave every page of the site's routes a 200, with or without a trailing slash", async () => {
    for (const route of PAGE_ROUTES) {
      if (route.includes(':')) continue;
      for (const path of route === '/' ? ['/'] : [route, `${route}/`]) {
        expect((await app.request(path)).status, path).toBe(200);
      }
    }
  });
});

describe('/sitemap.xml', () => {
  it("lists every answered question's page with its answer date, under PUBLIC_URL", async () => {
    const { app } = gateway({ PUBLIC_URL: 'https://uap.example' }, 3);
    const response = await app.request('/sitemap.xml');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const xml = await response.text();
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(locs(xml)).toEqual([
      ...SITEMAP_PAGES.map((path) => `https://uap.example${path}`),
      'https://uap.example/questions/0196a3c2-0000-7000-8000-000000000000',
      'https://uap.example/questions/0196a3c2-0000-7000-8000-000000000001',
      'https://uap.example/questions/0196a3c2-0000-7000-8000-000000000002',
    ]);
    expect(xml).toContain('<lastmod>2026-01-02T00:00:00.000Z</lastmod>');
  });

  it("uses the request's origin without PUBLIC_URL", async () => {
    const { app } = gateway({}, 1);
    const xml = await (await app.request('http://answers.test:8080/sitemap.xml')).text();
    expect(locs(xml)).toEqual([
      ...SITEMAP_PAGES.map((path) => `http://answers.test:8080${path}`),
      'http://answers.test:8080/questions/0196a3c2-0000-7000-8000-000000000000',
    ]);
  });

  it('becomes an index of pages past SITEMAP_PAGE_SIZE, each page its share', async () => {
    const { app } = gateway({ PUBLIC_URL: 'https://uap.example', SITEMAP_PAGE_SIZE: '2' }, 5);
    const index = await (await app.request('/sitemap.xml')).text();
    expect(index).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(locs(index)).toEqual([
      'https://uap.example/sitemap.xml?page=site',
      'https://uap.example/sitemap.xml?page=1',
      'https://uap.example/sitemap.xml?page=2',
      'https://uap.example/sitemap.xml?page=3',
    ]);
    const pages = [];
    for (const page of [1, 2, 3]) {
      const response = await app.request(`/sitemap.xml?page=${page}`);
      expect(response.status).toBe(200);
      pages.push(locs(await response.text()));
    }
    expect(pages.map((page) => page.length)).toEqual([2, 2, 1]);
    expect(new Set(pages.flat()).size).toBe(5);
    const site = await app.request('/sitemap.xml?page=site');
    expect(site.status).toBe(200);
    expect(locs(await site.text())).toEqual(
      SITEMAP_PAGES.map((path) => `https://uap.example${path}`),
    );
    expect(SITEMAP_PAGES).toContain('/privacy');
    expect(SITEMAP_PAGES).toContain('/terms');
    expect((await app.request('/sitemap.xml?page=4')).status).toBe(404);
    expect((await app.request('/sitemap.xml?page=0')).status).toBe(404);
    expect((await app.request('/sitemap.xml?page=x')).status).toBe(404);
  });

  it('asks questions for one row, not a page, to write an index', async () => {
    const { app, asked } = gateway({ SITEMAP_PAGE_SIZE: '2' }, 5);
    await app.request('/sitemap.xml');
    expect(asked).toHaveLength(1);
    expect(new URL(asked[0]!).searchParams.get('limit')).toBe('1');
  });

  it('answers 503 when questions is not deployed', async () => {
    const bare = gatewayWithoutServices();
    expect((await bare.request('/sitemap.xml')).status).toBe(503);
  });
});

describe('/robots.txt', () => {
  it('is text that lets crawlers read the pages, not the API, and names the sitemap', async () => {
    const { app } = gateway({ PUBLIC_URL: 'https://uap.example/' });
    const response = await app.request('/robots.txt');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const text = await response.text();
    expect(text).not.toContain('<');
    expect(text.split('\n')).toEqual(
      expect.arrayContaining([
        'User-agent: *',
        'Disallow: /api/',
        'Sitemap: https://uap.example/sitemap.xml',
      ]),
    );
  });

  it("names the sitemap under the request's origin without PUBLIC_URL", async () => {
    const { app } = gateway({});
    const text = await (await app.request('http://answers.test:8080/robots.txt')).text();
    expect(text).toContain('Sitemap: http://answers.test:8080/sitemap.xml\n');
  });
});
