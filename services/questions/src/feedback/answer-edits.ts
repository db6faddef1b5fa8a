import { conflict } from '@uapqa/service-kit';
import type { Database } from '@uapqa/service-kit/db';
import { asc, eq } from 'drizzle-orm';
import { answerRevisions, questions } from '../db/schema.js';
import { answeredQuestionFor, editableUntil } from './answered-question.js';

/**
 * The expert replaces their answer's text while the edit window is open. The text it replaces is
 * kept, with when it was written, so staff can read every version the member may have read.
 */
export async function editAnswer(
  db: Database,
  edit: { questionId: string; expertId: number; content: string; now: Date },
): Promise<{ changed: boolean; editedAt: Date | null }> {
  return db.transaction(async (tx) => {
    const row = await answeredQuestionFor(tx, edit.questionId, {
      userId: edit.expertId,
      as: 'expert',
    });
    if (row.ratedAt)
      throw conflict('The member has rated this answer, so it can no longer be edited.');
    const until = editableUntil(row);
    if (!until || edit.now > until) {
      throw conflict('An answer can be edited only within 24 hours of publishing.');
    }
    if (row.answerContent === edit.content) return { changed: false, editedAt: row.answerEditedAt };
    await tx.insert(answerRevisions).values({
      questionId: row.id,
      content: row.answerContent,
      writtenAt: row.answerEditedAt ?? row.answeredAt,
      replacedAt: edit.now,
    });
    await tx
      .update(questions)
      .set({ answerContent: edit.content, answerEditedAt: edit.now })
      .where(eq(questions.id, row.id));
    return { changed: true, editedAt: edit.now };
  });
}

/** An answer's current text and the ones it replaced, oldest first; null when unanswered. */
export async function answerHistory(db: Database, questionId: string) {
  const [row] = await db
    .select({
      content: questions.answerContent,
      answeredAt: questions.answeredAt,
      editedAt: questions.answerEditedAt,
    })
    .from(questions)
    .where(eq(questions.id, questionId))
    .catch(() => []);
  if (!row?.content || !row.answeredAt) return null;
  const revisions = await db
    .select()
    .from(answerRevisions)
    .where(eq(answerRevisions.questionId, questionId))
    .orderBy(asc(answerRevisions.replacedAt), asc(answerRevisions.id));
  return {
    current: {
      content: row.content,
      writtenAt: (row.editedAt ?? row.answeredAt).toISOString(),
    },
    revisions: revisions.map((revision) => ({
      content: revision.content,
      writtenAt: revision.writtenAt.toISOString(),
      replacedAt: revision.replacedAt.toISOString(),
    })),
  };
}
