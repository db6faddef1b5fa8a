import type { TaxonomyChanged } from '@uapqa/contracts';
import { type Remembered, remembered } from '@uapqa/service-kit';
import { type Executor, preparedOnce } from '@uapqa/service-kit/db';
import { asc } from 'drizzle-orm';
import type { z } from 'zod';
import type { ArchivePages } from './archive-pages.js';
import { categories, tags } from './db/schema.js';
import { describeWindows, type WindowTimes } from './windows.js';

export type TaxonomyList = 'categories' | 'tags';

/**
 * The small public lists every browse page view and every `/api/creators` asks for, as the JSON
 * bodies served: categories and topics, and the experts' windows (keyed by the window, so a new
 * week starts on new places). Whoever changes what they read calls `changed()`: a replica's own
 * writes, and every replica's, followed on the bus (`events/consumers.ts`).
 */
export interface PublicLists {
  taxonomy: Remembered<TaxonomyList, string>;
  windows: Remembered<WindowTimes, string>;
}

/** What the lists, and the admin writes' answers, show of a category or a topic. */
export const taxonomyColumns = {
  categories: { id: categories.id, name: categories.name, description: categories.description },
  tags: { id: tags.id, name: tags.name, description: tags.description },
};

function readTaxonomy(db: Executor, list: TaxonomyList): Promise<unknown[]> {
  // Each statement is built and planned once.
  if (list === 'categories') {
    return preparedOnce(db, 'categories_list', () =>
      db
        .select(taxonomyColumns.categories)
        .from(categories)
        .orderBy(asc(categories.name))
        .prepare('categories_list'),
    ).execute();
  }
  return preparedOnce(db, 'tags_list', () =>
    db.select(taxonomyColumns.tags).from(tags).orderBy(asc(tags.name)).prepare('tags_list'),
  ).execute();
}

/** `ttlMs` bounds only writes nobody announces (a script's); 0 reads every time. */
export function publicLists(db: Executor, ttlMs: number): PublicLists {
  return {
    taxonomy: remembered(
      async (list) => JSON.stringify(await readTaxonomy(db, list)),
      (list) => list,
      { ttlMs, max: 2 },
    ),
    windows: remembered(
      async (window) => JSON.stringify(await describeWindows(db, window)),
      (window) => window.opensAt.toISOString(),
      { ttlMs, max: 4 },
    ),
  };
}

/**
 * What a category or topic change leaves stale in a replica's memory: its lists, and, for a
 * deleted topic, the archive pages that showed it on their questions. The replica that wrote
 * the change and every replica that sees its event apply the same rule.
 */
export function renewAfterTaxonomyChange(
  { lists, archivePages }: { lists: PublicLists; archivePages: ArchivePages },
  { kind, change }: Pick<z.infer<typeof TaxonomyChanged.schema>, 'kind' | 'change'>,
): void {
  lists.taxonomy.changed();
  if (kind === 'tag' && change === 'deleted') archivePages.changed();
}
