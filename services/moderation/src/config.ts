import { DECISION_UNDO_SECONDS } from '@uapqa/contracts';
import { baseServiceConfig, env } from '@uapqa/service-kit';
import { z } from 'zod';

export const moderationConfigSchema = baseServiceConfig.extend({
  PORT: env.port(4004),
  /**
   * How long a decision is held, undoable, before it is announced. 0 announces it with the
   * decision itself (no Undo), as integration stacks do; at most an hour, since the member waits.
   */
  DECISION_HOLD_SECONDS: z.coerce.number().int().min(0).max(3600).default(DECISION_UNDO_SECONDS),
  /**
   * How often held decisions past their hold are looked for, besides the timer set for the
   * earliest one: the backstop for decisions another replica took and then stopped.
   */
  DECISION_RELEASE_SWEEP_MS: z.coerce.number().int().min(100).default(15_000),
});
export type ModerationConfig = z.infer<typeof moderationConfigSchema>;
