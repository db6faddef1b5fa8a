import { z } from 'zod';
import { REJECTION_REASONS } from '../rejection-reasons.js';

/** A rejection's reason, as the API reads it. */
export const RejectionReason = z.enum(REJECTION_REASONS, {
  error: `rejectionReason must be one of: ${REJECTION_REASONS.join(', ')}`,
});
export type RejectionReason = z.infer<typeof RejectionReason>;
