import { type Expert, expertPagePath, SITEMAP_PAGES, type SitemapPage } from '@uapqa/contracts';
import type { Context, Hono } from 'hono';
import { escapeToBuffer, type StringBuffer } from 'hono/utils/html';
import { upstreamJson } from '../compose/upstream-json.js';
import type { Upstreams } from '../upstreams.js';
import { siteOrigin } from './head.js';

const XML_HEADER = '<?xml version="1.0" encoding="UTF-8"?>\n';
/** The furthest position questions' sitemap list reads from. */
const MAX_OFFSET = 1_000_000_000;
const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/** Text as XML character data (hono's HTML escaping: &, <, >, " and ' as references). */
function xml(text: string): string {
  const buffer: StringBuffer = [''];
  escapeToBuffer(text, buffer);
  return buffer[0] as string;
}

function urlset(urls: string[]): string {
  return `${XML_HEADER}<urlset xmlns="${SITEMAP_NS}">\n${urls.join('\n')}\n</urlset>\n`;
}

function questionUrls(origin: string, page: SitemapPage): string[] {
  return page.entries.map(
    (entry) =>
      `<url><loc>${xml(`${origin}/questions/${entry.id}`)}</loc><lastmod>${xml(entry.answeredAt)}</lastmod></url>`,
  );
}

/** The site's own pages (privacy, terms, the archive…), which change with a deploy, not a date. */
function sitePageUrls(origin: string): string[] {
  return SITEMAP_PAGES.map((path) => `<url><loc>${xml(`${origin}${path}`)}</loc></url>`);
}

/** Every listed expert's page: found by search engines without a question of theirs in hand. */
function expertUrls(origin: string, experts: readonly Pick<Expert, 'handle'>[]): string[] {
  return experts.map(
    (expert) => `<url><loc>${xml(`${origin}${expertPagePath(expert.handle)}`)}</loc></url>`,
  );
}

function sitemapIndex(origin: string, pages: number): string {
  const items = [`${origin}/sitemap.xml?page=site`]
    .concat(Array.from({ length: pages }, (_, index) => `${origin}/sitemap.xml?page=${index + 1}`))
    .map((loc) => `<sitemap><loc>${xml(loc)}</loc></sitemap>`);
  return `${XML_HEADER}<sitemapindex xmlns="${SITEMAP_NS}">\n${items.join('\n')}\n</sitemapindex>\n`;
}

/**
 * `GET /sitemap.xml`: the site's own pages (`SITEMAP_PAGES`), every listed expert's page (from
 * identity's `GET /api/creators`) and every answered question's page, with the answer's date as
 * `lastmod`. Up to `pageSize` questions it is one list; beyond, it is an index of
 * `/sitemap.xml?page=site` (the site's and the experts' pages) and `/sitemap.xml?page=N`, each a list
 * of `pageSize` questions, oldest answer first so a page's contents stay put as new
 * answers arrive. The pages come from questions' `GET /api/questions/sitemap`.
 */
export function mountSitemap(
  app: Hono,
  upstreams: Upstreams,
  { publicUrl, pageSize }: { publicUrl: string | undefined; pageSize: number },
): void {
  const read = (c: Context, offset: number, limit: number) =>
    upstreamJson<SitemapPage>(
      c,
      upstreams,
      'questions',
      `/api/questions/sitemap?offset=${offset}&limit=${limit}`,
      { waitForIt: true },
    );
  /**
   * The site's pages and the experts': null when identity fails (a sitemap is kept for a while,
   * so it is not written with a hole); without identity deployed there are no expert pages.
   */
  const sitePages = async (c: Context, origin: string) => {
    const experts = upstreams.identity
      ? await upstreamJson<Expert[]>(c, upstreams, 'identity', '/api/creators', {
          waitForIt: true,
        })
      : [];
    return experts && [...sitePageUrls(origin), ...expertUrls(origin, experts)];
  };
  const unavailable = (c: Context) =>
    c.text('The sitemap is not available right now; please try again later.', 503, {
      'Retry-After': '60',
    });
  const xmlResponse = (c: Context, body: string) =>
    c.body(body, 200, {
      'Content-Type': 'application/xml; charset=utf-8',
      'Cache-Control': 'public, max-age=600',
    });

  app.get('/sitemap.xml', async (c) => {
    const origin = siteOrigin(publicUrl, c.req.url);
    const asked = c.req.query('page');
    if (asked === undefined) {
      // How many there are first: an archive of millions sends one row, not a page, for its index.
      const head = await read(c, 0, 1);
      if (!head) return unavailable(c);
      if (head.total > pageSize)
        return xmlResponse(c, sitemapIndex(origin, Math.ceil(head.total / pageSize)));
      const [all, site] = await Promise.all([read(c, 0, pageSize), sitePages(c, origin)]);
      if (!all || !site) return unavailable(c);
      return xmlResponse(c, urlset([...site, ...questionUrls(origin, all)]));
    }
    if (asked === 'site') {
      const site = await sitePages(c, origin);
      return site ? xmlResponse(c, urlset(site)) : unavailable(c);
    }
    const number = /^[1-9]\d{0,8}$/.test(asked) ? Number(asked) : 0;
    if (!number || (number - 1) * pageSize > MAX_OFFSET)
      return c.text('No such sitemap page.', 404);
    const page = await read(c, (number - 1) * pageSize, pageSize);
    if (!page) return unavailable(c);
    if (page.entries.length === 0 && number > 1) return c.text('No such sitemap page.', 404);
    return xmlResponse(c, urlset(questionUrls(origin, page)));
  });
}
