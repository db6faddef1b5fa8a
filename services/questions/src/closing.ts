import { FORMER_MEMBER } from '@uapqa/contracts';
import type { Executor } from '@uapqa/service-kit/db';
import { and, eq, inArray } from 'drizzle-orm';
import { creditReservations, experts, questions } from './db/schema.js';
import { releasePlace } from './windows.js';

/**
 * A member closed their account. What they asked that never reached the archive (waiting for
 * moderation, or rejected) is deleted, giving back its place in the expert's window; what was
 * approved stays on its way to an answer, and what was answered stays in the archive, anonymous
 * as every question is publicly (the asker's bare id names nobody once identity forgot them).
 * An expert's answers stay too, under "a former member": their name and bio are removed. Safe to
 * run twice: the second run finds nothing left to change.
 */
export async function forgetMember(tx: Executor, userId: number): Promise<void> {
  const removed = await tx
    .delete(questions)
    .where(and(eq(questions.askerId, userId), inArray(questions.status, ['pending', 'rejected'])))
    .returning({
      id: questions.id,
      status: questions.status,
      expertId: questions.requestedExpertId,
      opensAt: questions.windowOpensAt,
    });
  if (removed.length > 0) {
    await tx.delete(creditReservations).where(
      inArray(
        creditReservations.questionId,
        removed.map((question) => question.id),
      ),
    );
  }
  for (const question of removed) {
    // A rejected question gave its place back when it was rejected.
    if (question.status === 'pending' && question.opensAt) {
      await releasePlace(tx, { expertId: question.expertId, opensAt: question.opensAt });
    }
  }
  await tx
    .update(experts)
    .set({
      brandName: FORMER_MEMBER,
      firstName: null,
      lastName: null,
      bio: null,
      listed: false,
      updatedAt: new Date(),
    })
    .where(eq(experts.userId, userId));
}
