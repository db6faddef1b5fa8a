import {
  CreatorApproved,
  type EventEnvelope,
  readEvent,
  UserRegistered,
  UserRoleChanged,
} from '@uapqa/contracts';
import type { Executor } from '@uapqa/service-kit/db';
import { experts, users } from '../db/schema.js';
import { enqueueMail, mail, wakeMailFor } from '../mail/enqueue.js';

/** The identity events that keep the users and experts read copies. */
export const MEMBER_EVENTS = [UserRegistered.type, UserRoleChanged.type, CreatorApproved.type];

/** Stores (or renews) a user of the read copy and sends what waited for their address. */
export async function keepUser(
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

/** Applies a member event to the read copies; a new member is welcomed. */
export async function keepMember(tx: Executor, event: EventEnvelope): Promise<void> {
  switch (event.type) {
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
    case CreatorApproved.type: {
      const data = readEvent(CreatorApproved, event).data;
      const values = {
        brandName: data.brandName,
        firstName: data.firstName,
        lastName: data.lastName,
        updatedAt: new Date(),
      };
      await tx
        .insert(experts)
        .values({ userId: data.userId, ...values })
        .onConflictDoUpdate({ target: experts.userId, set: values });
      return;
    }
  }
}
