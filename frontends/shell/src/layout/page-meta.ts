import { PAGE_META, type PageMeta, pageTitle, SITE_PAGE } from '@uapqa/contracts';
import { useLocation } from '@uapqa/ui/router';
import { useEffect, useRef } from 'react';

/** Sets the document's title and meta description (the one the HTML came with, or a new one). */
export function applyPageMeta(meta: Partial<PageMeta>): void {
  if (meta.title) document.title = pageTitle({ title: meta.title });
  if (meta.description === undefined) return;
  let tag = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!tag) {
    tag = document.createElement('meta');
    tag.name = 'description';
    document.head.append(tag);
  }
  tag.content = meta.description;
}

/**
 * Keeps the title and description the gateway wrote for the first page true as the visitor
 * navigates: each route of `PAGE_META` gets its own. A page without an entry (a question, the
 * 404) sets its own title; it gets the site's description, except on the first load, where the
 * HTML already carries its own.
 */
export function usePageMeta(): void {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    const meta = PAGE_META[pathname];
    if (meta) applyPageMeta(meta);
    else if (!first.current) applyPageMeta({ description: SITE_PAGE.description });
    first.current = false;
  }, [pathname]);
}
