import { EMAIL_KIND_INFO, isSwitchableEmailKind } from '@uapqa/contracts';
import { DrainLoop, type Logger } from '@uapqa/service-kit';
import type { Database, Executor } from '@uapqa/service-kit/db';
import { and, asc, count, eq, inArray, isNull, like, lte, or, sql } from 'drizzle-orm';
import type * as schema from '../db/schema.js';
import { closedAccounts, creators, mailOutbox, questions, users } from '../db/schema.js';
import { kindsSwitchedOff } from '../preferences/store.js';
import type { UnsubscribeSubject, UnsubscribeTokens } from '../preferences/tokens.js';
import { TEMPLATE_KINDS } from './kinds.js';
import {
  MAIL_TEMPLATES,
  type MailData,
  type MailTemplate,
  type PersonInfo,
  QUESTION_TEMPLATES,
  renderMail,
} from './templates.js';
import { isPermanentSmtpFailure, type MailTransport } from './transport.js';

/** How a message waiting for its recipient's address says so in `last_error`. */
const RECIPIENT_UNKNOWN = 'recipient unknown';

/** A message to send: to an address, or to a user whose address is looked up at delivery. */
export interface MailRequest<T extends MailTemplate = MailTemplate> {
  /** Unique per message: a second request with the same key is dropped. */
  dedupeKey: string;
  template: T;
  to: { userId: number } | { email: string };
  data: MailData[T];
  /** Decided not to send (a limit): the row is kept as `skipped`, with this as its reason. */
  skip?: string;
}

export function mail<T extends MailTemplate>(
  template: T,
  dedupeKey: string,
  to: MailRequest<T>['to'],
  data: MailData[T],
): MailRequest<T> {
  return { template, dedupeKey, to, data };
}

/**
 * Writes messages in the caller's transaction: they exist if and only if what caused them does.
 * A message of a kind its recipient switched off is written too, as `skipped` with the reason,
 * so the outbox shows why nothing was sent. Returns how many were new (a repeated dedupe key
 * adds nothing), skipped ones included.
 */
export async function enqueueMail(tx: Executor, ...requested: MailRequest[]): Promise<number> {
  const mails = await withoutClosedAccounts(tx, requested);
  if (mails.length === 0) return 0;
  const members = mails.flatMap((each) => ('userId' in each.to ? [each.to.userId] : []));
  const off = await kindsSwitchedOff(tx, [...new Set(members)]);
  const skipReason = (each: MailRequest): string | null => {
    if (each.skip) return each.skip;
    const kind = TEMPLATE_KINDS[each.template];
    if (!('userId' in each.to) || !off.get(each.to.userId)?.has(kind)) return null;
    return `the recipient switched off ${EMAIL_KIND_INFO[kind].label.toLowerCase()} emails`;
  };
  const inserted = await tx
    .insert(mailOutbox)
    .values(
      mails.map((each) => {
        const skip = skipReason(each);
        return {
          dedupeKey: each.dedupeKey,
          template: each.template,
          toUserId: 'userId' in each.to ? each.to.userId : null,
          toEmail: 'email' in each.to ? each.to.email : null,
          data: each.data as Record<string, unknown>,
          ...(skip ? { status: 'skipped' as const, skipReason: skip } : {}),
        };
      }),
    )
    .onConflictDoNothing({ target: mailOutbox.dedupeKey })
    .returning({ id: mailOutbox.id });
  return inserted.length;
}

/** Drops messages to accounts closed by their owner: nothing is mailed to them any more. */
async function withoutClosedAccounts(tx: Executor, mails: MailRequest[]): Promise<MailRequest[]> {
  const ids = mails.flatMap((each) => ('userId' in each.to ? [each.to.userId] : []));
  if (ids.length === 0) return mails;
  const closed = await tx
    .select({ userId: closedAccounts.userId })
    .from(closedAccounts)
    .where(inArray(closedAccounts.userId, ids));
  if (closed.length === 0) return mails;
  const gone = new Set(closed.map((row) => row.userId));
  return mails.filter((each) => !('userId' in each.to && gone.has(each.to.userId)));
}

/**
 * Messages whose address is forgotten once sent: the confirmation of a closed account is the
 * only place the address still is, and the log keeps only that it went.
 */
const FORGET_ADDRESS_ONCE_SENT: ReadonlySet<string> = new Set(['account_closed']);

/** Makes a user's waiting messages due now (their address just became known). */
export async function wakeMailFor(tx: Executor, userId: number): Promise<void> {
  await tx
    .update(mailOutbox)
    .set({ nextAttemptAt: sql`now()` })
    .where(
      and(
        eq(mailOutbox.toUserId, userId),
        eq(mailOutbox.status, 'pending'),
        like(mailOutbox.lastError, `${RECIPIENT_UNKNOWN}%`),
      ),
    );
}

export interface MailWorkerOptions {
  from: string;
  publicUrl: string;
  maxAttempts: number;
  retryBaseMs: number;
  retryMaxMs: number;
  pollIntervalMs: number;
  leaseMs: number;
  batchSize?: number;
  logger?: Logger;
  /** Signs the one-click unsubscribe link of every message of a kind that can be switched off. */
  unsubscribeTokens: UnsubscribeTokens;
}

/** A message that cannot be rendered yet (its recipient or question is not known yet). */
class NotReady extends Error {}

/** Attempts a message waits for its question's title before going without it. */
const QUESTION_WAIT_ATTEMPTS = 3;

type Row = typeof mailOutbox.$inferSelect;

/**
 * Delivers the mail outbox. Enqueuers `kick()` it after their commit; a poll catches retries that
 * fall due and whatever a crash left. Each pass claims due rows with FOR UPDATE SKIP LOCKED and
 * leases them (`locked_until`) in a short transaction, sends them side by side outside any
 * transaction, then marks each row sent, or schedules its next attempt with exponential
 * backoff, or gives it up after `maxAttempts` (or at once on a permanent 5xx refusal). Several
 * replicas share one outbox: a leased row is never claimed by another.
 */
export class MailWorker {
  private readonly loop: DrainLoop;
  private readonly domain: string;

  constructor(
    private readonly db: Database<typeof schema>,
    private readonly transport: MailTransport,
    private readonly options: MailWorkerOptions,
  ) {
    this.domain = /@([^>\s]+)>?\s*$/.exec(options.from)?.[1] ?? 'uapanswers.local';
    this.loop = new DrainLoop(() => this.deliverDue(), {
      pollIntervalMs: options.pollIntervalMs,
      logger: options.logger,
      failureMessage: 'mail worker pass failed; will retry',
    });
  }

  start(): void {
    this.loop.start();
  }

  /** Asks for a pass soon; concurrent kicks coalesce into at most one more pass. */
  kick(): void {
    this.loop.kick();
  }

  /** Claims one batch of due messages and attempts each; returns how many were attempted. */
  async deliverDue(): Promise<number> {
    const rows = await this.claim();
    // All at once, so every send starts right after the claim and ends inside the lease.
    const sendBy = Date.now() + this.options.leaseMs / 2;
    await Promise.all(rows.map((row) => this.attempt(row, sendBy)));
    return rows.length;
  }

  private claim(): Promise<Row[]> {
    const batchSize = this.options.batchSize ?? 5;
    return this.db.transaction(async (tx) => {
      const due = await tx
        .select()
        .from(mailOutbox)
        .where(
          and(
            eq(mailOutbox.status, 'pending'),
            lte(mailOutbox.nextAttemptAt, sql`now()`),
            or(isNull(mailOutbox.lockedUntil), lte(mailOutbox.lockedUntil, sql`now()`)),
          ),
        )
        .orderBy(asc(mailOutbox.nextAttemptAt))
        .limit(batchSize)
        .for('update', { skipLocked: true });
      if (due.length === 0) return [];
      return tx
        .update(mailOutbox)
        .set({
          attempts: sql`${mailOutbox.attempts} + 1`,
          lockedUntil: sql`now() + ${this.options.leaseMs}::integer * interval '1 millisecond'`,
        })
        .where(
          inArray(
            mailOutbox.id,
            due.map((row) => row.id),
          ),
        )
        .returning();
    });
  }

  private async attempt(row: Row, sendBy: number): Promise<void> {
    const logger = this.options.logger?.child({ mailId: row.id, template: row.template });
    try {
      const outgoing = await this.prepare(row);
      // Too late to start: the lease may run out mid-send and let another replica send it too.
      if (Date.now() > sendBy) throw new NotReady('lease ran short before sending');
      await this.transport.send(outgoing);
      await this.db
        .update(mailOutbox)
        .set({
          status: 'sent',
          sentAt: sql`now()`,
          lockedUntil: null,
          lastError: null,
          subject: outgoing.subject,
          messageId: outgoing.messageId,
          ...(FORGET_ADDRESS_ONCE_SENT.has(row.template) ? { toEmail: null, data: {} } : {}),
        })
        .where(eq(mailOutbox.id, row.id));
      logger?.info({ attempts: row.attempts }, 'mail sent');
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const permanent = isPermanentSmtpFailure(error) || error instanceof UnknownTemplate;
      const giveUp = permanent || row.attempts >= this.options.maxAttempts;
      await this.db
        .update(mailOutbox)
        .set(
          giveUp
            ? { status: 'failed', lockedUntil: null, lastError: reason }
            : {
                lockedUntil: null,
                lastError: reason,
                nextAttemptAt: sql`now() + ${this.retryDelay(row.attempts)}::integer * interval '1 millisecond'`,
              },
        )
        .where(eq(mailOutbox.id, row.id));
      if (giveUp) logger?.error({ attempts: row.attempts, reason }, 'mail given up');
      else if (error instanceof NotReady) logger?.info({ reason }, 'mail waits');
      else logger?.warn({ attempts: row.attempts, reason }, 'mail attempt failed; will retry');
    }
  }

  /** Exponential backoff with a little jitter, so replicas' retries do not move in step. */
  private retryDelay(attempts: number): number {
    const { retryBaseMs, retryMaxMs } = this.options;
    const delay = Math.min(retryMaxMs, retryBaseMs * 2 ** Math.max(0, attempts - 1));
    return Math.round(delay * (0.9 + Math.random() * 0.2));
  }

  /** Looks up what the message needs and renders it. */
  private async prepare(row: Row) {
    if (!(MAIL_TEMPLATES as readonly string[]).includes(row.template)) {
      throw new UnknownTemplate(`unknown template ${row.template}`);
    }
    const template = row.template as MailTemplate;
    const data = row.data as Record<string, unknown>;

    let recipient: (PersonInfo & { email: string }) | null = null;
    if (row.toUserId !== null) {
      recipient = (await this.person(row.toUserId)) ?? null;
      if (!recipient)
        throw new NotReady(`${RECIPIENT_UNKNOWN}: user ${row.toUserId} is not known yet`);
    }
    const address = recipient?.email ?? row.toEmail;
    if (!address) throw new UnknownTemplate('message has no recipient');

    let questionTitle: string | null = null;
    let requestedExpertId: number | null = null;
    if (QUESTION_TEMPLATES.has(template) && typeof data.questionId === 'string') {
      const [question] = await this.db
        .select({ title: questions.title, requestedExpertId: questions.requestedExpertId })
        .from(questions)
        .where(eq(questions.questionId, data.questionId));
      if (!question && row.attempts < QUESTION_WAIT_ATTEMPTS) {
        throw new NotReady(`question ${data.questionId} is not known yet`);
      }
      questionTitle = question?.title ?? null;
      requestedExpertId = question?.requestedExpertId ?? null;
    }
    const expert =
      typeof data.expertId === 'number' ? ((await this.person(data.expertId)) ?? null) : null;
    const requestedExpert =
      requestedExpertId !== null && requestedExpertId !== data.expertId
        ? ((await this.person(requestedExpertId)) ?? null)
        : null;

    const unsubscribe = await this.unsubscribeLink(row, template);
    const rendered = renderMail(template, data as never, {
      publicUrl: this.options.publicUrl,
      recipient,
      questionTitle,
      expert,
      requestedExpertId,
      requestedExpert,
      unsubscribe: unsubscribe && { ...unsubscribe, forAccount: row.toUserId !== null },
    });
    const name = recipient
      ? [recipient.firstName, recipient.lastName].filter(Boolean).join(' ').trim()
      : '';
    return {
      id: row.id,
      createdAt: row.createdAt,
      from: this.options.from,
      to: { name, address },
      ...(rendered.replyTo ? { replyTo: rendered.replyTo } : {}),
      subject: rendered.subject,
      text: rendered.text,
      html: rendered.html,
      // The same Message-ID on every attempt: a receiver can drop a copy a crash made us resend.
      messageId: `<${row.id}@${this.domain}>`,
      date: new Date(),
      headers: {
        'Auto-Submitted': 'auto-generated',
        'X-UAPQA-Template': template,
        // RFC 8058: the link may be POSTed by the mail client, with no sign-in, to switch it off.
        ...(unsubscribe ? { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } : {}),
      },
      ...(unsubscribe ? { listUnsubscribe: unsubscribe.url } : {}),
    };
  }

  /**
   * The one-click unsubscribe link of a message whose kind its recipient may switch off: the
   * member's account, or (a newsletter issue) the subscribed address. Null for the rest.
   */
  private async unsubscribeLink(row: Row, template: MailTemplate) {
    const kind = TEMPLATE_KINDS[template];
    if (!isSwitchableEmailKind(kind)) return null;
    let subject: UnsubscribeSubject;
    if (row.toUserId !== null) subject = { userId: row.toUserId, kind };
    else if (kind === 'newsletter' && row.toEmail) subject = { email: row.toEmail, kind };
    else return null;
    const token = await this.options.unsubscribeTokens.sign(subject);
    const base = this.options.publicUrl.replace(/\/+$/, '');
    return {
      url: `${base}/api/unsubscribe?token=${encodeURIComponent(token)}`,
      label: EMAIL_KIND_INFO[kind].label,
    };
  }

  /** A user as mail names them; an expert with an approved profile also has its brand name. */
  private async person(userId: number) {
    const [user] = await this.db
      .select({
        email: users.email,
        username: users.username,
        firstName: users.firstName,
        lastName: users.lastName,
        brandName: creators.brandName,
      })
      .from(users)
      .leftJoin(creators, eq(creators.userId, users.userId))
      .where(eq(users.userId, userId));
    return user;
  }

  async stop(): Promise<void> {
    await this.loop.stop();
    this.transport.close();
  }

  /** Messages not yet sent nor given up (for readiness and tests). */
  async backlog(): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(mailOutbox)
      .where(eq(mailOutbox.status, 'pending'));
    return row?.n ?? 0;
  }
}

/** A row that can never be sent as it is (a template this version does not know). */
class UnknownTemplate extends Error {}
