import type { Logger } from './logger.js';

export interface DrainLoopOptions {
  /** Safety-net poll for work left by a crash or a failed pass; the happy path is kicked. */
  pollIntervalMs: number;
  logger?: Logger;
  /** Logged (with the error) when a pass fails; the next kick or poll tries again. */
  failureMessage: string;
  /**
   * The most a pass takes at once. A pass that took fewer found nothing more waiting, so the
   * loop stops there instead of running an empty pass; work committed since is kicked anyway.
   */
  batchSize?: number;
}

/**
 * Runs `pass` until it reports no work left (it returns how many items it handled; fewer than a
 * full batch counts as the last), whenever kicked and on a poll. Concurrent kicks coalesce into
 * at most one more drain, so callers can kick after every commit. The outbox relay and the mail
 * worker are built on it.
 */
export class DrainLoop {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = true;

  constructor(
    private readonly pass: () => Promise<number>,
    private readonly options: DrainLoopOptions,
  ) {}

  start(): void {
    this.stopped = false;
    this.timer = setInterval(() => this.kick(), this.options.pollIntervalMs);
    this.timer.unref();
    this.kick();
  }

  /** Asks for a drain soon; concurrent kicks coalesce into at most one more. */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain().finally(() => {
      this.running = null;
      if (this.again) {
        this.again = false;
        this.kick();
      }
    });
  }

  private async drain(): Promise<void> {
    try {
      const full = this.options.batchSize ?? 1;
      while (!this.stopped && (await this.pass()) >= full) {
        // keep going while there may be work
      }
    } catch (error) {
      this.options.logger?.warn({ err: error }, this.options.failureMessage);
    }
  }

  /** Stops polling and waits for a drain under way to end. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }
}
