import { baseServiceConfig, env } from '@uapqa/service-kit';
import { z } from 'zod';

export const questionsConfigSchema = baseServiceConfig.extend({
  PORT: env.port(4003),
  /**
   * Every expert's weekly question window opens on this weekday (0 = Sunday … 6 = Saturday) at
   * this UTC hour and stays open this many hours; 168 keeps it open all week (until full).
   */
  WINDOW_OPEN_WEEKDAY: z.coerce.number().int().min(0).max(6).default(1),
  WINDOW_OPEN_HOUR_UTC: z.coerce.number().int().min(0).max(23).default(0),
  WINDOW_DURATION_HOURS: z.coerce.number().int().min(1).max(168).default(168),
  /** How often approved questions past their 72 hours are looked for. */
  OVERDUE_SWEEP_MS: env.int(60_000),
  /** How long to wait for billing to answer a credit reservation. */
  RESERVATION_TIMEOUT_MS: env.int(5000),
  /**
   * A credit reservation whose question was never stored (the asking process died, or billing
   * could not be told) is released once it is this old. A live ask keeps its reservation locked,
   * so this only bounds how late billing may still process a reservation: keep it a few times
   * RESERVATION_TIMEOUT_MS.
   */
  RESERVATION_ORPHAN_MS: env.int(20_000),
  /** How often reservations left behind are looked for. */
  RESERVATION_SWEEP_MS: env.int(15_000),
  /**
   * How long a page of the public archive, and the category, topic and window lists, are served
   * from memory. Writes this process makes, and every replica's answers, questions and category
   * or topic changes (each replica watches them on the bus), show at once; another replica's
   * expert renamed from identity's events within this time. 0 reads every time.
   */
  ARCHIVE_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(30_000),
  /** Memory for remembered archive pages, in MiB (about: counted in characters). */
  ARCHIVE_CACHE_MB: z.coerce.number().int().min(1).max(4096).default(32),
  /** Embedded mode: demo categories, topics and an answered archive. */
  SEED_DEMO: env.boolean(false),
});
export type QuestionsConfig = z.infer<typeof questionsConfigSchema>;
