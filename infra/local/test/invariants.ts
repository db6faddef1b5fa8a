import type { Browser } from '@uapqa/service-kit/testing';
import postgres from 'postgres';
import { expect } from 'vitest';
import { serverUrl } from './support.js';

/** Connections to the databases of one isolated stack's services, read at the end of a run. */
export interface ServiceDatabases {
  billing: postgres.Sql;
  questions: postgres.Sql;
  moderation: postgres.Sql;
  notifications: postgres.Sql;
  end(): Promise<void>;
}

/** Opens the databases of the stack whose names start with `prefix` (each connects on use). */
export function serviceDatabases(prefix: string): ServiceDatabases {
  const database = (service: string) => {
    const url = new URL(serverUrl!);
    url.pathname = `/${prefix}${service}`;
    return postgres(url.toString(), { max: 1, onnotice: () => {} });
  };
  const billing = database('billing');
  const questions = database('questions');
  const moderation = database('moderation');
  const notifications = database('notifications');
  return {
    billing,
    questions,
    moderation,
    notifications,
    async end() {
      await Promise.all([billing.end(), questions.end(), moderation.end(), notifications.end()]);
    },
  };
}

/**
 * No event lost: every accepted question is stored, every stored question reached moderation's
 * queue, once, and the decision came back to questions (rejected or approved there too).
 * Returns the stored questions.
 */
export async function expectNoQuestionEventLost(
  db: ServiceDatabases,
  accepted: ReadonlySet<string>,
): Promise<Array<{ id: string; status: string }>> {
  const stored = await db.questions`select id::text as id, status from questions`;
  const queued = await db.moderation`select question_id as id, status from queue_items`;
  const queuedIds = new Set(queued.map((row) => row.id as string));
  for (const id of accepted) expect(stored.map((row) => row.id)).toContain(id);
  for (const row of stored) expect(queuedIds.has(row.id as string)).toBe(true);
  expect(queuedIds.size).toBe(queued.length);
  const storedStatus = new Map(stored.map((row) => [row.id as string, row.status]));
  for (const row of queued) {
    if (row.status === 'rejected') expect(storedStatus.get(row.id)).toBe('rejected');
    if (row.status === 'approved') expect(storedStatus.get(row.id)).toBe('approved');
  }
  return stored.map((row) => ({ id: row.id as string, status: row.status as string }));
}

/**
 * Every stored question: exactly one debit, and one refund iff it was rejected. A debit for a
 * question that was never stored is refunded, once (the reservation sweep).
 */
export async function expectOneDebitPerQuestion(
  db: ServiceDatabases,
  stored: ReadonlyArray<{ id: string; status: string }>,
): Promise<void> {
  const entries = await db.billing`
    select idempotency_key as key, kind from ledger
    where kind in ('question_debit', 'question_refund')`;
  const count = (key: string) => entries.filter((row) => row.key === key).length;
  for (const row of stored) {
    expect(count(`question:${row.id}:debit`)).toBe(1);
    expect(count(`question:${row.id}:refund`)).toBe(row.status === 'rejected' ? 1 : 0);
  }
  const storedIds = new Set(stored.map((row) => row.id));
  for (const row of entries.filter((entry) => entry.kind === 'question_debit')) {
    const id = (row.key as string).split(':')[1]!;
    if (!storedIds.has(id)) expect(count(`question:${id}:refund`)).toBe(1);
  }
}

/** Every member's balance is the sum of their ledger entries, and is what they see. */
export async function expectBalancesMatchLedger(
  db: ServiceDatabases,
  members: ReadonlyArray<Browser & { id: number }>,
): Promise<void> {
  for (const member of members) {
    const [sum] = await db.billing`
      select coalesce(sum(delta), 0)::int as balance from ledger where user_id = ${member.id}`;
    const me = await (await member.get('/api/user')).json();
    expect(me.foiaCredits).toBe(sum!.balance);
  }
}
