import {
  createEvent,
  FOLLOW_UP_DUE_HOURS,
  FollowUpAnswered,
  FollowUpAsked,
  QUESTIONS_STREAM,
} from '@uapqa/contracts';
import { conflict } from '@uapqa/service-kit';
import { type Database, enqueue } from '@uapqa/service-kit/db';
import { eq } from 'drizzle-orm';
import { experts, questions } from '../db/schema.js';
import { answeredQuestionFor } from './answered-question.js';

/**
 * The asker's one follow-up to an answer. The expert has the same 72 hours to reply as they had
 * for the question, and is told by email (FollowUpAsked).
 */
export async function askFollowUp(
  db: Database,
  followUp: { questionId: string; askerId: number; content: string; now: Date },
): Promise<{ dueAt: Date }> {
  return db.transaction(async (tx) => {
    const row = await answeredQuestionFor(tx, followUp.questionId, {
      userId: followUp.askerId,
      as: 'asker',
    });
    if (row.followUpAskedAt) throw conflict('You have already asked your follow-up question.');
    const expertId = row.assignedExpertId as number;
    const [expert] = await tx
      .select({ listed: experts.listed })
      .from(experts)
      .where(eq(experts.userId, expertId));
    if (!expert?.listed) {
      throw conflict(
        'This expert is no longer taking questions, so they cannot reply to a follow-up.',
      );
    }
    const dueAt = new Date(followUp.now.getTime() + FOLLOW_UP_DUE_HOURS * 60 * 60 * 1000);
    await tx
      .update(questions)
      .set({
        followUpContent: followUp.content,
        followUpAskedAt: followUp.now,
        followUpDueAt: dueAt,
      })
      .where(eq(questions.id, row.id));
    await enqueue(
      tx,
      QUESTIONS_STREAM,
      createEvent(FollowUpAsked, {
        questionId: row.id,
        askerId: followUp.askerId,
        expertId,
        title: row.title,
        dueAt: dueAt.toISOString(),
      }),
    );
    return { dueAt };
  });
}

/** The expert's reply to the follow-up, before its deadline; the asker is told (FollowUpAnswered). */
export async function answerFollowUp(
  db: Database,
  reply: { questionId: string; expertId: number; content: string; now: Date },
): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await answeredQuestionFor(tx, reply.questionId, {
      userId: reply.expertId,
      as: 'expert',
    });
    if (!row.followUpAskedAt || !row.followUpDueAt) {
      throw conflict('The member has not asked a follow-up question.');
    }
    if (row.followUpAnsweredAt) throw conflict('You have already replied to this follow-up.');
    if (reply.now > row.followUpDueAt) {
      throw conflict('The 72-hour deadline for this follow-up has passed.');
    }
    await tx
      .update(questions)
      .set({ followUpAnswer: reply.content, followUpAnsweredAt: reply.now })
      .where(eq(questions.id, row.id));
    await enqueue(
      tx,
      QUESTIONS_STREAM,
      createEvent(FollowUpAnswered, {
        questionId: row.id,
        askerId: row.askerId as number,
        expertId: reply.expertId,
        title: row.title,
      }),
    );
  });
}
