import { z } from 'zod';

/** Building blocks shared by request schemas, so every form trims and normalises the same way. */

/** The largest id a PostgreSQL `integer`/`serial` column holds: larger ids are refused as input. */
export const MAX_ID = 2_147_483_647;

export const requiredText = (message: string) =>
  z.string({ error: message }).trim().min(1, message);

export const optionalText = (max = 2000) =>
  z
    .string()
    .trim()
    .max(max, `must be at most ${max} characters`)
    .optional()
    .nullable()
    .transform((value) => (value ? value : null));

export const emailAddress = (requiredMessage = 'Please enter your email address.') =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .toLowerCase()
    .pipe(z.email('Please enter a valid email address.').max(254));

/** A URL or nothing: the spec allows an empty website field. */
export const optionalUrl = z
  .string()
  .trim()
  .optional()
  .nullable()
  .transform((value) => (value ? value : null))
  .pipe(z.url({ error: 'Please enter a valid URL' }).nullable());

export const integerIn = (min: number, max: number, requiredMessage: string) =>
  z
    .number({ error: requiredMessage })
    .int(`${requiredMessage} (a whole number)`)
    .min(min, `must be at least ${min}`)
    .max(max, `must be at most ${max}`);
