import { SITE_NAME } from '@uapqa/contracts';
import { html } from 'hono/html';
import { jsonLdScript } from './json-ld.js';

/** The Atom feed of newly answered questions (feed.ts), which every page's head names. */
export const FEED_PATH = '/feed.xml';
export const FEED_TITLE = `${SITE_NAME}: newly answered questions`;

/** What a shared link or a crawler reads of a page before any script runs. */
export interface PageHead {
  title: string;
  description: string;
  /** The page's canonical, absolute URL. */
  url: string;
  /**
   * Open Graph's kind of page: a question is an article (the default), a site page a website,
   * an expert's page a profile.
   */
  type?: 'article' | 'website' | 'profile';
  /** Structured data for search engines (schema.org), written as a JSON-LD script. */
  jsonLd?: Record<string, unknown>;
}

/** What a page's head function found: there is no such page (answered 404, still the shell). */
export const NO_SUCH_PAGE = 'no-such-page';
/** A page's own head; null for the site's default head; or NO_SUCH_PAGE. */
export type PageHeadAnswer = PageHead | null | typeof NO_SUCH_PAGE;

/**
 * The head tags of a page, every value escaped (by hono's html template; the JSON-LD by
 * jsonLdScript, as a script's content is not HTML). The feed is named with a path: the site is
 * served from its origin's root, as the shell's own links are.
 */
export function headTags(head: PageHead): string {
  const title = `${head.title} | ${SITE_NAME}`;
  const structured = head.jsonLd ? `\n    ${jsonLdScript(head.jsonLd)}` : '';
  const tags = String(html`<title>${title}</title>
    <meta name="description" content="${head.description}" />
    <link rel="canonical" href="${head.url}" />
    <meta property="og:type" content="${head.type ?? 'article'}" />
    <meta property="og:site_name" content="${SITE_NAME}" />
    <meta property="og:title" content="${head.title}" />
    <meta property="og:description" content="${head.description}" />
    <meta property="og:url" content="${head.url}" />
    <meta name="twitter:card" content="summary" />
    <meta name="twitter:title" content="${head.title}" />
    <meta name="twitter:description" content="${head.description}" />
    <link rel="alternate" type="application/atom+xml" title="${FEED_TITLE}" href="${FEED_PATH}" />`);
  return `${tags}${structured}`;
}

const TITLE = /<title>[^<]*<\/title>/i;
const DESCRIPTION = /<meta\s+name="description"[^>]*>/i;

/**
 * The shell's index.html with the page's own title and description in place of the site's:
 * the built file's defaults are taken out and the page's tags go at the end of its head.
 */
export function withHead(indexHtml: string, head: PageHead): string {
  const stripped = indexHtml.replace(TITLE, '').replace(DESCRIPTION, '');
  const at = stripped.search(/<\/head>/i);
  if (at < 0) return indexHtml;
  return `${stripped.slice(0, at)}${headTags(head)}\n${stripped.slice(at)}`;
}

/** The address links to this site are written with: PUBLIC_URL, else the request's origin. */
export function siteOrigin(publicUrl: string | undefined, requestUrl: string): string {
  return (publicUrl ?? new URL(requestUrl).origin).replace(/\/+$/, '');
}
