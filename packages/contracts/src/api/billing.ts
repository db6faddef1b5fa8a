import { z } from 'zod';
import { CREDIT_PACKAGES, type CreditPackageName } from '../constants.js';
import { SubscriptionStatus } from './identity.js';

const packageNames = Object.keys(CREDIT_PACKAGES) as [CreditPackageName, ...CreditPackageName[]];

export const PurchaseCreditsBody = z.object({
  package: z.enum(packageNames, { error: `package must be one of: ${packageNames.join(', ')}` }),
});
export type PurchaseCreditsBody = z.infer<typeof PurchaseCreditsBody>;

/** `{ clientSecret }`, or `{ error: { message } }` (the shape the payment form reads) when there is nothing to pay. */
export const PaymentStart = z.union([
  z.object({ clientSecret: z.string() }),
  z.object({ error: z.object({ message: z.string() }) }),
]);
export type PaymentStart = z.infer<typeof PaymentStart>;

export const BillingAccount = z.object({
  subscriptionStatus: SubscriptionStatus,
  foiaCredits: z.number().int().nonnegative(),
  currentPeriodEnd: z.string().nullable(),
  /** The member cancelled: the subscription ends at `currentPeriodEnd` instead of renewing. */
  cancelAtPeriodEnd: z.boolean(),
  lapsedAt: z.string().nullable(),
  /** When frozen credits expire unless the member resubscribes (lapsed accounts only). */
  creditsExpireAt: z.string().nullable(),
});
export type BillingAccount = z.infer<typeof BillingAccount>;

export const BillingConfig = z.object({
  provider: z.enum(['stripe', 'local']),
  publishableKey: z.string().nullable(),
});
export type BillingConfig = z.infer<typeof BillingConfig>;

export const LocalConfirmBody = z.object({
  clientSecret: z.string({ error: 'clientSecret is required' }).min(1, 'clientSecret is required'),
  outcome: z.enum(['succeeded', 'failed'], { error: "outcome must be 'succeeded' or 'failed'" }),
});
export type LocalConfirmBody = z.infer<typeof LocalConfirmBody>;

/** The card number the local provider's form treats as declined (like Stripe's test card). */
export const LOCAL_DECLINE_CARD = '4000000000000002';

/** A value the card form must have, then the form it must take, each with its own sentence. */
const cardEntry = (missing: string, pattern: RegExp, invalid: string) =>
  z.string({ error: missing }).trim().min(1, missing).pipe(z.string().regex(pattern, invalid));

/**
 * The fields of the local provider's demo card form (embedded mode: no money moves). Nothing
 * of the card is sent: its number only decides the outcome the form confirms, so the output is
 * that part of `LocalConfirmBody`, the page adding the payment's client secret.
 */
export const LocalCardFields = z
  .object({
    cardNumber: cardEntry(
      'Please enter the card number.',
      /^\d(?:\s?\d){11,18}$/,
      'Please enter a valid card number.',
    ),
    expiry: cardEntry(
      'Please enter the expiry date.',
      /^(0[1-9]|1[0-2])\s*\/\s*\d{2}$/,
      'Please enter the expiry date as MM / YY.',
    ),
    cvc: cardEntry('Please enter the CVC.', /^\d{3,4}$/, 'The CVC is 3 or 4 digits.'),
  })
  .transform(({ cardNumber }) => ({
    outcome: cardNumber.replace(/\s/g, '') === LOCAL_DECLINE_CARD ? 'failed' : 'succeeded',
  }))
  .pipe(LocalConfirmBody.pick({ outcome: true }));

/**
 * One payout period of an expert's statement: a calendar month (UTC). `open` while the month
 * runs; `due` once closed and not yet paid; `paid` when a payout covered all of it.
 */
export const EarningsPeriod = z.object({
  /** `YYYY-MM`. */
  month: z.string(),
  answeredCount: z.number().int().nonnegative(),
  amountCents: z.number().int().nonnegative(),
  unpaidCents: z.number().int().nonnegative(),
  status: z.enum(['open', 'due', 'paid']),
  /**
   * `YYYY-MM-DD` (UTC): the day it was paid, or, unpaid, the payout day it goes out with (the
   * first one after the month closes and not before today).
   */
  payoutDate: z.string(),
});
export type EarningsPeriod = z.infer<typeof EarningsPeriod>;

export const ExpertEarnings = z.object({
  feeCents: z.number().int(),
  answeredCount: z.number().int(),
  totalEarningsCents: z.number().int(),
  /** Everything earned and not yet paid out, the open month included. */
  unpaidCents: z.number().int(),
  payoutDayOfMonth: z.number().int(),
  /** The next payout: every unpaid closed month, plus the current month if it closes before. */
  nextPayout: z.object({
    /** `YYYY-MM-DD` (UTC), today or later. */
    date: z.string(),
    amountCents: z.number().int().nonnegative(),
    /** The part from closed months. */
    closedCents: z.number().int().nonnegative(),
    /** The part from the current month, still open and growing until it ends. */
    openCents: z.number().int().nonnegative(),
  }),
  /** The statement, newest month first: every month with answers, and always the current one. */
  periods: z.array(EarningsPeriod),
});
export type ExpertEarnings = z.infer<typeof ExpertEarnings>;

export const BillingStats = z.object({
  activeSubscribers: z.number().int(),
  /** US dollars received this calendar month (UTC). */
  monthlyRevenue: z.number(),
});
export type BillingStats = z.infer<typeof BillingStats>;

/**
 * The one synchronous call between services: questions asks billing to debit a credit for a
 * question before storing it (NATS request/reply on CREDIT_RESERVE_SUBJECT).
 */
export const CREDIT_RESERVE_SUBJECT = 'billing.credits.reserve';
/** Gives back the credit of a reservation whose question could not be stored. */
export const CREDIT_RELEASE_SUBJECT = 'billing.credits.release';

export const CreditReservationRequest = z.object({
  userId: z.number().int(),
  questionId: z.string().min(1),
});
export type CreditReservationRequest = z.infer<typeof CreditReservationRequest>;

export const CreditReservationReply = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), balance: z.number().int().nonnegative() }),
  z.object({
    ok: z.literal(false),
    reason: z.enum(['subscription_required', 'insufficient_credits']),
    balance: z.number().int().nonnegative(),
  }),
]);
export type CreditReservationReply = z.infer<typeof CreditReservationReply>;

export const CreditReleaseReply = z.object({ released: z.boolean(), balance: z.number().int() });
export type CreditReleaseReply = z.infer<typeof CreditReleaseReply>;

/** What the local payment provider did with a pending payment. */
export const LocalConfirmResult = z.object({
  status: z.enum(['succeeded', 'failed']),
  credits: z.number().int().optional(),
  error: z.object({ message: z.string() }).optional(),
});
export type LocalConfirmResult = z.infer<typeof LocalConfirmResult>;

/** The answer to a payment provider's webhook call. */
export const WebhookReceipt = z.object({ received: z.literal(true), outcome: z.string() });
