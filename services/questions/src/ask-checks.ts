import { type Executor, preparedOnce } from '@uapqa/service-kit/db';
import { eq, sql } from 'drizzle-orm';
import { categories, experts, questionWindows, tags } from './db/schema.js';

export interface AskChecks {
  /** Null when no approved expert has that user id; `listed` false once they are delisted. */
  expert: { userId: number; questionsPerWeek: number; name: string; listed: boolean } | null;
  /** Null when there is no such category. */
  category: { id: number; name: string } | null;
  /** The chosen topics that exist, by id. */
  chosenTags: Array<{ id: number; name: string }>;
  /**
   * Whether the expert's window opening at `opensAt` has no place left, read without a lock: a
   * refusal then costs no reservation and no transaction. `claimPlace` still decides, under the
   * window row's lock.
   */
  windowFull: boolean;
}

function prepareChecks(db: Executor) {
  const tagList = sql`coalesce(json_agg(json_build_object('id', ${tags.id}, 'name', ${tags.name}) order by ${tags.id}), '[]'::json)`;
  return db
    .select({
      userId: experts.userId,
      questionsPerWeek: experts.questionsPerWeek,
      listed: experts.listed,
      firstName: experts.firstName,
      brandName: experts.brandName,
      categoryName: sql<string | null>`(
        select ${categories.name} from ${categories}
        where ${categories.id} = ${sql.placeholder('categoryId')})`,
      chosenTags: sql<Array<{ id: number; name: string }>>`(
        select ${tagList} from ${tags}
        where ${tags.id} = any(${sql.placeholder('tagIds')}::int[]))`,
      windowFull: sql<boolean>`coalesce((
        select ${questionWindows.accepted} >= ${questionWindows.capacity} from ${questionWindows}
        where ${questionWindows.expertId} = ${experts.userId}
          and ${questionWindows.opensAt} = ${sql.placeholder('opensAt')}::timestamptz), false)`,
    })
    .from(experts)
    .where(eq(experts.userId, sql.placeholder('expertId')))
    .prepare('ask_checks');
}

/**
 * What a submission is checked against before anything is written (the expert, the category,
 * the chosen topics, whether the expert's window is full), read in one prepared statement: a
 * window-open burst is mostly refusals, and each now costs one round trip instead of four.
 */
export async function readAskChecks(
  db: Executor,
  ask: { expertId: number; categoryId: number; tagIds: number[]; opensAt: Date },
): Promise<AskChecks> {
  const [row] = await preparedOnce(db, 'ask_checks', () => prepareChecks(db)).execute({
    expertId: ask.expertId,
    categoryId: ask.categoryId,
    tagIds: ask.tagIds,
    opensAt: ask.opensAt.toISOString(),
  });
  if (!row) return { expert: null, category: null, chosenTags: [], windowFull: false };
  return {
    expert: {
      userId: row.userId,
      questionsPerWeek: row.questionsPerWeek,
      name: row.firstName || row.brandName || 'this expert',
      listed: row.listed,
    },
    category: row.categoryName === null ? null : { id: ask.categoryId, name: row.categoryName },
    // json: postgres.js and PGlite both hand it back parsed.
    chosenTags: row.chosenTags,
    windowFull: row.windowFull,
  };
}
