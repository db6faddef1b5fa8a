import { z } from 'zod';
import { badRequest } from '../errors.js';

/**
 * An instant exactly as `Date#toISOString` writes it. A cursor only ever holds such instants;
 * anything else (a date only JavaScript parses, a year PostgreSQL refuses) would reach the
 * database and fail there (500) instead of being refused here (400).
 */
export const isoInstant = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/)
  .refine((value) => !Number.isNaN(Date.parse(value)) && new Date(value).toISOString() === value);

/**
 * Opaque keyset cursors for a list route: the position of the last row given out, as
 * base64url JSON. A cursor that does not decode to `schema` is a 400, never a query.
 */
export function keysetCursor<S extends z.ZodType>(schema: S) {
  const refused = () => badRequest('cursor is not one this API gave out.', 'cursor');
  return {
    encode: (cursor: z.infer<S>): string =>
      Buffer.from(JSON.stringify(cursor)).toString('base64url'),
    decode(value: string): z.infer<S> {
      let parsed: unknown;
      try {
        parsed = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
      } catch {
        throw refused();
      }
      const result = schema.safeParse(parsed);
      if (!result.success) throw refused();
      return result.data;
    },
  };
}
