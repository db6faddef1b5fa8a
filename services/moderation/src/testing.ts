import { serviceForTests } from '@uapqa/service-kit/testing';
import { moderationService } from './descriptor.js';

/**
 * Moderation, as integration stacks start it: decisions announced at once (DECISION_HOLD_SECONDS
 * 0, the descriptor's test default) unless `env` sets a hold.
 */
export function moderationForTests(env: Record<string, string> = {}) {
  return serviceForTests(moderationService, env);
}
