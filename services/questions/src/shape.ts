import { ANONYMOUS_PREVIEW_CHARS, type Question, type RejectionReason } from '@uapqa/contracts';
import type { Executor } from '@uapqa/service-kit/db';
import { eq, type SQL, sql } from 'drizzle-orm';
import { categories, experts, questions, questionTags, tags } from './db/schema.js';
import { editableUntil } from './feedback/answered-question.js';
import type { Headlines } from './highlights.js';
import { type AnswerReader, readsWhole } from './readers.js';

/** The columns every question view selects: the question, its category and expert's names. */
export const questionColumns = {
  id: questions.id,
  askerId: questions.askerId,
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
  answerEditedAt: questions.answerEditedAt,
  rating: questions.rating,
  ratingComment: questions.ratingComment,
  ratedAt: questions.ratedAt,
  followUpContent: questions.followUpContent,
  followUpAskedAt: questions.followUpAskedAt,
  followUpDueAt: questions.followUpDueAt,
  followUpAnswer: questions.followUpAnswer,
  followUpAnsweredAt: questions.followUpAnsweredAt,
  requestedExpertId: questions.requestedExpertId,
  assignedExpertId: questions.assignedExpertId,
  moderationNotes: questions.moderationNotes,
  rejectionReason: questions.rejectionReason,
  dueAt: questions.dueAt,
  overdueAt: questions.overdueAt,
  withdrawnAt: questions.withdrawnAt,
  expertFirstName: experts.firstName,
  expertLastName: experts.lastName,
  expertBrandName: experts.brandName,
};

/**
 * A question's tags as a JSON array, sorted by name: read with the question itself, so a page
 * of questions costs one round trip to the database, not two.
 */
const tagList = sql<Array<{ id: number; name: string }>>`(
  select coalesce(json_agg(json_build_object('id', ${tags.id}, 'name', ${tags.name}) order by ${tags.name}), '[]'::json)
  from ${questionTags} join ${tags} on ${tags.id} = ${questionTags.tagId}
  where ${questionTags.questionId} = ${questions.id}
)`;

/**
 * Joins a question query to its category, its tags and the answering (else the asked) expert;
 * `rank` adds the search rank (as exact text) for the archive's cursor, `headlines` a search's
 * marked texts (highlights.ts).
 */
export function fromQuestions(db: Executor, rank?: SQL, headlines?: SQL<Headlines>) {
  return db
    .select({
      ...questionColumns,
      tags: tagList,
      rank: rank ? sql<string>`(${rank})::text` : sql<string | null>`null`,
      headlines: headlines ?? sql<Headlines | null>`null`,
    })
    .from(questions)
    .innerJoin(categories, eq(categories.id, questions.categoryId))
    .leftJoin(
      experts,
      eq(
        experts.userId,
        sql`coalesce(${questions.assignedExpertId}, ${questions.requestedExpertId})`,
      ),
    );
}

export type QuestionRow = Awaited<ReturnType<typeof fromQuestions>>[number];

/**
 * Readers without a subscription get at most this much of an answer, cut here and nowhere else. Counts
 * code points (an emoji is one character), and stops reading a long answer at the limit.
 */
export function preview(text: string): string {
  // Fewer UTF-16 units than the limit: fewer code points too, nothing to cut.
  if (text.length <= ANONYMOUS_PREVIEW_CHARS) return text;
  let characters = 0;
  let end = 0;
  for (const character of text) {
    if (characters === ANONYMOUS_PREVIEW_CHARS) return `${text.slice(0, end)}...`;
    characters++;
    end += character.length;
  }
  return text;
}

/** An answer as a reader receives it: whole, or its preview marked as cut. */
function answerFor(text: string, whole: boolean): { content: string; truncated: boolean } {
  const content = whole ? text : preview(text);
  return { content, truncated: content !== text };
}

/**
 * The asker's rating and follow-up. Stars are public; the comment, the follow-up and its reply
 * are part of what the subscription pays for, so only whole-answer readers get them.
 */
function afterTheAnswer(row: QuestionRow, whole: boolean): Pick<Question, 'rating' | 'followUp'> {
  return {
    rating:
      row.rating !== null && row.ratedAt
        ? {
            stars: row.rating,
            comment: whole ? (row.ratingComment ?? null) : null,
            ratedAt: row.ratedAt.toISOString(),
          }
        : null,
    followUp:
      whole && row.followUpContent && row.followUpAskedAt && row.followUpDueAt
        ? {
            content: row.followUpContent,
            askedAt: row.followUpAskedAt.toISOString(),
            dueAt: row.followUpDueAt.toISOString(),
            reply:
              row.followUpAnswer && row.followUpAnsweredAt
                ? {
                    content: row.followUpAnswer,
                    answeredAt: row.followUpAnsweredAt.toISOString(),
                  }
                : null,
          }
        : null,
  };
}

/** Turns rows into the API's Question shape for a reader. */
export function toQuestions(
  rows: QuestionRow[],
  audience: {
    reader: AnswerReader;
    showNotes: boolean;
    /**
     * The reader is the answering expert, on their own list or page: they get the edit window.
     * Never set for shared lists (the archive's pages are kept and served to every reader).
     */
    answeringExpert?: boolean;
  },
): Question[] {
  return rows.map((row) => {
    const questionTagList = row.tags;
    const expertId = row.assignedExpertId ?? row.requestedExpertId;
    const whole = readsWhole(audience.reader, row);
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
              ...answerFor(row.answerContent, whole),
              createdAt: row.answeredAt.toISOString(),
              editedAt: row.answerEditedAt?.toISOString() ?? null,
              editableUntil:
                audience.answeringExpert && audience.reader.userId === row.assignedExpertId
                  ? (editableUntil(row)?.toISOString() ?? null)
                  : null,
            }
          : null,
      ...afterTheAnswer(row, whole),
      assignedCreatorId: row.requestedExpertId,
      assignedExpertId: row.assignedExpertId ?? null,
      moderationNotes: audience.showNotes ? (row.moderationNotes ?? null) : null,
      rejectionReason: audience.showNotes
        ? ((row.rejectionReason as RejectionReason | null) ?? null)
        : null,
      dueAt: row.dueAt?.toISOString() ?? null,
      overdueAt: row.overdueAt?.toISOString() ?? null,
      withdrawnAt: row.withdrawnAt?.toISOString() ?? null,
      // Every refund is billing's answer to the events this service commits with the change.
      creditRefunded:
        row.status === 'rejected' || row.overdueAt !== null || row.withdrawnAt !== null,
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
