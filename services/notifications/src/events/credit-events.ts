import { CreditsPurchased, CreditsRefunded, type EventEnvelope, readEvent } from '@uapqa/contracts';
import type { Executor } from '@uapqa/service-kit/db';
import { enqueueMail, mail } from '../mail/enqueue.js';

/** The billing events this service mails. */
export const CREDIT_EVENTS = [CreditsPurchased.type, CreditsRefunded.type];

/** Mails a payment's receipt, and a refund of a question that went unanswered. */
export async function mailCreditEvent(tx: Executor, event: EventEnvelope): Promise<void> {
  if (event.type === CreditsPurchased.type) {
    const data = readEvent(CreditsPurchased, event).data;
    await enqueueMail(
      tx,
      mail(
        'credits_receipt',
        `${event.id}:credits_receipt`,
        { userId: data.userId },
        {
          source: data.source,
          credits: data.credits,
          amountCents: data.amountCents,
          balance: data.balance,
          paymentId: data.paymentId,
          paidAt: event.occurredAt,
        },
      ),
    );
    return;
  }
  const data = readEvent(CreditsRefunded, event).data;
  // A rejection has its own message; a question that could not be stored was never asked.
  if (data.reason !== 'overdue' && data.reason !== 'expert_unavailable') return;
  // Told once the credit is really back, with the balance that shows it.
  const template = data.reason === 'overdue' ? 'credits_refunded' : 'expert_unavailable';
  await enqueueMail(
    tx,
    mail(
      template,
      `${event.id}:${template}`,
      { userId: data.userId },
      { questionId: data.questionId, credits: data.credits, balance: data.balance },
    ),
  );
}
