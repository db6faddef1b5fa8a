import {
  createEvent,
  MODERATION_STREAM,
  QuestionApproved,
  QuestionRejected,
} from '@uapqa/contracts';
import type { EventBus } from '@uapqa/service-kit';
import { type Browser, eventually } from '@uapqa/service-kit/testing';

/**
 * What a suite needs of a stack with questions in it (questions alone, or the whole product) to
 * make the subjects of its tests: approved questions and their answers.
 */
export interface AskingStack {
  bus: { bus: EventBus };
  visitor(): Browser;
  member(): Promise<Browser & { id: number }>;
  signedIn(username: string): Promise<Browser>;
  experts(): Promise<Array<{ userId: number }>>;
}

/** Moderation's approval of a question, published on the bus as moderation publishes it. */
export function publishApproval(
  bus: EventBus,
  approval: {
    questionId: string;
    askerId: number;
    assignedExpertId: number;
    moderationNotes?: string | null;
    /** When moderation approved it (now unless given): the 72 hours start then. */
    approvedAt?: string;
  },
): Promise<void> {
  return bus.publish(
    MODERATION_STREAM,
    createEvent(QuestionApproved, {
      moderatorId: 2,
      moderationNotes: null,
      approvedAt: new Date().toISOString(),
      ...approval,
    }),
  );
}

/** Moderation's rejection of a question, published on the bus as moderation publishes it. */
export function publishRejection(
  bus: EventBus,
  rejection: { questionId: string; askerId: number; moderationNotes: string | null },
): Promise<void> {
  return bus.publish(
    MODERATION_STREAM,
    createEvent(QuestionRejected, {
      moderatorId: 2,
      rejectedAt: new Date().toISOString(),
      ...rejection,
    }),
  );
}

/** A member's question to a demo expert, approved by moderation: an answer's subject. */
export async function approvedQuestion<S extends AskingStack>(
  stack: S,
  tagId: number,
  title: string,
  /** Which demo expert (in the list's order) is asked: each takes only so many a week. */
  expertIndex = 0,
) {
  const member = await stack.member();
  const expert = (await stack.experts())[expertIndex] as Awaited<ReturnType<S['experts']>>[number];
  if (!expert) throw new Error(`no demo expert at ${expertIndex}`);
  const category = (await (await stack.visitor().get('/api/categories')).json())[0];
  const asked = await member.post('/api/questions', {
    assignedCreatorId: expert.userId,
    categoryId: category.id,
    title,
    content: 'Several witnesses describe the same thing from places miles apart.',
    tagIds: [tagId],
  });
  if (asked.status !== 201)
    throw new Error(`asking answered ${asked.status}: ${await asked.text()}`);
  const { id } = (await asked.json()) as { id: string };
  await publishApproval(stack.bus.bus, {
    questionId: id,
    askerId: member.id,
    assignedExpertId: expert.userId,
  });
  return { id, expert, asker: member as Awaited<ReturnType<S['member']>> };
}

/**
 * An answer an expert may publish (at least MIN_ANSWER_LENGTH characters), for tests that are
 * not about its text.
 */
export const SAMPLE_ANSWER =
  'Two samples were taken at the landing site the next morning; both turned out to be marsh gas. ' +
  'The county report of that week, released in 1998, lists the same readings and no other source, ' +
  'and the witnesses agree on the time.';

/** A demo expert (the first unless named) answers, once the approval has reached the read model. */
export async function answer(stack: AskingStack, questionId: string, expertUsername = 'dana') {
  const expertUser = await stack.signedIn(expertUsername);
  await eventually(async () => {
    const answered = await expertUser.post('/api/answers', { questionId, content: SAMPLE_ANSWER });
    if (answered.status !== 201) throw new Error(`answering answered ${answered.status}`);
  });
}
