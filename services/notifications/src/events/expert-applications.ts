import {
  type EventEnvelope,
  ExpertApplicationDecided,
  ExpertApplicationSubmitted,
  readEvent,
} from '@uapqa/contracts';
import type { Executor } from '@uapqa/service-kit/db';
import { eq } from 'drizzle-orm';
import { users } from '../db/schema.js';
import { enqueueMail, mail } from '../mail/enqueue.js';

/** The identity events about the public expert application. */
export const EXPERT_APPLICATION_EVENTS = [
  ExpertApplicationSubmitted.type,
  ExpertApplicationDecided.type,
];

/**
 * Mails a new application to the applicant (received) and to the admins (to decide), and the
 * decision to the applicant.
 */
export async function mailExpertApplication(
  tx: Executor,
  event: EventEnvelope,
  staffEmail: string,
): Promise<void> {
  if (event.type === ExpertApplicationSubmitted.type) {
    const data = readEvent(ExpertApplicationSubmitted, event).data;
    const { applicationId, name } = data;
    await enqueueMail(
      tx,
      mail(
        'application_received',
        `${event.id}:application_received`,
        { email: data.email },
        {
          applicationId,
          name,
          duration: data.duration,
          questionsPerWeek: data.questionsPerWeek,
        },
      ),
      ...(await staffRecipients(tx, staffEmail)).map((to) =>
        mail(
          'application_staff',
          `${event.id}:application_staff:${'userId' in to ? to.userId : to.email}`,
          to,
          {
            applicationId,
            name,
            email: data.email,
            phone: data.phone,
            website: data.website,
            duration: data.duration,
            questionsPerWeek: data.questionsPerWeek,
            description: data.description,
            submittedAt: data.submittedAt,
          },
        ),
      ),
    );
    return;
  }
  if (event.type === ExpertApplicationDecided.type) {
    const data = readEvent(ExpertApplicationDecided, event).data;
    await enqueueMail(
      tx,
      mail(
        'application_decided',
        `${event.id}:application_decided`,
        { email: data.email },
        {
          applicationId: data.applicationId,
          name: data.name,
          decision: data.decision,
          note: data.note,
          invitation: data.invitation ?? null,
        },
      ),
    );
  }
}

/**
 * Who is told of a new expert application: every admin the users copy knows (identity announces
 * each account and each role change). Before any admin is known (an admin created before
 * identity announced them), the staff address receives it, so an application is never unseen.
 */
async function staffRecipients(
  tx: Executor,
  staffEmail: string,
): Promise<Array<{ userId: number } | { email: string }>> {
  const admins = await tx
    .select({ userId: users.userId })
    .from(users)
    .where(eq(users.role, 'admin'));
  return admins.length > 0 ? admins.map(({ userId }) => ({ userId })) : [{ email: staffEmail }];
}
