import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ANONYMOUS_PREVIEW_CHARS } from '@uapqa/contracts';
import { createLogger } from '@uapqa/service-kit';
import { type Context, Hono } from 'hono';
import { afterAll, describe, expect, it } from 'vitest';
import { buildGatewayApp } from '../src/app.js';
import { gatewayConfigSchema } from '../src/config.js';
import { inProcessUpstream } from '../src/upstreams.js';

const dir = mkdtempSync(join(tmpdir(), 'feed-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
mkdirSync(join(dir, 'shell', 'dist'), { recursive: true });
writeFileSync(
  join(dir, 'shell', 'dist', 'index.html'),
  `<!doctype html><html><head><meta charset="UTF-8" />
<title>UAP Answers</title><script type="module" src="/assets/app.js"></script></head>
<body><div id="root"></div></body></html>`,
);

/** A word only past the preview of every answer below. */
const HIDDEN_WORD = 'quillwort';
const WHOLE =
  'Both operators logged the same radar track for eleven minutes on separate consoles, and the ' +
  `tower confirmed it visually. The residue was ${HIDDEN_WORD} pollen, as the botanist wrote.`;
const PREVIEW = `${WHOLE.slice(0, ANONYMOUS_PREVIEW_CHARS)}...`;
const ANSWERED = '0196a3c2-1111-7000-8000-000000000001';
/** A question whose stand-in wrongly sends the whole answer to a visitor. */
const LEAKY = '0196a3c2-3333-7000-8000-000000000003';
const TITLE = 'Did the </script><script>alert(1)</script> lights & "flares" hover?';
const SESSION_TOKEN = 'subscriber-token';

/** A question as questions answers it: the whole answer with a session, its preview without. */
function question(id: string, index: number, whole: boolean) {
  return {
    id,
    title: index === 0 ? TITLE : `Question ${index}\u0007 about <orbs> & 'lights'`,
    content: 'Several witnesses describe the same thing.',
    status: 'answered',
    category: { name: 'Sightings & Lights' },
    createdAt: new Date(Date.UTC(2026, 0, 1 + index)).toISOString(),
    answer: {
      content: whole ? WHOLE : PREVIEW,
      createdAt: new Date(Date.UTC(2026, 1, 10 - index)).toISOString(),
      truncated: !whole,
    },
    creator: { userId: 40, firstName: 'Dana', lastName: 'Whitfield', brandName: null },
  };
}

/** Stands in for questions; it answers whole to any request that carries a session. */
function questionsStandIn() {
  const app = new Hono();
  const asked: Array<{ url: string; authorized: boolean }> = [];
  const whole = (c: Context) => {
    const authorized = Boolean(c.req.header('authorization') || c.req.header('cookie'));
    const url = new URL(c.req.url);
    asked.push({ url: `${url.pathname}${url.search}`, authorized });
    return authorized;
  };
  app.get('/api/questions', (c) => {
    const answerWhole = whole(c);
    const ids = [ANSWERED, '0196a3c2-0000-7000-8000-000000000002', LEAKY];
    return c.json(ids.map((id, index) => question(id, index, answerWhole)));
  });
  app.get('/api/questions/:id', (c) => {
    const id = c.req.param('id');
    if (id === LEAKY)
      return c.json({
        ...question(id, 2, true),
        answer: { ...question(id, 2, true).answer, truncated: undefined },
      });
    return c.json(question(id, 0, whole(c)));
  });
  return { app, asked };
}

function gateway(withQuestions = true) {
  const questions = questionsStandIn();
  const app = buildGatewayApp({
    config: gatewayConfigSchema.parse({
      LOG_LEVEL: 'silent',
      RATE_LIMIT_PER_MINUTE: '0',
      FRONTENDS_DIR: dir,
      PUBLIC_URL: 'https://uap.example/',
    }),
    logger: createLogger('gateway', 'silent'),
    upstreams: withQuestions ? { questions: inProcessUpstream('questions', questions.app) } : {},
    verifier: {
      verify: async (token) =>
        token === SESSION_TOKEN
          ? {
              userId: 7,
              sessionId: 's',
              role: 'user' as const,
              username: 'member',
              expiresAt: new Date(Date.now() + 600_000),
            }
          : null,
    },
  });
  return { app, asked: questions.asked };
}

/** A subscriber's request: their session cookie. */
const signedIn = { headers: { cookie: `session=${SESSION_TOKEN}` } };

/** The JSON-LD blocks of a page's head, parsed. */
async function jsonLdOf(response: Response) {
  const page = await response.text();
  const head = page.slice(0, page.indexOf('</head>'));
  const blocks = [...head.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map(
    (match) => JSON.parse(match[1]!),
  );
  return { head, blocks };
}

describe("a question page's JSON-LD", () => {
  it('is a QAPage of the question and its accepted answer’s preview, escaped so no text leaves the script', async () => {
    const { app } = gateway();
    const response = await app.request(`/questions/${ANSWERED}`);
    expect(response.status).toBe(200);
    const { head, blocks } = await jsonLdOf(response);
    const url = `https://uap.example/questions/${ANSWERED}`;
    expect(blocks).toEqual([
      {
        '@context': 'https://schema.org',
        '@type': 'QAPage',
        mainEntity: {
          '@type': 'Question',
          name: TITLE,
          text: 'Several witnesses describe the same thing.',
          dateCreated: '2026-01-01T00:00:00.000Z',
          answerCount: 1,
          acceptedAnswer: {
            '@type': 'Answer',
            text: PREVIEW,
            dateCreated: '2026-02-10T00:00:00.000Z',
            url,
            author: { '@type': 'Person', name: 'Dana Whitfield' },
          },
        },
      },
    ]);
    // The title's </script> is \u003c/script\u003e inside the JSON: the head has our scripts only.
    expect(head).toContain('\\u003c/script\\u003e\\u003cscript\\u003ealert(1)');
    expect(head).not.toContain('<script>alert(1)');
    expect(head.match(/<script/g)).toHaveLength(2);
  });

  it("stays the public preview whatever session the page's request carries", async () => {
    const { app, asked } = gateway();
    const response = await app.request(`/questions/${ANSWERED}`, signedIn);
    const { head, blocks } = await jsonLdOf(response);
    expect(blocks[0].mainEntity.acceptedAnswer.text).toBe(PREVIEW);
    expect(head).not.toContain(HIDDEN_WORD);
    expect(asked.every((request) => !request.authorized)).toBe(true);
  });

  it('cuts a whole answer to its preview should questions ever send one', async () => {
    const { app } = gateway();
    const { head, blocks } = await jsonLdOf(await app.request(`/questions/${LEAKY}`));
    expect(blocks[0].mainEntity.acceptedAnswer.text).toBe(PREVIEW);
    expect(head).toContain(`<meta name="description" content="${PREVIEW}" />`);
    expect(head).not.toContain(HIDDEN_WORD);
  });
});

describe('/feed.xml', () => {
  it('is an Atom feed of the newest answers, each its public preview, escaped', async () => {
    const { app, asked } = gateway();
    const response = await app.request('/feed.xml');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/atom+xml; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('public, max-age=600');
    expect(asked).toEqual([{ url: '/api/questions?limit=50&sort=newest', authorized: false }]);
    const xml = await response.text();
    expect(
      xml.startsWith(
        '<?xml version="1.0" encoding="utf-8"?>\n<feed xmlns="http://www.w3.org/2005/Atom">',
      ),
    ).toBe(true);
    expect(xml).toContain('<id>https://uap.example/feed.xml</id>');
    expect(xml).toContain(
      '<link rel="self" type="application/atom+xml" href="https://uap.example/feed.xml"/>',
    );
    // The feed's date is its newest entry's.
    expect(xml).toContain('<updated>2026-02-10T00:00:00.000Z</updated>\n  <author>');
    const entries = [...xml.matchAll(/<entry>([\s\S]*?)<\/entry>/g)].map((match) => match[1]!);
    expect(entries).toHaveLength(3);
    const first = entries[0]!;
    expect(first).toContain(`<id>https://uap.example/questions/${ANSWERED}</id>`);
    expect(first).toContain(
      `<link rel="alternate" type="text/html" href="https://uap.example/questions/${ANSWERED}"/>`,
    );
    expect(first).toContain('<updated>2026-02-10T00:00:00.000Z</updated>');
    expect(first).toContain('<author><name>Dana Whitfield</name></author>');
    expect(first).toContain('<category term="Sightings &amp; Lights"/>');
    expect(first).toContain(
      '<title type="text">Did the &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; lights &amp; &quot;flares&quot; hover?</title>',
    );
    expect(first).toContain(`<summary type="text">${PREVIEW}</summary>`);
    // A control character XML forbids is left out, not written.
    expect(entries[1]).toContain(
      '<title type="text">Question 1 about &lt;orbs&gt; &amp; &apos;lights&apos;</title>',
    );
    expect(xml).not.toContain('\u0007');
    expect(xml).not.toContain(HIDDEN_WORD);
  });

  it('carries previews only, whatever session the request carries', async () => {
    const { app, asked } = gateway();
    const xml = await (await app.request('/feed.xml', signedIn)).text();
    expect(xml).not.toContain(HIDDEN_WORD);
    expect(asked.every((request) => !request.authorized)).toBe(true);
  });

  it('answers 503 when questions is not deployed', async () => {
    const { app } = gateway(false);
    const response = await app.request('/feed.xml');
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('60');
  });

  it("is named in every page's head", async () => {
    const { app } = gateway();
    const link =
      '<link rel="alternate" type="application/atom+xml" title="UAP Answers: newly answered questions" href="/feed.xml" />';
    for (const path of ['/', '/browse-qa', `/questions/${ANSWERED}`]) {
      const { head } = await jsonLdOf(await app.request(path));
      expect(head, path).toContain(link);
    }
  });
});
