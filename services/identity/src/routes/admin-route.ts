import { IdParam } from '@uapqa/contracts';
import { roles } from '@uapqa/service-kit';

/** Every admin route of identity: documented under identity, for admins alone. */
export const asAdmin = { tag: 'identity', access: roles('admin') };

/**
 * An admin's decision about one record named by its id: 404 when there is none, 409 when its
 * state no longer allows the decision (decided first by someone else, already listed...).
 */
export const adminDecision = { ...asAdmin, params: IdParam, errors: [404, 409] };
