/** What an admin sees of, and does to, a member's credits (billing's ledger). */
import { z } from 'zod';
import { MAX_CREDIT_ADJUSTMENT } from '../constants.js';
import { BillingAccount } from './billing.js';
import { BillingPayment } from './billing-history.js';
import { staffReason } from './fields.js';

/** `POST /api/admin/users/:id/credits`: credits to grant (positive) or take back (negative). */
export const CreditAdjustmentBody = z.object({
  delta: z
    .number({ error: 'delta must be a whole number of credits' })
    .int('delta must be a whole number of credits')
    .min(-MAX_CREDIT_ADJUSTMENT, `At most ${MAX_CREDIT_ADJUSTMENT} credits at a time`)
    .max(MAX_CREDIT_ADJUSTMENT, `At most ${MAX_CREDIT_ADJUSTMENT} credits at a time`)
    .refine((delta) => delta !== 0, 'Grant or take back at least one credit'),
  reason: staffReason(),
});
export type CreditAdjustmentBody = z.infer<typeof CreditAdjustmentBody>;

/** One line of a member's credit ledger. */
export const LedgerLine = z.object({
  id: z.number().int(),
  delta: z.number().int(),
  kind: z.string(),
  reference: z.string().nullable(),
  createdAt: z.string(),
});
export type LedgerLine = z.infer<typeof LedgerLine>;

/** `GET /api/admin/users/:id/credits`: the account, the ledger's latest lines, the payments. */
export const AdminCredits = z.object({
  userId: z.number().int(),
  account: BillingAccount,
  ledger: z.array(LedgerLine),
  /** The member's paid payments, newest first, each as its receipt shows it. */
  payments: z.array(BillingPayment),
});
export type AdminCredits = z.infer<typeof AdminCredits>;

/** One month (UTC) of the payment report; every figure is a sum of billing's payments or ledger. */
export const PaymentReportMonth = z.object({
  /** `YYYY-MM`. */
  month: z.string(),
  subscriptionRevenueCents: z.number().int(),
  packRevenueCents: z.number().int(),
  /** Credits from subscription periods and credit packs. */
  creditsIssued: z.number().int(),
  /** Credits given back for rejected, overdue or withdrawn questions. */
  creditsRefunded: z.number().int(),
  /** Net credits admins granted (positive) or took back (negative). */
  creditsAdjusted: z.number().int(),
  /** Credits spent on questions. */
  creditsSpent: z.number().int(),
  /** Credits that expired or were forfeited. */
  creditsLost: z.number().int(),
  /** Members with a paid subscription period in the month. */
  activeSubscribers: z.number().int(),
  /** Members who paid a period the month before and none in this month. */
  churnedSubscribers: z.number().int(),
});
export type PaymentReportMonth = z.infer<typeof PaymentReportMonth>;

/** What billing owes and paid one expert, from their answers' fees. */
export const ExpertPayoutLine = z.object({
  expertId: z.number().int(),
  answers: z.number().int(),
  earnedCents: z.number().int(),
  dueCents: z.number().int(),
  paidCents: z.number().int(),
  /** The payout day the amount due goes out on. */
  nextPayoutOn: z.string(),
});
export type ExpertPayoutLine = z.infer<typeof ExpertPayoutLine>;

/** `GET /api/admin/reports/payments`: the last 12 months, and each expert's earnings. */
export const PaymentReport = z.object({
  months: z.array(PaymentReportMonth),
  experts: z.array(ExpertPayoutLine),
});
export type PaymentReport = z.infer<typeof PaymentReport>;
