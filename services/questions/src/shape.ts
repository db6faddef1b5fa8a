import { ANONYMOUS_PREVIEW_CHARS, type Question } from '@uapqa/contracts';
import type { Executor } from '@uapqa/service-kit';
import { asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { categories, creators, questions, questionTags, tags } from './db/schema.js';

/** The columns every question view selects: the question, its category and expert's names. */
export const questionColumns = {
  id: questions.id,
  title: questions.title,
  content: questions.content,
  context: questions.context,
  sources: questions.sources,
  status: questions.status,
  categoryId: questions.categoryId,
  categoryName: categories.name,
  createdAt: questions.createdAt,
  answerContent: questions.answerContent,
  answeredAt: questions.answeredAt,
  requestedExpertId: questions.requestedExpertId,
  assignedExpertId: questions.assignedExpertId,
  moderationNotes: questions.moderationNotes,
  dueAt: questions.dueAt,
  expertFirstName: creators.firstName,
  expertLastName: creators.lastName,
  expertBrandName: creators.brandName,
};

/**
 * Joins a question query to its category and the answering (else the asked) expert; `rank`
 * adds the search rank (as exact text) for the archive's cursor.
 */
export function fromQuestions(db: Executor, rank?: SQL) {
  return db
    .select({
      ...questionColumns,
      rank: rank ? sql<string>`(${rank})::text` : sql<string | null>`null`,
    })
    .from(questions)
    .innerJoin(categories, eq(categories.id, questions.categoryId))
    .leftJoin(
      creators,
      eq(
        creators.userId,
        sql`coalesce(${questions.assignedExpertId}, ${questions.requestedExpertId})`,
      ),
    );
}

export type QuestionRow = Awaited<ReturnType<typeof fromQuestions>>[number];

/** Anonymous visitors get at most this much of an answer, decided here and nowhere else. */
export function preview(text: string): string {
  const characters = Array.from(text);
  return characters.length > ANONYMOUS_PREVIEW_CHARS
    ? `${characters.slice(0, ANONYMOUS_PREVIEW_CHARS).join('')}...`
    : text;
}

/** The tags of a page of questions, in one query. */
export function tagsOf(db: Executor, questionIds: string[]) {
  return db
    .select({ questionId: questionTags.questionId, id: tags.id, name: tags.name })
    .from(questionTags)
    .innerJoin(tags, eq(tags.id, questionTags.tagId))
    .where(inArray(questionTags.questionId, questionIds))
    .orderBy(asc(tags.name));
}

/** Turns rows into the API's Question shape, loading all their tags in one query. */
export async function toQuestions(
  db: Executor,
  rows: QuestionRow[],
  audience: { fullAnswers: boolean; showNotes: boolean },
): Promise<Question[]> {
  const ids = rows.map((row) => row.id);
  const tagRows = ids.length === 0 ? [] : await tagsOf(db, ids);
  const byQuestion = new Map<string, Array<{ id: number; name: string }>>();
  for (const { questionId, id, name } of tagRows) {
    const list = byQuestion.get(questionId) ?? [];
    list.push({ id, name });
    byQuestion.set(questionId, list);
  }
  return rows.map((row) => {
    const questionTagList = byQuestion.get(row.id) ?? [];
    const expertId = row.assignedExpertId ?? row.requestedExpertId;
    return {
      id: row.id,
      title: row.title,
      content: row.content,
      context: row.context ?? null,
      sources: row.sources ?? null,
      status: row.status,
      categoryId: row.categoryId,
      category: { name: row.categoryName ?? 'General' },
      tags: questionTagList,
      tagIds: questionTagList.map((tag) => tag.id),
      createdAt: row.createdAt.toISOString(),
      answer:
        row.answerContent && row.answeredAt
          ? {
              content: audience.fullAnswers ? row.answerContent : preview(row.answerContent),
              createdAt: row.answeredAt.toISOString(),
            }
          : null,
      assignedCreatorId: row.requestedExpertId,
      assignedExpertId: row.assignedExpertId ?? null,
      moderationNotes: audience.showNotes ? (row.moderationNotes ?? null) : null,
      dueAt: row.dueAt?.toISOString() ?? null,
      creator:
        row.expertFirstName !== null || row.expertBrandName !== null
          ? {
              userId: expertId,
              firstName: row.expertFirstName ?? null,
              lastName: row.expertLastName ?? null,
              brandName: row.expertBrandName ?? null,
            }
          : null,
    };
  });
}
