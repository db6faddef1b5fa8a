import { serviceForTests } from '@uapqa/service-kit/testing';
import { moderationService } from './descriptor.js';

/**
 * Moderation, as integration stacks start it: decisions announced at once (DECISION_HOLD_SECONDS
 * 0, the descriptor's test default) unless `env` sets a hold.
 */
export function moderationForTests(env: Record<string, string> = {}) {
  return serviceForTests(moderationService, env);
}

/** A question in the moderation queue, as staff read it (`GET /api/admin/questions/pending`). */
export interface QueueItem {
  id: string;
  title: string;
  status: string;
  createdAt: string;
  assignedCreatorId: number;
  assignedExpertId: number | null;
  moderationNotes: string | null;
  creator: { userId: number; firstName: string | null; lastName: string | null } | null;
  asker: { id: number; username: string };
  [key: string]: unknown;
}
