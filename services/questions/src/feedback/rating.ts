import { MIN_RATINGS_SHOWN, type RatingBody } from '@uapqa/contracts';
import { conflict } from '@uapqa/service-kit';
import type { Database, Executor } from '@uapqa/service-kit/db';
import { and, avg, count, eq, isNotNull } from 'drizzle-orm';
import { questions } from '../db/schema.js';
import { answeredQuestionFor } from './answered-question.js';

/** The asker rates the answer once; the rating also closes the expert's edit window. */
export async function rateAnswer(
  db: Database,
  rating: RatingBody & { questionId: string; askerId: number; now: Date },
): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await answeredQuestionFor(tx, rating.questionId, {
      userId: rating.askerId,
      as: 'asker',
    });
    if (row.ratedAt) throw conflict('You have already rated this answer.');
    await tx
      .update(questions)
      .set({ rating: rating.stars, ratingComment: rating.comment, ratedAt: rating.now })
      .where(eq(questions.id, row.id));
  });
}

/**
 * An expert's rating: the average of their rated answers, to one decimal, shown only from
 * MIN_RATINGS_SHOWN ratings on (one or two ratings say more about the raters than the expert).
 */
export async function expertRating(
  db: Executor,
  expertId: number,
): Promise<{ rating: number | null; ratingCount: number }> {
  const [row] = await db
    .select({ average: avg(questions.rating), ratings: count(questions.rating) })
    .from(questions)
    .where(and(eq(questions.assignedExpertId, expertId), isNotNull(questions.rating)));
  const ratingCount = Number(row?.ratings ?? 0);
  const rating =
    ratingCount >= MIN_RATINGS_SHOWN && row?.average != null
      ? Math.round(Number(row.average) * 10) / 10
      : null;
  return { rating, ratingCount };
}
