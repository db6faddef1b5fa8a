import { PAGE_META } from '@uapqa/contracts';
import type { PageHeads } from '../static.js';
import { siteOrigin } from './head.js';

/**
 * The head of every route the shell serves by path (`PAGE_META`): its own title, description
 * and canonical address in the HTML itself, for crawlers and link previews that run no script.
 */
export function sitePageHeads(publicUrl: string | undefined): PageHeads {
  const heads: PageHeads = {};
  for (const [path, meta] of Object.entries(PAGE_META)) {
    heads[path] = async (c) => ({
      ...meta,
      url: `${siteOrigin(publicUrl, c.req.url)}${path}`,
      type: 'website',
    });
  }
  return heads;
}
