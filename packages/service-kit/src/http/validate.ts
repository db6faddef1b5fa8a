import type { Context } from 'hono';
import type { z } from 'zod';
import { badRequest, unsupportedMediaType, validationError } from '../errors.js';
import { issueSentences } from '../issue-sentences.js';

const NUL_MESSAGE = 'Text may not contain the NUL character (\\u0000).';

/**
 * PostgreSQL cannot store U+0000 in text: such input is refused here, before any query. Walked
 * with a stack of its own, not recursion, so a body nested thousands deep cannot overflow it.
 */
function containsNul(root: unknown): boolean {
  const pending: unknown[] = [root];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return true;
    } else if (Array.isArray(value)) {
      for (const item of value) pending.push(item);
    } else if (value && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        if (key.includes('\u0000')) return true;
        pending.push(item);
      }
    }
  }
  return false;
}

/**
 * Is this Content-Type header JSON (`application/json`, with any parameters such as charset)?
 * Only JSON is taken: a form's types (text/plain, urlencoded, multipart) are what another site
 * can send without the browser asking first, so refusing them keeps cross-site posts out.
 */
export function isJsonMediaType(contentType: string | undefined): boolean {
  if (!contentType) return false;
  return contentType.split(';', 1)[0]!.trim().toLowerCase() === 'application/json';
}

/**
 * Reads and validates a JSON body; malformed JSON and schema failures are 400s, never 500s. A
 * body that is not declared JSON is a 415; an empty body needs no type and reads as `{}`.
 */
export async function readJson<S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S>> {
  let body: unknown;
  const text = await c.req.text().catch(() => {
    throw badRequest('Request body must be valid JSON.');
  });
  if (text.trim() !== '' && !isJsonMediaType(c.req.header('content-type'))) {
    throw unsupportedMediaType();
  }
  try {
    body = text.trim() === '' ? {} : JSON.parse(text);
  } catch {
    throw badRequest('Request body must be valid JSON.');
  }
  if (containsNul(body)) throw badRequest(NUL_MESSAGE);
  const result = schema.safeParse(body, { error: issueSentences });
  if (!result.success) throw validationError(result.error);
  return result.data;
}

export function readQuery<S extends z.ZodType>(c: Context, schema: S): z.infer<S> {
  const query = c.req.query();
  if (containsNul(query)) throw badRequest(NUL_MESSAGE);
  const result = schema.safeParse(query, { error: issueSentences });
  if (!result.success) throw validationError(result.error);
  return result.data;
}

export function readParams<S extends z.ZodType>(c: Context, schema: S): z.infer<S> {
  const params = c.req.param();
  if (containsNul(params)) throw badRequest(NUL_MESSAGE);
  const result = schema.safeParse(params, { error: issueSentences });
  if (!result.success) throw validationError(result.error);
  return result.data;
}
