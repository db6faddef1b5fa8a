import type { Context, Hono, MiddlewareHandler } from 'hono';
import type { z } from 'zod';
import { requireRole, requireSession } from '../auth/middleware.js';
import { notFound } from '../errors.js';
import { apiDoc, type RouteDoc } from '../openapi/route-doc.js';
import { readJson, readParams, readQuery } from './validate.js';

export type RouteMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

type Schema = z.ZodType | undefined;
type ObjectSchema = z.ZodObject | undefined;
/** What a declared schema reads as; `undefined` where the route declares none. */
type Parsed<S extends Schema> = S extends z.ZodType ? z.output<S> : undefined;

export interface RouteInput<P extends ObjectSchema, Q extends ObjectSchema, B extends Schema> {
  params: Parsed<P>;
  query: Parsed<Q>;
  body: Parsed<B>;
}

/**
 * One route, declared once: its document entry (everything RouteDoc says), the guard its
 * `access` implies, and the checks of its input, from the same schemas.
 */
export interface RouteDefinition<P extends ObjectSchema, Q extends ObjectSchema, B extends Schema>
  extends Omit<RouteDoc, 'params' | 'query' | 'body'> {
  method: RouteMethod;
  /** Hono's pattern (`/api/questions/:id`). */
  path: string;
  params?: P;
  query?: Q;
  body?: B;
  /**
   * Path parameters that do not parse name nothing: a 404 with this message (or the message made
   * from the raw parameters) instead of a 400, so a malformed id reads as an unknown one.
   */
  paramsNotFound?: string | ((raw: Record<string, string>) => string);
  /** Reads the body when plain JSON checked by `body` is not what the route takes (default readJson). */
  readBody?: (c: Context, schema: NonNullable<B>) => Promise<Parsed<B>>;
  /**
   * Runs after the access guard and before any input is read: limits that must refuse first
   * (rate limits, body size), or checks whose answer must not depend on the input.
   */
  middleware?: MiddlewareHandler[];
}

export type RouteHandler<P extends ObjectSchema, Q extends ObjectSchema, B extends Schema> = (
  c: Context,
  input: RouteInput<P, Q, B>,
) => Response | Promise<Response>;

/**
 * The guard `access` implies. A route whose credential is not the session (`security` names
 * another, such as the refresh secret) checks that credential itself: a session guard would
 * refuse exactly the callers it exists for.
 */
function accessGuard(route: Pick<RouteDoc, 'access' | 'security'>): MiddlewareHandler[] {
  if (route.security) return [];
  switch (route.access.kind) {
    case 'public':
      return [];
    case 'session':
      return [requireSession];
    case 'roles':
      return [requireRole(...route.access.roles)];
  }
}

function readPathParams<P extends z.ZodObject>(
  c: Context,
  schema: P,
  notFoundMessage: RouteDefinition<P, undefined, undefined>['paramsNotFound'],
): z.output<P> {
  if (notFoundMessage === undefined) return readParams(c, schema);
  const raw = c.req.param();
  const parsed = schema.safeParse(raw);
  if (parsed.success) return parsed.data;
  throw notFound(typeof notFoundMessage === 'string' ? notFoundMessage : notFoundMessage(raw));
}

/**
 * Registers a route on `app` from one declaration: the OpenAPI entry (apiDoc), the guard
 * `access` implies (requireSession, requireRole), then, in this order, `middleware`, the path
 * parameters, the query and the body, each checked by its schema with the 4xx answers of
 * readParams, readQuery and readJson. The handler gets them parsed and typed.
 */
export function defineRoute<
  P extends ObjectSchema = undefined,
  Q extends ObjectSchema = undefined,
  B extends Schema = undefined,
>(app: Hono, route: RouteDefinition<P, Q, B>, handler: RouteHandler<P, Q, B>): void {
  const { method, path, paramsNotFound, readBody, middleware = [], ...doc } = route;
  app.on(method.toUpperCase(), path, apiDoc(doc), ...accessGuard(doc), ...middleware, async (c) => {
    const params = doc.params ? readPathParams(c, doc.params, paramsNotFound) : undefined;
    const query = doc.query ? readQuery(c, doc.query) : undefined;
    const body = doc.body
      ? await (readBody ? readBody(c, doc.body) : readJson(c, doc.body))
      : undefined;
    return handler(c, { params, query, body } as RouteInput<P, Q, B>);
  });
}
