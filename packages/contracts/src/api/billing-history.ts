import { z } from 'zod';
import { CREDIT_PACKAGES, type CreditPackageName, SUBSCRIPTION } from '../constants.js';

/** What a payment bought: a subscription period or one of the credit packs. */
export const PaymentPurpose = z.enum(['subscription', 'small', 'bulk']);
export type PaymentPurpose = z.infer<typeof PaymentPurpose>;

/** The words a member reads for what a payment bought, on the history and the receipt. */
export function purchaseLabel(purpose: PaymentPurpose): string {
  if (purpose === 'subscription') {
    return `Archive Access subscription (1 ${SUBSCRIPTION.interval}, ${SUBSCRIPTION.creditsPerPeriod} credits)`;
  }
  return `${CREDIT_PACKAGES[purpose as CreditPackageName].credits} FOIA credits`;
}

/** One paid payment of the member's billing history; also the body of its receipt. */
export const BillingPayment = z.object({
  id: z.string(),
  purpose: PaymentPurpose,
  description: z.string(),
  credits: z.number().int().nonnegative(),
  amountCents: z.number().int().nonnegative(),
  currency: z.string(),
  paidAt: z.iso.datetime(),
  /** Where the payment provider shows its own receipt, when it has one. */
  receiptUrl: z.string().nullable(),
});
export type BillingPayment = z.infer<typeof BillingPayment>;

export const BillingHistory = z.array(BillingPayment);
export type BillingHistory = z.infer<typeof BillingHistory>;

/** A receipt: the payment and who paid it. */
export const BillingReceipt = BillingPayment.extend({
  email: z.string().nullable(),
  customerId: z.string().nullable(),
});
export type BillingReceipt = z.infer<typeof BillingReceipt>;

export const PaymentIdParam = z.object({
  id: z.string().min(1, 'id is required').max(200, 'id is too long'),
});
