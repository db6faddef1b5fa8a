import { MAX_PLACES_PER_MEMBER_PER_WINDOW } from '@uapqa/contracts';
import { HttpError } from '@uapqa/service-kit';
import type { WindowTimes } from '../windows.js';

/** One formatter for every refusal: building one per call cost more than the refusal itself. */
const whenFormat = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'UTC',
});
export const formatWhen = (date: Date) => `${whenFormat.format(date)} UTC`;

/** Thrown inside the transaction to undo the window place when billing refuses the credit. */
export class Refused extends HttpError {}

export const windowFull = (window: WindowTimes) =>
  new Refused(
    409,
    `This expert's question window is full for this week. It reopens on ${formatWhen(
      new Date(window.opensAt.getTime() + 7 * 24 * 3600 * 1000),
    )}.`,
    { reason: 'window_full' },
  );

export const tooManyPlaces = (expertName: string) =>
  new Refused(
    409,
    `You already hold ${MAX_PLACES_PER_MEMBER_PER_WINDOW} of the ${MAX_PLACES_PER_MEMBER_PER_WINDOW} places you may have in ${expertName}'s window this week. Nothing was charged.`,
    { reason: 'member_places_full' },
  );

export const paymentsUnavailable = () =>
  new HttpError(503, 'Payments are unavailable right now. Nothing was charged; please try again.');

/** Billing's refusal of the credit, as the member reads it. */
export const creditRefused = (reason: string) =>
  reason === 'subscription_required'
    ? new Refused(403, 'An active subscription is required to ask a question.', { reason })
    : new Refused(402, 'You have no FOIA credits left. Buy more credits to ask a question.', {
        reason,
      });
