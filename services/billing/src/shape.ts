import {
  type BillingAccount,
  type BillingPayment,
  CREDIT_PACKAGES,
  type CreditPackageName,
  FROZEN_CREDITS_MONTHS,
  purchaseLabel,
  SUBSCRIPTION,
} from '@uapqa/contracts';
import { addMonths } from './dates.js';
import type { payments } from './db/schema.js';
import { type AccountSummary, subscriptionStatus } from './ledger.js';

/** What `GET /api/billing/account` (and a cancel or resume) answers. */
export function accountBody(account: AccountSummary): BillingAccount {
  const lapsedAt = account.status !== 'active' ? account.lapsedAt : null;
  return {
    subscriptionStatus: subscriptionStatus(account),
    foiaCredits: account.balance,
    currentPeriodEnd: account.currentPeriodEnd?.toISOString() ?? null,
    cancelAtPeriodEnd: account.status === 'active' && account.cancelAtPeriodEnd,
    lapsedAt: lapsedAt?.toISOString() ?? null,
    creditsExpireAt: lapsedAt ? addMonths(lapsedAt, FROZEN_CREDITS_MONTHS).toISOString() : null,
  };
}

/** A settled payment as its receipt shows it. */
export function paymentBody(payment: typeof payments.$inferSelect): BillingPayment {
  return {
    id: payment.id,
    purpose: payment.purpose,
    description: purchaseLabel(payment.purpose),
    credits:
      payment.purpose === 'subscription'
        ? SUBSCRIPTION.creditsPerPeriod
        : CREDIT_PACKAGES[payment.purpose as CreditPackageName].credits,
    amountCents: payment.amountCents,
    currency: SUBSCRIPTION.currency,
    paidAt: (payment.settledAt ?? payment.createdAt).toISOString(),
    receiptUrl: null,
  };
}
