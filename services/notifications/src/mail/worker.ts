import { DrainLoop, type Logger } from '@uapqa/service-kit';
import type { Database } from '@uapqa/service-kit/db';
import { and, asc, count, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type * as schema from '../db/schema.js';
import { mailOutbox } from '../db/schema.js';
import type { UnsubscribeTokens } from '../preferences/tokens.js';
import { MessageComposer, NotReady, type OutboxRow, UnknownTemplate } from './compose.js';
import { isPermanentSmtpFailure, type MailTransport } from './transport.js';

// The route files still import the enqueueing side from here.
export { enqueueMail, mail } from './enqueue.js';

/**
 * Messages whose address is forgotten once sent: the confirmation of a closed account is the
 * only place the address still is, and the log keeps only that it went.
 */
const FORGET_ADDRESS_ONCE_SENT: ReadonlySet<string> = new Set(['account_closed']);

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
  private readonly composer: MessageComposer;

  constructor(
    private readonly db: Database<typeof schema>,
    private readonly transport: MailTransport,
    private readonly options: MailWorkerOptions,
  ) {
    this.composer = new MessageComposer(db, options);
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

  private claim(): Promise<OutboxRow[]> {
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

  private async attempt(row: OutboxRow, sendBy: number): Promise<void> {
    const logger = this.options.logger?.child({ mailId: row.id, template: row.template });
    try {
      const outgoing = await this.composer.compose(row);
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
