import { HttpError } from '@uapqa/ui';

/**
 * Whether an answer refuses the emailed link itself (used, expired, unknown: a 410, or a 400 on
 * `token`) rather than what was typed: the page then says so and offers a new link.
 */
export function isLinkFailure(error: unknown): boolean {
  if (!(error instanceof HttpError)) return false;
  return error.status === 410 || (error.status === 400 && error.body.includes('"field":"token"'));
}

/** Whether the refused link was already used (its page offers to sign in instead). */
export const isUsedLink = (error: unknown) =>
  error instanceof HttpError && error.body.includes('"reason":"used"');
