import type { ModerationItem, PendingQuestionsQuery } from '@uapqa/contracts';
import { isoInstant, keysetCursor } from '@uapqa/service-kit';
import type { Executor } from '@uapqa/service-kit/db';
import { and, asc, count, eq, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { queueItems } from './db/schema.js';
import { fromQueue, toItem } from './shape.js';

/** Keyset position in the queue: the last item's submission time and id. */
const queueCursor = keysetCursor(
  z.object({
    s: isoInstant,
    i: z
      .string()
      .min(1)
      .max(200)
      .refine((id) => !id.includes('\u0000')),
  }),
);

export interface PendingPage {
  items: ModerationItem[];
  /** Pending questions in all pages. */
  total: number;
  /** Where the next page starts; absent at the end. */
  nextCursor?: string;
}

/** The review queue: pending questions, oldest first, `limit` after the `cursor` position. */
export async function readPendingPage(
  db: Executor,
  { limit, cursor }: PendingQuestionsQuery,
): Promise<PendingPage> {
  const where: SQL[] = [eq(queueItems.status, 'pending')];
  if (cursor) {
    const after = queueCursor.decode(cursor);
    where.push(
      sql`(${queueItems.submittedAt}, ${queueItems.questionId}) > (${after.s}::timestamptz, ${after.i})`,
    );
  }
  const [rows, [total]] = await Promise.all([
    fromQueue(db)
      .where(and(...where))
      .orderBy(asc(queueItems.submittedAt), asc(queueItems.questionId))
      .limit(limit + 1),
    db.select({ n: count() }).from(queueItems).where(eq(queueItems.status, 'pending')),
  ]);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map(toItem),
    total: total?.n ?? 0,
    ...(rows.length > limit && last
      ? {
          nextCursor: queueCursor.encode({
            s: last.item.submittedAt.toISOString(),
            i: last.item.questionId,
          }),
        }
      : {}),
  };
}
