import { baseServiceConfig, env } from '@uapqa/service-kit';
import type { z } from 'zod';

export const moderationConfigSchema = baseServiceConfig.extend({
  PORT: env.port(4004),
});
export type ModerationConfig = z.infer<typeof moderationConfigSchema>;
