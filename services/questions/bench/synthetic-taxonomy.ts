import type { Database } from '@uapqa/service-kit/db';
import { inArray, sql } from 'drizzle-orm';
import { categories, experts, tags } from '../src/db/schema.js';
import { DEMO_CATEGORIES, DEMO_TAGS } from '../src/seed.js';

/** The demo taxonomy, plus a few topics, so synthetic and demo archives classify alike. */
export const SYNTHETIC_CATEGORIES = DEMO_CATEGORIES;
export const SYNTHETIC_TAGS = [
  ...DEMO_TAGS,
  'Pilots',
  'Satellites',
  'Balloons',
  'Landing traces',
  'Photographs',
];

/** The experts who answered the synthetic archive (user ids 900001..900005). */
export const SYNTHETIC_EXPERTS = [
  { userId: 900001, firstName: 'Helen', lastName: 'Marsh', brandName: 'Skywatch Archive' },
  { userId: 900002, firstName: 'Tomas', lastName: 'Reyes', brandName: 'Radar Ledger' },
  { userId: 900003, firstName: 'Priya', lastName: 'Nair', brandName: 'The Disclosure Desk' },
  { userId: 900004, firstName: 'Owen', lastName: 'Fairbanks', brandName: 'Blue Book Notes' },
  { userId: 900005, firstName: 'Ingrid', lastName: 'Solberg', brandName: 'Nordic Lights Study' },
];

/** Categories, tags and experts the archive refers to, inserted when missing. */
export async function ensureTaxonomy(
  db: Database,
): Promise<{ categoryIds: number[]; tagIds: number[] }> {
  await db.insert(categories).values(SYNTHETIC_CATEGORIES).onConflictDoNothing();
  await db
    .insert(tags)
    .values(SYNTHETIC_TAGS.map((name) => ({ name })))
    .onConflictDoNothing();
  await db
    .insert(experts)
    .values(
      SYNTHETIC_EXPERTS.map((expert, index) => ({
        ...expert,
        creatorId: 90_001 + index,
        bio: `${expert.firstName} ${expert.lastName} answers questions in the synthetic benchmark archive.`,
        questionsPerWeek: 10,
      })),
    )
    .onConflictDoNothing();
  // The unique indexes are on lower(name): select back whatever spelling is already stored.
  const categoryRows = await db
    .select({ id: categories.id })
    .from(categories)
    .where(
      inArray(
        sql`lower(${categories.name})`,
        SYNTHETIC_CATEGORIES.map((category) => category.name.toLowerCase()),
      ),
    )
    .orderBy(categories.id);
  const tagRows = await db
    .select({ id: tags.id })
    .from(tags)
    .where(
      inArray(
        sql`lower(${tags.name})`,
        SYNTHETIC_TAGS.map((name) => name.toLowerCase()),
      ),
    )
    .orderBy(tags.id);
  if (
    categoryRows.length !== SYNTHETIC_CATEGORIES.length ||
    tagRows.length !== SYNTHETIC_TAGS.length
  ) {
    throw new Error('generateArchive: could not ensure the synthetic categories and tags');
  }
  return { categoryIds: categoryRows.map((row) => row.id), tagIds: tagRows.map((row) => row.id) };
}
