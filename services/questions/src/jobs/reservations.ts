import type { QuestionsDeps } from '../deps.js';
import { sweepReservationsOlderThan } from '../reservations.js';

type SweepDeps = Pick<QuestionsDeps, 'db' | 'bus' | 'config' | 'logger'>;

/**
 * Credit reservations left behind by asks that never stored their question (the process was
 * killed between billing's debit and its commit, or billing could not be told afterwards): once
 * older than RESERVATION_ORPHAN_MS, billing releases each credit, and the row goes once billing
 * acknowledged. Rows held by a live ask, or by another replica's sweep, are skipped.
 */
export function sweepReservations(deps: SweepDeps, now = new Date()): Promise<number> {
  return sweepReservationsOlderThan(
    {
      db: deps.db,
      bus: deps.bus,
      timeoutMs: deps.config.RESERVATION_TIMEOUT_MS,
      logger: deps.logger,
    },
    new Date(now.getTime() - deps.config.RESERVATION_ORPHAN_MS),
  );
}

/** Runs the sweep every RESERVATION_SWEEP_MS; the returned stop waits for a run under way. */
export function scheduleReservationSweep(deps: SweepDeps): () => Promise<void> {
  let running: Promise<void> | null = null;
  const run = () => {
    // A run waiting on billing may outlast the interval: never two at once in one process.
    if (running) return;
    running = sweepReservations(deps)
      .then((count) => {
        if (count > 0) deps.logger.info({ count }, 'credit reservations released');
      })
      .catch((error) => deps.logger.warn({ err: error }, 'credit reservation sweep failed'))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(run, deps.config.RESERVATION_SWEEP_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
