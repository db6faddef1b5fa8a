import type { QuestionsExport } from '@uapqa/contracts';
import type { Executor } from '@uapqa/service-kit/db';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { questions } from '../db/schema.js';

/**
 * Everything questions holds of one member, for their data export: every question they asked,
 * whatever its status, with the answer received; and, for an expert, every answer they gave.
 */
export async function readQuestionsExport(db: Executor, userId: number): Promise<QuestionsExport> {
  const [asked, given] = await Promise.all([
    db
      .select()
      .from(questions)
      .where(eq(questions.askerId, userId))
      .orderBy(asc(questions.createdAt), asc(questions.id)),
    db
      .select()
      .from(questions)
      .where(and(eq(questions.assignedExpertId, userId), isNotNull(questions.answeredAt)))
      .orderBy(asc(questions.answeredAt), asc(questions.id)),
  ]);
  return {
    asked: asked.map((row) => ({
      id: row.id,
      title: row.title,
      content: row.content,
      context: row.context,
      sources: row.sources,
      status: row.status,
      createdAt: row.createdAt.toISOString(),
      answer:
        row.answerContent && row.answeredAt
          ? { content: row.answerContent, answeredAt: row.answeredAt.toISOString() }
          : null,
    })),
    answered: given.map((row) => ({
      questionId: row.id,
      title: row.title,
      answer: row.answerContent ?? '',
      answeredAt: row.answeredAt!.toISOString(),
    })),
  };
}
