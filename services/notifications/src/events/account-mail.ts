import {
  AccountInvited,
  EmailChangeRequested,
  EmailVerificationRequested,
  type EventEnvelope,
  PasswordChanged,
  PasswordResetRequested,
  readEvent,
  SignUpWithExistingEmail,
  UserEmailChanged,
} from '@uapqa/contracts';
import type { Executor } from '@uapqa/service-kit/db';
import { enqueueMail, mail } from '../mail/enqueue.js';
import { lockAddress, recentMailTo } from '../mail/limits.js';
import { keepUser } from './members-copy.js';

/**
 * Sign-up attempt notices one account receives in any 24 hours. Anyone can cause one by typing
 * the address into the sign-up form, from any network; past this, the owner has been told and
 * more would only be a way to flood their inbox. A rolling 24 hours rather than the calendar day,
 * so a burst around midnight UTC cannot deliver twice the limit.
 */
export const SIGNUP_NOTICES_PER_DAY = 3;

/** The identity events about signing up and an account's safety, each mailed to an address. */
export const ACCOUNT_MAIL_EVENTS = [
  EmailVerificationRequested.type,
  SignUpWithExistingEmail.type,
  AccountInvited.type,
  PasswordResetRequested.type,
  PasswordChanged.type,
  EmailChangeRequested.type,
  UserEmailChanged.type,
];

/** Mails the link or the notice an account event calls for. */
export async function mailAccountEvent(tx: Executor, event: EventEnvelope): Promise<void> {
  switch (event.type) {
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
      const { email, firstName, token, expiresAt } = readEvent(PasswordResetRequested, event).data;
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
  }
}
