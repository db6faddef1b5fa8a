import { IdParam } from '@uapqa/contracts';
import { apiDoc, type RouteDoc, roles } from '@uapqa/service-kit';

/** Every admin route of identity is documented under identity and for admins alone. */
export function adminDoc(doc: Omit<RouteDoc, 'tag' | 'access'>) {
  return apiDoc({ ...doc, tag: 'identity', access: roles('admin') });
}

/**
 * An admin's decision about one record named by its id: 404 when there is none, 409 when its
 * state no longer allows the decision (decided first by someone else, already listed...).
 */
export function adminDecisionDoc(doc: Omit<RouteDoc, 'tag' | 'access' | 'params' | 'errors'>) {
  return adminDoc({ ...doc, params: IdParam, errors: [404, 409] });
}
