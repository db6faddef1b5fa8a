import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ZodError } from 'zod';
import { asSentence, issueSentence, ZOD_DEFAULT_MESSAGE } from './issue-sentences.js';

/** An error whose message is safe and meant for the client. Anything else becomes a bare 500. */
export class HttpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }

  toJSON(): Record<string, unknown> {
    return { message: this.message, ...this.extra };
  }
}

export const badRequest = (message: string, field?: string) =>
  new HttpError(400, message, field ? { field } : {});
/** The word 'Unauthorized' is in every 401 body: the browser detects expired sessions by it. */
export const unauthorized = (message = 'Unauthorized: please log in.') =>
  new HttpError(401, message);
export const forbidden = (message = "Forbidden: you don't have permission to do this.") =>
  new HttpError(403, message);
export const notFound = (message = 'Not found.') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
/** A body the API cannot read: only JSON is accepted. */
export const unsupportedMediaType = (
  message = 'Please send the request body as JSON, with the header Content-Type: application/json.',
) => new HttpError(415, message);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new HttpError(429, message, { retryAfterSeconds });

/**
 * A failed validation as sentences a person can read, without field-name prefixes: the
 * schema's own messages, or (for zod's defaults) sentences naming the field by a readable label.
 * `field` names the first field at fault, for forms that highlight it.
 */
export function describeZodError(error: ZodError): { message: string; field?: string } {
  const [first] = error.issues;
  const field = first && first.path.length > 0 ? first.path.join('.') : undefined;
  const sentences = error.issues.map((issue) => {
    // Issues not parsed with issueSentences (a ZodError a route threw) still carry zod's wording.
    const missing = / received undefined$/.test(issue.message);
    const rewritten = ZOD_DEFAULT_MESSAGE.test(issue.message)
      ? issueSentence(missing ? { ...issue, input: undefined } : issue)
      : undefined;
    return asSentence(rewritten ?? issue.message);
  });
  const message = [...new Set(sentences)].join(' ');
  return field ? { message, field } : { message };
}

export function validationError(error: ZodError): HttpError {
  const { message, field } = describeZodError(error);
  return badRequest(message, field);
}
