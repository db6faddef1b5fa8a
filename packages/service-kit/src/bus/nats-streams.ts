import { type JetStreamManager, RetentionPolicy, StorageType } from '@nats-io/jetstream';
import { nanos } from '@nats-io/transport-node';
import { deadLetterSubject, eventSubject } from './types.js';

export const DEADLETTER_STREAM = 'DEADLETTER';
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The JetStream streams and subjects of one bus, named under its prefix (so test runs never touch
 * each other's streams) and created, or raised to the wanted replicas, on first use.
 */
export class NatsStreams {
  private readonly ensured = new Map<string, Promise<void>>();

  constructor(
    private readonly jsm: JetStreamManager,
    private readonly prefix: string,
    private readonly replicas: number,
  ) {}

  name(stream: string): string {
    return `${this.prefix}${stream}`.toUpperCase().replace(/[^A-Z0-9_-]/g, '_');
  }

  subject(stream: string, type: string): string {
    return `${this.prefix}${eventSubject(stream, type)}`;
  }

  deadLetterSubject(stream: string, durable: string): string {
    return `${this.prefix}${deadLetterSubject(stream, durable)}`;
  }

  /**
   * One type filters on its subject; several filter on the whole stream and the loop skips the
   * rest, because multi-subject filters need nats-server 2.10 and Debian ships 2.9.
   */
  filterFor(stream: string, types: string[]): string {
    return types.length === 1 ? this.subject(stream, types[0]!) : `${this.prefix}${stream}.>`;
  }

  ensureEvents(stream: string): Promise<void> {
    return this.ensure(this.name(stream), [`${this.prefix}${stream}.>`]);
  }

  ensureDeadLetters(): Promise<void> {
    return this.ensure(this.name(DEADLETTER_STREAM), [`${this.prefix}deadletter.>`]);
  }

  /** Removes these streams and the dead letters (used with a unique prefix). */
  async delete(streams: string[]): Promise<void> {
    for (const stream of [...streams, DEADLETTER_STREAM]) {
      await this.jsm.streams.delete(this.name(stream)).catch(() => false);
    }
  }

  private ensure(name: string, subjects: string[]): Promise<void> {
    let pending = this.ensured.get(name);
    if (!pending) {
      pending = (async () => {
        let existing: Awaited<ReturnType<typeof this.jsm.streams.info>> | undefined;
        try {
          existing = await this.jsm.streams.info(name);
        } catch {
          await this.jsm.streams.add({
            name,
            subjects,
            storage: StorageType.File,
            retention: RetentionPolicy.Limits,
            max_age: nanos(30 * DAY_MS),
            duplicate_window: nanos(2 * 60 * 1000),
            num_replicas: this.replicas,
          });
          return;
        }
        if (existing.config.num_replicas < this.replicas) {
          await this.jsm.streams.update(name, { ...existing.config, num_replicas: this.replicas });
        }
      })();
      pending.catch(() => this.ensured.delete(name));
      this.ensured.set(name, pending);
    }
    return pending;
  }
}
