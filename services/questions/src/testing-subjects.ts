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

/** What a test question is about: whom it asks, filed where, and its title. */
export interface TestQuestion {
  expertId: number;
  categoryId: number | undefined;
  tagIds: Array<number | undefined>;
  title: string;
}

/** `member` asks a question of the usual text; the response, whatever it says. */
export function postQuestion(member: Browser, question: TestQuestion): Promise<Response> {
  return member.post('/api/questions', {
    assignedCreatorId: question.expertId,
    categoryId: question.categoryId,
    title: question.title,
    content: 'Several witnesses describe the same thing from places miles apart.',
    tagIds: question.tagIds,
  });
}

/** `member` asks a question of the usual text, which questions accepts; its id. */
export async function askedQuestion(member: Browser, question: TestQuestion): Promise<string> {
  const response = await postQuestion(member, question);
  if (response.status !== 201) {
    throw new Error(`asking answered ${response.status}: ${await response.text()}`);
  }
  return ((await response.json()) as { id: string }).id;
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
  const [category] = (await (await stack.visitor().get('/api/categories')).json()) as Array<{
    id: number;
  }>;
  const id = await askedQuestion(member, {
    expertId: expert.userId,
    categoryId: category?.id,
    tagIds: [tagId],
    title,
  });
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

/** The answer `questionsInEveryState` publishes: longer than an excerpt, so its cut shows. */
export const EVERY_STATE_ANSWER =
  'The radar operators logged four returns at 23:14 that matched the visual sightings exactly. ' +
  'The base records were released in 2019 and show no weather balloon that night, and the two ' +
  'pilots who flew out to look gave the same account.';
/** The moderation note of the question `questionsInEveryState` has rejected. */
export const EVERY_STATE_REJECTION_NOTE =
  'This is answered in the archive already: search for Nimitz radar.';

/** A question as its asker reads it, once questions has it (it may lag the bus). */
export function questionAsSeen<Q = { status: string }>(browser: Browser, id: string): Promise<Q> {
  return eventually(async () => {
    const response = await browser.get(`/api/questions/${id}`);
    if (response.status !== 200) throw new Error(`question ${id}: ${response.status}`);
    return (await response.json()) as Q;
  });
}

/**
 * Four questions of `asker`, one in each state: pending (asked of Marcus), approved (asked of
 * Dana, handed to Marcus by staff with a note), rejected (with EVERY_STATE_REJECTION_NOTE) and
 * answered (by Dana, with EVERY_STATE_ANSWER). Returns their ids by state.
 */
export async function questionsInEveryState(
  stack: AskingStack,
  asker: Browser & { id: number },
  experts: { dana: number; marcus: number },
) {
  type Named = Array<{ id: number }>;
  const categories = (await (await stack.visitor().get('/api/categories')).json()) as Named;
  const tags = (await (await stack.visitor().get('/api/tags')).json()) as Named;
  const ask = (title: string, expertId: number) =>
    askedQuestion(asker, { expertId, categoryId: categories[0]?.id, tagIds: [tags[0]?.id], title });
  const inState = (id: string, state: string) =>
    eventually(async () => {
      const { status } = await questionAsSeen(asker, id);
      if (status !== state) throw new Error(`question ${id} is ${status}, not ${state}`);
    });

  const answered = await ask('What did the radar operators record that night?', experts.dana);
  const rejected = await ask('Is the Nimitz radar log public now?', experts.dana);
  await publishRejection(stack.bus.bus, {
    questionId: rejected,
    askerId: asker.id,
    moderationNotes: EVERY_STATE_REJECTION_NOTE,
  });
  // One member holds two places in Dana's window at most: the rejection gives one back.
  await inState(rejected, 'rejected');
  const approved = await ask('Who photographed the lights over the lake?', experts.dana);
  const pending = await ask('Why were the base records sealed for so long?', experts.marcus);

  await publishApproval(stack.bus.bus, {
    questionId: answered,
    askerId: asker.id,
    assignedExpertId: experts.dana,
  });
  // Staff hand this one to another expert than the one asked.
  await publishApproval(stack.bus.bus, {
    questionId: approved,
    askerId: asker.id,
    assignedExpertId: experts.marcus,
    moderationNotes: 'Marcus filmed at that lake.',
  });
  const dana = await stack.signedIn('dana');
  await eventually(async () => {
    const posted = await dana.post('/api/answers', {
      questionId: answered,
      content: EVERY_STATE_ANSWER,
    });
    if (posted.status !== 201) throw new Error(`answering answered ${posted.status}`);
  });
  await inState(approved, 'approved');
  return { pending, approved, rejected, answered };
}
