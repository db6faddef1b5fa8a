import {
  CREDIT_RESERVE_SUBJECT,
  CreditReservationReply,
  createEvent,
  MAX_PLACES_PER_MEMBER_PER_WINDOW,
  QUESTIONS_STREAM,
  QuestionAccepted,
  QuestionSubmitted,
  SubmitQuestionBody,
} from '@uapqa/contracts';
import {
  answer,
  apiDoc,
  badRequest,
  conflict,
  currentSession,
  HttpError,
  readJson,
  requireSession,
  SESSION,
} from '@uapqa/service-kit';
import { enqueue } from '@uapqa/service-kit/db';
import { Hono } from 'hono';
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
import { claimPlace, placesHeld, type WindowTimes, windowAt } from '../windows.js';

/** One formatter for every refusal: building one per call cost more than the refusal itself. */
const whenFormat = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'UTC',
});
const formatWhen = (date: Date) => `${whenFormat.format(date)} UTC`;

/** Thrown inside the transaction to undo the window place when billing refuses the credit. */
class Refused extends HttpError {}

const windowFull = (window: WindowTimes) =>
  new Refused(
    409,
    `This expert's question window is full for this week. It reopens on ${formatWhen(
      new Date(window.opensAt.getTime() + 7 * 24 * 3600 * 1000),
    )}.`,
    { reason: 'window_full' },
  );

const tooManyPlaces = (expertName: string) =>
  new Refused(
    409,
    `You already hold ${MAX_PLACES_PER_MEMBER_PER_WINDOW} of the ${MAX_PLACES_PER_MEMBER_PER_WINDOW} places you may have in ${expertName}'s window this week. Nothing was charged.`,
    { reason: 'member_places_full' },
  );

const paymentsUnavailable = () =>
  new HttpError(503, 'Payments are unavailable right now. Nothing was charged; please try again.');

export function askRoutes({ db, bus, relay, config, logger, lists }: QuestionsDeps): Hono {
  const app = new Hono();

  /**
   * Asking: the expert's window must be open with a place left, then billing debits the credit,
   * then the question is stored with its QuestionSubmitted event. Refusals cost nothing; if
   * anything fails after the debit, the credit is given back. A credit reservation row, committed
   * before billing is asked and deleted with the question's insert, makes that hold even if this
   * process dies in between: the reservation sweep releases what such an ask left behind.
   */
  app.post(
    '/api/questions',
    apiDoc({
      operationId: 'askQuestion',
      summary: 'Ask an expert (uses one FOIA credit)',
      tag: 'questions',
      access: SESSION,
      body: SubmitQuestionBody,
      ok: {
        201: answer(QuestionAccepted),
      },
      errors: [402, 403, 409],
    }),
    requireSession,
    async (c) => {
      const session = currentSession(c);
      const body = await readJson(c, SubmitQuestionBody);
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
      if (expert.userId === session.userId) {
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
      const held = { askerId: session.userId, expertId: expert.userId, opensAt: window.opensAt };
      if ((await placesHeld(db, held)) >= MAX_PLACES_PER_MEMBER_PER_WINDOW) {
        throw tooManyPlaces(expert.name);
      }
      const questionId = uuidv7();
      const reservation = { userId: session.userId, questionId };
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
          if (!reply.ok) {
            throw reply.reason === 'subscription_required'
              ? new Refused(403, 'An active subscription is required to ask a question.', {
                  reason: reply.reason,
                })
              : new Refused(
                  402,
                  'You have no FOIA credits left. Buy more credits to ask a question.',
                  {
                    reason: reply.reason,
                  },
                );
          }
          const submittedAt = new Date();
          await tx.insert(questions).values({
            id: questionId,
            askerId: session.userId,
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
              askerId: session.userId,
              askerUsername: session.username,
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
        if (
          (error as { code?: string }).code === 'timeout' ||
          (error as { code?: string }).code === 'no_responders'
        ) {
          throw paymentsUnavailable();
        }
        throw error;
      }
      // A place was taken: this replica shows it at once, the others once QuestionSubmitted is out.
      lists.windows.changed();
      relay.kick();
      return c.json(
        { id: questionId, status: 'pending', message: 'Question submitted for moderation.' },
        201,
      );
    },
  );

  return app;
}
