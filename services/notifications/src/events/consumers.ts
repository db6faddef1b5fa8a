import {
  AccountClosed,
  AccountInvited,
  ANSWER_DUE_HOURS,
  BILLING_STREAM,
  CREDITS_PER_QUESTION,
  CreatorApproved,
  CreditsPurchased,
  CreditsRefunded,
  EmailChangeRequested,
  EmailVerificationRequested,
  ExpertApplicationDecided,
  ExpertApplicationSubmitted,
  IDENTITY_STREAM,
  MODERATION_STREAM,
  PasswordChanged,
  PasswordResetRequested,
  QUESTIONS_STREAM,
  QuestionAnswered,
  QuestionApproved,
  QuestionRejected,
  QuestionSubmitted,
  readEvent,
  SignUpWithExistingEmail,
  UserEmailChanged,
  UserRegistered,
  UserRoleChanged,
} from '@uapqa/contracts';
import type { EventBus, Subscription } from '@uapqa/service-kit';
import { type Executor, inboxFor } from '@uapqa/service-kit/db';
import { eq } from 'drizzle-orm';
import { forgetMember } from '../closing.js';
import { creators, questions, users } from '../db/schema.js';
import type { NotificationsDeps } from '../deps.js';
import { lockAddress, recentMailTo } from '../mail/limits.js';
import { enqueueMail, mail, wakeMailFor } from '../mail/worker.js';
import { ANSWER_FEEDBACK_EVENTS, mailAnswerFeedback } from './answer-feedback.js';

export const CONSUMER = 'notifications';

/**
 * Sign-up attempt notices one account receives in any 24 hours. Anyone can cause one by typing
 * the address into the sign-up form, from any network; past this, the owner has been told and
 * more would only be a way to flood their inbox. A rolling 24 hours rather than the calendar day,
 * so a burst around midnight UTC cannot deliver twice the limit.
 */
export const SIGNUP_NOTICES_PER_DAY = 3;

/**
 * Keeps the users and questions read copies and turns events into mail. Each event is handled
 * once (inbox); each message has a dedupe key of its own (the event id and the template), so
 * even a handler run twice could not enqueue it twice. The worker is kicked after each commit.
 */
export async function startConsumers(
  deps: NotificationsDeps,
  bus: EventBus,
): Promise<Subscription[]> {
  const { db, config } = deps;
  const once = inboxFor(db, deps.mail, CONSUMER);
  const delivery = {
    durable: CONSUMER,
    maxDeliver: config.EVENT_MAX_DELIVER,
    ...(config.EVENT_BACKOFF_MS ? { backoffMs: config.EVENT_BACKOFF_MS } : {}),
  };

  /** Stores (or renews) a user of the read copy and sends what waited for their address. */
  async function keepUser(
    tx: Executor,
    data: {
      userId: number;
      email: string;
      username: string;
      firstName: string | null;
      lastName: string | null;
      role: string;
    },
  ) {
    const values = {
      email: data.email,
      username: data.username,
      firstName: data.firstName,
      lastName: data.lastName,
      role: data.role,
      updatedAt: new Date(),
    };
    await tx
      .insert(users)
      .values({ userId: data.userId, ...values })
      .onConflictDoUpdate({ target: users.userId, set: values });
    await wakeMailFor(tx, data.userId);
  }

  return Promise.all([
    bus.consume({
      ...delivery,
      stream: IDENTITY_STREAM,
      types: [
        EmailVerificationRequested.type,
        SignUpWithExistingEmail.type,
        UserRegistered.type,
        UserRoleChanged.type,
        CreatorApproved.type,
        ExpertApplicationSubmitted.type,
        ExpertApplicationDecided.type,
        AccountInvited.type,
        PasswordResetRequested.type,
        PasswordChanged.type,
        EmailChangeRequested.type,
        UserEmailChanged.type,
        AccountClosed.type,
      ],
      handler: once(async (tx, event) => {
        switch (event.type) {
          case AccountClosed.type:
            await forgetMember(tx, readEvent(AccountClosed, event).data);
            return;
          // The link goes to the address as typed: the account is not in the users copy (nor
          // mailed anything else) until the address is confirmed and UserRegistered arrives.
          case EmailVerificationRequested.type: {
            const data = readEvent(EmailVerificationRequested, event).data;
            await enqueueMail(
              tx,
              mail(
                'email_verification',
                `${event.id}:email_verification`,
                { email: data.email },
                { firstName: data.firstName, token: data.token, expiresAt: data.expiresAt },
              ),
            );
            return;
          }
          case SignUpWithExistingEmail.type: {
            const data = readEvent(SignUpWithExistingEmail, event).data;
            const email = data.email.toLowerCase();
            await lockAddress(tx, email);
            const sent = await recentMailTo(tx, email, 'signup_existing', 24);
            await enqueueMail(tx, {
              ...mail(
                'signup_existing',
                `${event.id}:signup_existing`,
                { email },
                { firstName: data.firstName, username: data.username },
              ),
              ...(sent >= SIGNUP_NOTICES_PER_DAY
                ? {
                    skip: `limit: at most ${SIGNUP_NOTICES_PER_DAY} sign-up attempt notices to one account in 24 hours`,
                  }
                : {}),
            });
            return;
          }
          case UserRegistered.type: {
            const data = readEvent(UserRegistered, event).data;
            await keepUser(tx, data);
            // Members who sign up get a welcome; staff and experts created by an admin do not.
            if (data.role === 'user') {
              await enqueueMail(
                tx,
                mail('welcome', `welcome:${data.userId}`, { userId: data.userId }, {}),
              );
            }
            return;
          }
          case UserRoleChanged.type:
            await keepUser(tx, readEvent(UserRoleChanged, event).data);
            return;
          // The invited person has no account yet: the link goes to the address as typed.
          case AccountInvited.type: {
            const { email, firstName, username, role, token, expiresAt } = readEvent(
              AccountInvited,
              event,
            ).data;
            await enqueueMail(
              tx,
              mail(
                'account_invitation',
                `${event.id}:account_invitation`,
                { email },
                { firstName, username, role, token, expiresAt },
              ),
            );
            return;
          }
          // Messages about the account's safety go to the address itself, as it is now.
          case PasswordResetRequested.type: {
            const { email, firstName, token, expiresAt } = readEvent(
              PasswordResetRequested,
              event,
            ).data;
            await enqueueMail(
              tx,
              mail(
                'password_reset',
                `${event.id}:password_reset`,
                { email },
                {
                  firstName,
                  token,
                  expiresAt,
                },
              ),
            );
            return;
          }
          case PasswordChanged.type: {
            const { email, firstName, how, changedAt } = readEvent(PasswordChanged, event).data;
            await enqueueMail(
              tx,
              mail(
                'password_changed',
                `${event.id}:password_changed`,
                { email },
                {
                  firstName,
                  how,
                  changedAt,
                },
              ),
            );
            return;
          }
          case EmailChangeRequested.type: {
            const data = readEvent(EmailChangeRequested, event).data;
            const { firstName, newEmail } = data;
            await enqueueMail(
              tx,
              mail(
                'email_change_requested',
                `${event.id}:email_change_requested`,
                { email: data.currentEmail },
                { firstName, newEmail },
              ),
              data.token
                ? mail(
                    'email_change_confirm',
                    `${event.id}:email_change_confirm`,
                    {
                      email: newEmail,
                    },
                    { firstName, token: data.token, expiresAt: data.expiresAt },
                  )
                : mail(
                    'email_change_taken',
                    `${event.id}:email_change_taken`,
                    {
                      email: newEmail,
                    },
                    {},
                  ),
            );
            return;
          }
          case UserEmailChanged.type: {
            const data = readEvent(UserEmailChanged, event).data;
            await keepUser(tx, data);
            await enqueueMail(
              tx,
              mail(
                'email_changed',
                `${event.id}:email_changed`,
                { email: data.previousEmail },
                {
                  firstName: data.firstName,
                  newEmail: data.email,
                },
              ),
            );
            return;
          }
          case CreatorApproved.type: {
            const data = readEvent(CreatorApproved, event).data;
            const values = {
              brandName: data.brandName,
              firstName: data.firstName,
              lastName: data.lastName,
              updatedAt: new Date(),
            };
            await tx
              .insert(creators)
              .values({ userId: data.userId, ...values })
              .onConflictDoUpdate({ target: creators.userId, set: values });
            return;
          }
          case ExpertApplicationSubmitted.type: {
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
              ...(await staffRecipients(tx, config.STAFF_EMAIL)).map((to) =>
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
          case ExpertApplicationDecided.type: {
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
            return;
          }
        }
      }),
    }),
    bus.consume({
      ...delivery,
      stream: MODERATION_STREAM,
      types: [QuestionApproved.type, QuestionRejected.type],
      handler: once(async (tx, event) => {
        if (event.type === QuestionApproved.type) {
          const data = readEvent(QuestionApproved, event).data;
          const dueAt = new Date(Date.parse(data.approvedAt) + ANSWER_DUE_HOURS * 3600 * 1000);
          await enqueueMail(
            tx,
            mail(
              'question_approved',
              `${event.id}:question_approved`,
              { userId: data.askerId },
              {
                questionId: data.questionId,
                expertId: data.assignedExpertId,
                dueAt: dueAt.toISOString(),
              },
            ),
            mail(
              'question_assigned',
              `${event.id}:question_assigned`,
              { userId: data.assignedExpertId },
              {
                questionId: data.questionId,
                dueAt: dueAt.toISOString(),
                moderationNotes: data.moderationNotes,
              },
            ),
          );
          return;
        }
        const data = readEvent(QuestionRejected, event).data;
        await enqueueMail(
          tx,
          mail(
            'question_rejected',
            `${event.id}:question_rejected`,
            { userId: data.askerId },
            {
              questionId: data.questionId,
              moderationNotes: data.moderationNotes,
              reason: data.reason ?? null,
              credits: CREDITS_PER_QUESTION,
            },
          ),
        );
      }),
    }),
    bus.consume({
      ...delivery,
      stream: QUESTIONS_STREAM,
      types: [QuestionSubmitted.type, QuestionAnswered.type, ...ANSWER_FEEDBACK_EVENTS],
      handler: once(async (tx, event) => {
        if ((ANSWER_FEEDBACK_EVENTS as readonly string[]).includes(event.type)) {
          await mailAnswerFeedback(tx, event);
          return;
        }
        if (event.type === QuestionSubmitted.type) {
          const data = readEvent(QuestionSubmitted, event).data;
          await tx
            .insert(questions)
            .values({
              questionId: data.questionId,
              askerId: data.askerId,
              title: data.title,
              requestedExpertId: data.requestedExpertId,
            })
            .onConflictDoNothing();
          return;
        }
        const data = readEvent(QuestionAnswered, event).data;
        // A question nobody asked (the demo archive) has no one to tell.
        if (data.askerId === null) return;
        await enqueueMail(
          tx,
          mail(
            'question_answered',
            `${event.id}:question_answered`,
            { userId: data.askerId },
            {
              questionId: data.questionId,
              title: data.title,
              expertId: data.expertId,
              answeredAt: data.answeredAt,
            },
          ),
        );
      }),
    }),
    bus.consume({
      ...delivery,
      stream: BILLING_STREAM,
      types: [CreditsPurchased.type, CreditsRefunded.type],
      handler: once(async (tx, event) => {
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
      }),
    }),
  ]);
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
