import type { Logger } from './logger.js';

/** setTimeout's longest delay; a later moment is re-armed for when this one fires. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

export interface TimedJob {
  /** Looks up the next moment again (after a write that may have moved it, or a run). */
  rearm(): void;
  stop(): void;
}

/**
 * Runs a job at the earliest moment it has work, rather than at its next periodic run: a timer
 * set for the moment `next` reports, re-armed whenever it may have moved, and a run at start for
 * whatever fell due while the service was down. The run every `intervalMs` stays as a backstop
 * for work another replica took on and then stopped. Every replica may fire at once, so `run`
 * must claim each piece of work once; it reports its own failures.
 */
export function scheduleAtEarliest(job: {
  next: () => Promise<Date | null>;
  run: () => Promise<void>;
  intervalMs: number;
  logger: Logger;
  /** What the job waits for, named in the log when looking it up fails. */
  what: string;
  /** How long after the moment to run (one millisecond puts a deadline behind). */
  afterMs?: number;
}): TimedJob {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let arming = 0;

  const rearm = () => {
    if (stopped) return;
    const attempt = ++arming;
    job
      .next()
      .then((moment) => {
        // A later call has looked again in the meantime: its answer wins.
        if (stopped || attempt !== arming) return;
        clearTimeout(timer);
        timer = undefined;
        if (!moment) return;
        const due = moment.getTime() + (job.afterMs ?? 0) - Date.now();
        timer = setTimeout(
          () => {
            timer = undefined;
            void job.run().then(rearm);
          },
          Math.min(Math.max(0, due), LONGEST_TIMER_MS),
        );
        timer.unref();
      })
      .catch((error) => job.logger.warn({ err: error }, `next ${job.what} not found`));
  };

  const interval = setInterval(() => void job.run().then(rearm), job.intervalMs);
  interval.unref();
  void job.run().then(rearm);
  return {
    rearm,
    stop() {
      stopped = true;
      clearInterval(interval);
      clearTimeout(timer);
    },
  };
}
