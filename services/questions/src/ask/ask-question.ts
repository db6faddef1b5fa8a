import {
  CREDIT_RESERVE_SUBJECT,
  CreditReservationReply,
  createEvent,
  MAX_PLACES_PER_MEMBER_PER_WINDOW,
  QUESTIONS_STREAM,
  QuestionSubmitted,
  type SubmitQuestionBody,
} from '@uapqa/contracts';
import { badRequest, conflict, HttpError } from '@uapqa/service-kit';
import { enqueue } from '@uapqa/service-kit/db';
import { v7 as uuidv7 } from 'uuid';
import { readAskChecks } from '../ask-checks.js';
import { questions, questionTags } from '../db/schema.js';
import type { QuestionsDeps } from '../deps.js';
import {
  dropReservation,
  holdReservation,
  recordReservation,
  settleReservation,
} from '../reservations.js';
import { claimPlace, placesHeld, windowAt } from '../windows.js';
import {
  creditRefused,
  formatWhen,
  paymentsUnavailable,
  tooManyPlaces,
  windowFull,
} from './refusals.js';

export interface Asker {
  userId: number;
  username: string;
}

type AskDeps = Pick<QuestionsDeps, 'db' | 'bus' | 'relay' | 'config' | 'logger' | 'lists'>;

/**
 * Asking: the expert's window must be open with a place left, then billing debits the credit,
 * then the question is stored with its QuestionSubmitted event. Refusals (HttpErrors) cost
 * nothing; if anything fails after the debit, the credit is given back. A credit reservation row,
 * committed before billing is asked and deleted with the question's insert, makes that hold even
 * if this process dies in between: the reservation sweep releases what such an ask left behind.
 */
export async function askQuestion(
  deps: AskDeps,
  asker: Asker,
  body: SubmitQuestionBody,
): Promise<{ questionId: string }> {
  const { db, bus, relay, config, logger, lists } = deps;
  const window = windowAt(config);
  const { expert, category, chosenTags, ...checks } = await readAskChecks(db, {
    expertId: body.assignedCreatorId,
    categoryId: body.categoryId,
    tagIds: body.tagIds,
    opensAt: window.opensAt,
  });
  if (!expert) throw badRequest('Please select an expert', 'assignedCreatorId');
  if (!expert.listed) {
    throw badRequest(
      `${expert.name} no longer takes questions; please choose another expert. Nothing was charged.`,
      'assignedCreatorId',
    );
  }
  if (expert.userId === asker.userId) {
    throw badRequest(
      'You cannot ask yourself a question; choose another expert.',
      'assignedCreatorId',
    );
  }
  if (!category) throw badRequest('Please select a category', 'categoryId');
  if (chosenTags.length !== body.tagIds.length)
    throw badRequest('Please select at least one tag', 'tagIds');
  if (!window.open) {
    throw conflict(
      `This expert's question window is closed. It opens on ${formatWhen(window.opensAt)}.`,
    );
  }
  if (checks.windowFull) throw windowFull(window);
  const held = { askerId: asker.userId, expertId: expert.userId, opensAt: window.opensAt };
  if ((await placesHeld(db, held)) >= MAX_PLACES_PER_MEMBER_PER_WINDOW) {
    throw tooManyPlaces(expert.name);
  }
  const questionId = uuidv7();
  const reservation = { userId: asker.userId, questionId };
  await recordReservation(db, reservation);
  // What billing made of the reservation: not asked yet, answered, or unknown (no reply: it may
  // have debited, or may still do so).
  let billing: 'not_asked' | 'answered' | 'unknown' = 'not_asked';
  try {
    await db.transaction(async (tx) => {
      // Held until this transaction ends, so no sweep releases the credit of a live ask.
      if (!(await holdReservation(tx, questionId))) throw paymentsUnavailable();
      if (!(await claimPlace(tx, expert.userId, window, expert.questionsPerWeek))) {
        throw windowFull(window);
      }
      // Counted again under the window row's lock, which claimPlace holds until this
      // transaction ends: two asks at once by one member cannot both slip under the cap.
      if ((await placesHeld(tx, held)) >= MAX_PLACES_PER_MEMBER_PER_WINDOW) {
        throw tooManyPlaces(expert.name);
      }
      billing = 'unknown';
      const reply = CreditReservationReply.parse(
        await bus.request(CREDIT_RESERVE_SUBJECT, reservation, config.RESERVATION_TIMEOUT_MS),
      );
      billing = 'answered';
      if (!reply.ok) throw creditRefused(reply.reason);
      const submittedAt = new Date();
      await tx.insert(questions).values({
        id: questionId,
        askerId: asker.userId,
        requestedExpertId: expert.userId,
        windowOpensAt: window.opensAt,
        categoryId: category.id,
        title: body.title,
        content: body.content,
        context: body.context,
        sources: body.sources,
        status: 'pending',
        createdAt: submittedAt,
      });
      await tx
        .insert(questionTags)
        .values(chosenTags.map((tag) => ({ questionId, tagId: tag.id })));
      await enqueue(
        tx,
        QUESTIONS_STREAM,
        createEvent(QuestionSubmitted, {
          questionId,
          askerId: asker.userId,
          askerUsername: asker.username,
          requestedExpertId: expert.userId,
          title: body.title,
          content: body.content,
          context: body.context,
          sources: body.sources,
          categoryId: category.id,
          categoryName: category.name,
          tags: chosenTags,
          submittedAt: submittedAt.toISOString(),
        }),
      );
      // Stored: the debit stands, and nothing is left for the sweep.
      await dropReservation(tx, questionId);
    });
  } catch (error) {
    await (billing === 'not_asked'
      ? dropReservation(db, questionId)
      : // Released now; after an unknown answer the row also stays for the sweep, which
        // releases again once billing can no longer be processing the reservation.
        settleReservation(
          { db, bus, timeoutMs: config.RESERVATION_TIMEOUT_MS, logger },
          reservation,
          { keepRow: billing === 'unknown' },
        )
    ).catch((cause) =>
      logger.error(
        { err: cause, questionId },
        'credit reservation not settled; the reservation sweep settles it',
      ),
    );
    if (error instanceof HttpError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'timeout' || code === 'no_responders') throw paymentsUnavailable();
    throw error;
  }
  // A place was taken: this replica shows it at once, the others once QuestionSubmitted is out.
  lists.windows.changed();
  relay.kick();
  return { questionId };
}
