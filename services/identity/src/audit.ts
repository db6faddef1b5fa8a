import {
  BILLING_STREAM,
  BillingStaffActionTaken,
  MODERATION_STREAM,
  QUESTIONS_STREAM,
  QuestionApproved,
  QuestionRejected,
  RefundDecided,
  readEvent,
  type StaffActionReport,
  TaxonomyChanged,
} from '@uapqa/contracts';
import type { EventBus, Subscription } from '@uapqa/service-kit';
import { type Database, type Executor, inboxFor } from '@uapqa/service-kit/db';
import { staffActions } from './db/schema.js';

/** Records one staff action, in the caller's transaction (the action's own, for identity's). */
export async function recordStaffAction(
  tx: Executor,
  report: StaffActionReport,
  sourceEventId: string | null = null,
): Promise<void> {
  await tx
    .insert(staffActions)
    .values({ ...report, sourceEventId })
    .onConflictDoNothing({ target: staffActions.sourceEventId });
}

const CONSUMER = 'identity-audit';

/**
 * The other services' staff actions, into the audit log: billing reports its own
 * (`StaffActionTaken`); a moderation decision (who decided, and the notes), a category or
 * topic change (which names its admin) and a refund decision (who, and the note) are one already.
 * Each is recorded once: the inbox and the event id both guard it.
 */
export function startAuditConsumers(
  db: Database,
  relay: { kick(): void },
  bus: EventBus,
): Promise<Subscription[]> {
  const once = inboxFor(db, relay, CONSUMER);
  return Promise.all([
    bus.consume({
      stream: BILLING_STREAM,
      durable: CONSUMER,
      types: [BillingStaffActionTaken.type],
      handler: once(async (tx, event) => {
        await recordStaffAction(tx, readEvent(BillingStaffActionTaken, event).data, event.id);
      }),
    }),
    bus.consume({
      stream: MODERATION_STREAM,
      durable: CONSUMER,
      types: [QuestionApproved.type, QuestionRejected.type],
      handler: once(async (tx, event) => {
        const approved = event.type === QuestionApproved.type;
        const data = approved
          ? readEvent(QuestionApproved, event).data
          : readEvent(QuestionRejected, event).data;
        await recordStaffAction(
          tx,
          {
            actorId: data.moderatorId,
            action: approved ? 'question_approved' : 'question_rejected',
            subjectUserId: data.askerId,
            subject: `question ${data.questionId}`,
            reason: data.moderationNotes,
          },
          event.id,
        );
      }),
    }),
    bus.consume({
      stream: QUESTIONS_STREAM,
      durable: CONSUMER,
      types: [TaxonomyChanged.type, RefundDecided.type],
      handler: once(async (tx, event) => {
        if (event.type === RefundDecided.type) {
          const refund = readEvent(RefundDecided, event).data;
          await recordStaffAction(
            tx,
            {
              actorId: refund.decidedBy,
              action: refund.granted ? 'refund_granted' : 'refund_refused',
              subjectUserId: refund.askerId,
              subject: `question ${refund.questionId}`,
              reason: refund.note,
            },
            event.id,
          );
          return;
        }
        const { kind, change, name, changedBy } = readEvent(TaxonomyChanged, event).data;
        // Events from before changes named their admin cannot be attributed: left out.
        if (changedBy === undefined) return;
        await recordStaffAction(
          tx,
          {
            actorId: changedBy,
            action: 'taxonomy_changed',
            subjectUserId: null,
            subject: `${kind === 'category' ? 'category' : 'topic'} "${name}" ${change}`,
            reason: null,
          },
          event.id,
        );
      }),
    }),
  ]);
}
