import { serviceForTests } from '@uapqa/service-kit/testing';
import { moderationService } from './descriptor.js';

/** Moderation, as integration stacks start it. */
export function moderationForTests(env: Record<string, string> = {}) {
  return serviceForTests(moderationService, env);
}
