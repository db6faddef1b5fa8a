import type { EventEnvelope } from '@uapqa/contracts';
import { asc, count, inArray, isNull, min } from 'drizzle-orm';
import type { EventBus } from './bus/types.js';
import { outbox } from './db/bookkeeping.js';
import type { Database, Executor } from './db/database.js';
import { DrainLoop } from './drain-loop.js';
import type { Logger } from './logger.js';

/** Writes events in the caller's transaction: they exist if and only if the state change does. */
export async function enqueue(
  tx: Executor,
  stream: string,
  ...events: EventEnvelope[]
): Promise<void> {
  if (events.length === 0) return;
  await tx
    .insert(outbox)
    .values(events.map((event) => ({ id: event.id, stream, type: event.type, envelope: event })));
}

const DEFAULT_BATCH = 100;

export interface OutboxRelayOptions {
  /** Safety-net poll for events left by a crash or a failed publish; the happy path is kicked. */
  pollIntervalMs?: number;
  batchSize?: number;
  logger?: Logger;
}

/**
 * Publishes committed outbox rows. Callers `kick()` it after a commit so events leave at once;
 * the poll picks up whatever a crash between commit and publish left behind. Rows are claimed
 * with SKIP LOCKED, so several replicas can relay the same outbox.
 */
export class OutboxRelay {
  private readonly loop: DrainLoop;

  constructor(
    private readonly db: Database,
    private readonly bus: EventBus,
    private readonly options: OutboxRelayOptions = {},
  ) {
    this.loop = new DrainLoop(() => this.flush(), {
      pollIntervalMs: options.pollIntervalMs ?? 1000,
      batchSize: options.batchSize ?? DEFAULT_BATCH,
      logger: options.logger,
      failureMessage: 'outbox relay could not publish; will retry',
    });
  }

  start(): void {
    this.loop.start();
  }

  /** Asks for a flush soon; concurrent kicks coalesce into at most one more pass. */
  kick(): void {
    this.loop.kick();
  }

  /** Publishes one batch; returns how many events left. Safe to call from tests directly. */
  async flush(): Promise<number> {
    const batchSize = this.options.batchSize ?? DEFAULT_BATCH;
    return this.db.transaction(async (tx) => {
      const rows = await tx
        .select({ id: outbox.id, stream: outbox.stream, envelope: outbox.envelope })
        .from(outbox)
        .where(isNull(outbox.publishedAt))
        .orderBy(asc(outbox.id))
        .limit(batchSize)
        .for('update', { skipLocked: true });
      if (rows.length === 0) return 0;
      const published: string[] = [];
      let failure: unknown;
      for (const row of rows) {
        try {
          await this.bus.publish(row.stream, row.envelope);
        } catch (error) {
          failure = error;
          break;
        }
        published.push(row.id);
      }
      if (published.length === 0) throw failure;
      // What left is marked even when a later publish failed; the rest waits for the next pass.
      await tx.update(outbox).set({ publishedAt: new Date() }).where(inArray(outbox.id, published));
      if (failure) {
        this.options.logger?.warn({ err: failure }, 'outbox relay publish failed mid-batch');
      }
      return published.length;
    });
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }

  /** Unpublished rows and when the oldest was written: the outbox gauges of `/metrics`. */
  async lag(): Promise<{ pending: number; oldestCreatedAt: Date | null }> {
    const [row] = await this.db
      .select({ pending: count(), oldest: min(outbox.createdAt) })
      .from(outbox)
      .where(isNull(outbox.publishedAt));
    const oldest = row?.oldest;
    return {
      pending: Number(row?.pending ?? 0),
      oldestCreatedAt: oldest ? new Date(oldest) : null,
    };
  }

  /** How many events wait to be published (for readiness and tests). */
  async backlog(): Promise<number> {
    const rows = await this.db
      .select({ id: outbox.id })
      .from(outbox)
      .where(isNull(outbox.publishedAt));
    return rows.length;
  }
}
