import { z } from 'zod';
import { StaffActionReport } from '../api/audit.js';
import { CREDIT_PACKAGES, type CreditPackageName } from '../constants.js';
import { defineEvent } from '../envelope.js';

export const BILLING_STREAM = 'billing';

const packageNames = Object.keys(CREDIT_PACKAGES) as [CreditPackageName, ...CreditPackageName[]];

export const SubscriptionActivated = defineEvent(
  BILLING_STREAM,
  'SubscriptionActivated',
  1,
  z.object({
    userId: z.number().int(),
    currentPeriodEnd: z.iso.datetime().nullable(),
    /** True when a lapsed member came back (their frozen credits are usable again). */
    returning: z.boolean(),
  }),
);

export const SubscriptionLapsed = defineEvent(
  BILLING_STREAM,
  'SubscriptionLapsed',
  1,
  z.object({
    userId: z.number().int(),
    lapsedAt: z.iso.datetime(),
    frozenCredits: z.number().int(),
  }),
);

export const CreditsPurchased = defineEvent(
  BILLING_STREAM,
  'CreditsPurchased',
  1,
  z.object({
    userId: z.number().int(),
    /** 'subscription' for the credits of a paid subscription period. */
    source: z.enum([...packageNames, 'subscription']),
    credits: z.number().int().positive(),
    amountCents: z.number().int().nonnegative(),
    paymentId: z.string(),
    balance: z.number().int().nonnegative(),
  }),
);

export const CreditsRefunded = defineEvent(
  BILLING_STREAM,
  'CreditsRefunded',
  1,
  z.object({
    userId: z.number().int(),
    questionId: z.string(),
    credits: z.number().int().positive(),
    reason: z.enum(['rejected', 'overdue', 'not_stored', 'expert_unavailable', 'refund_granted']),
    balance: z.number().int().nonnegative(),
  }),
);

/**
 * A staff member acted here (see the audit log): identity records it once, under this event's
 * id. Sent in the same transaction as the action, so an action is never missing from the log.
 */
export const BillingStaffActionTaken = defineEvent(
  BILLING_STREAM,
  'StaffActionTaken',
  1,
  StaffActionReport,
);

export const billingEvents = [
  BillingStaffActionTaken,
  SubscriptionActivated,
  SubscriptionLapsed,
  CreditsPurchased,
  CreditsRefunded,
];
