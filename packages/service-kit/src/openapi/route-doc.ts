import { ApiError, type Role } from '@uapqa/contracts';
import type { MiddlewareHandler } from 'hono';
import { describeRoute, type ResponsesWithResolver, resolver } from 'hono-openapi';
import type { z } from 'zod';
import { CONTRACT_COMPONENTS, componentName, SCHEMA_REF_PREFIX } from './components.js';
import { PARAMETER_COMPONENTS, parameters } from './parameters.js';

/** Who may call an operation: anyone, any signed-in user, or the named roles. */
export type Access =
  | { kind: 'public' }
  | { kind: 'session' }
  | { kind: 'roles'; roles: readonly Role[] };

export const PUBLIC: Access = { kind: 'public' };
export const SESSION: Access = { kind: 'session' };
export const roles = (...names: Role[]): Access => ({ kind: 'roles', roles: names });

type DocumentedResponse = ResponsesWithResolver[string];
interface Header {
  description: string;
  schema: { type: 'string' };
}

/**
 * A schema as hono-openapi renders it, the contracts' named schemas as `$ref`s to components.
 * hono-openapi hands zod only the nested `options` (so every schema, answers included, is
 * rendered as input): one component per name then serves bodies and answers alike.
 */
const rendered = (schema: z.ZodType) =>
  resolver(schema, { options: { metadata: CONTRACT_COMPONENTS } });

/** A JSON response described by a contracts schema. */
export function response(schema: z.ZodType, description = 'OK'): DocumentedResponse {
  return { description, content: { 'application/json': { schema: rendered(schema) } } };
}

const stringHeader = (description: string): Header => ({ description, schema: { type: 'string' } });

/** Headers the pages read, documented where an answer carries them. */
export const HEADERS = {
  nextCursor: {
    'X-Next-Cursor': stringHeader(
      'Opaque position of the next page (pass it back as `cursor`); absent at the end.',
    ),
  },
  totalCount: { 'X-Total-Count': stringHeader('How many match, in all pages.') },
  estimatedCount: {
    'X-Total-Count-Exact': stringHeader(
      "`false` when `X-Total-Count` is the database planner's estimate (very many matches).",
    ),
  },
  sessionCookies: {
    'Set-Cookie': stringHeader(
      'The `session` token (15 minutes) and the `session_refresh` secret, both HttpOnly.',
    ),
  },
  clearedCookies: {
    'Set-Cookie': stringHeader('Clears the `session` and `session_refresh` cookies.'),
  },
  retryAfter: { 'Retry-After': stringHeader('Seconds to wait before trying again.') },
} satisfies Record<string, Record<string, Header>>;

const ERROR_MEANING: Record<number, string> = {
  400: 'Invalid input: `message` says what, `field` names the field at fault.',
  401: 'Unauthorized: no valid session.',
  402: 'No FOIA credits left.',
  403: 'Forbidden: the role does not allow it, or a cross-site request.',
  404: 'Not found.',
  409: 'Conflict with the current state.',
  410: 'Gone: the link was used or has expired.',
  413: 'Request body larger than BODY_LIMIT_BYTES.',
  415: 'The body is not declared as JSON (`Content-Type: application/json`).',
  429: 'Too many requests: `Retry-After` says when to try again.',
  502: 'The owning service did not answer.',
  503: 'The owning service is not deployed or not available.',
};

/**
 * The error answer of a status, for documents put together after hono-openapi built them (the
 * gateway adds its own statuses to forwarded operations): a `$ref` to the error body's
 * component, which every document built by appDocument holds (each operation answers 429).
 */
export function renderedErrorResponse(status: number): Record<string, unknown> {
  return {
    description: ERROR_MEANING[status] ?? 'Error.',
    content: {
      'application/json': { schema: { $ref: `${SCHEMA_REF_PREFIX}${componentName(ApiError)}` } },
    },
  };
}

/** The error answer of a status: `{ message }` and, for 429, the Retry-After header. */
export function errorResponse(status: number): DocumentedResponse {
  return {
    ...response(ApiError, ERROR_MEANING[status] ?? 'Error.'),
    ...(status === 429 ? { headers: HEADERS.retryAfter } : {}),
  };
}

export interface RouteDoc {
  /** Unique across the whole API (the gateway merges every service's document). */
  operationId: string;
  summary: string;
  description?: string;
  /** The owning service (or `gateway`), used to group operations. */
  tag: string;
  access: Access;
  body?: z.ZodType;
  query?: z.ZodObject;
  params?: z.ZodObject;
  /** Success answers by status. */
  ok: Record<number, DocumentedResponse>;
  /** Error statuses beyond those implied (400 with input, 401/403 with access, 413/415, 429). */
  errors?: number[];
  /**
   * The credential, when it is not the session cookie (the refresh secret renews a session): the
   * route checks it itself, so defineRoute puts no session guard before it.
   */
  security?: Array<Record<string, string[]>>;
}

function accessSentence(access: Access): string {
  if (access.kind === 'roles') return `Roles: ${access.roles.join(', ')}.`;
  return access.kind === 'session' ? 'Needs a signed-in session.' : 'Public.';
}

/**
 * Describes a route for the service's OpenAPI document. defineRoute builds it from the route's
 * declaration, with the guard and the input checks; on its own it serves routes that check
 * nothing of their input (the gateway's).
 */
export function apiDoc(doc: RouteDoc): MiddlewareHandler {
  const statuses = new Set<number>(doc.errors ?? []);
  if (doc.body || doc.query || doc.params) statuses.add(400);
  if (doc.access.kind !== 'public') statuses.add(401);
  if (doc.access.kind === 'roles') statuses.add(403);
  if (doc.body) {
    statuses.add(413);
    statuses.add(415);
  }
  statuses.add(429);
  const responses: ResponsesWithResolver = {};
  for (const [status, response] of Object.entries(doc.ok)) responses[status] = response;
  for (const status of [...statuses].sort()) responses[status] ??= errorResponse(status);
  const who = accessSentence(doc.access);
  const none = { parameters: [], components: {} };
  const path = doc.params ? parameters('path', doc.params) : none;
  const query = doc.query ? parameters('query', doc.query) : none;
  const components = { ...path.components, ...query.components };
  return describeRoute({
    operationId: doc.operationId,
    summary: doc.summary,
    description: doc.description ? `${doc.description}\n\n${who}` : who,
    tags: [doc.tag],
    security: doc.access.kind === 'public' ? [] : (doc.security ?? [{ session: [] }]),
    ...(doc.access.kind === 'roles' ? { 'x-roles': [...doc.access.roles] } : {}),
    parameters: [...path.parameters, ...query.parameters],
    ...(Object.keys(components).length > 0 ? { [PARAMETER_COMPONENTS]: components } : {}),
    ...(doc.body
      ? {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: rendered(doc.body) } },
          },
        }
      : {}),
    responses,
  });
}
