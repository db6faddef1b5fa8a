import { z } from 'zod';

/** Building blocks shared by request schemas, so every form trims and normalises the same way. */

/** The largest id a PostgreSQL `integer`/`serial` column holds: larger ids are refused as input. */
export const MAX_ID = 2_147_483_647;

/**
 * A numeric id exactly as the API writes it: decimal digits, no sign, no leading zero, no space,
 * no exponent and no hex. `Number()` would read `0x10` as 16, `1e1` as 10 and ` 01` as 1, so one
 * row would answer to many addresses (and caches, logs and rate limits would count them apart).
 */
export const canonicalId = (label = 'id') =>
  z
    .string({ error: `${label} must be a number` })
    .regex(/^[1-9][0-9]{0,9}$/, `${label} must be a positive whole number written in digits only`)
    .transform(Number)
    // A larger id would fail in the database (500), not match.
    .pipe(z.number().max(MAX_ID, `${label} is too large`));

/** A numeric id in a route's path, in its one canonical form. */
export const IdParam = z.object({ id: canonicalId() });

/** A question's id as the API gives it out: a UUID in lower case, nothing else. */
export const QUESTION_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Control characters (C0, DEL and C1). A name, title or subject is one line of visible text: a line
 * break there could forge a mail header or a log line, and other controls are invisible.
 */
const CONTROL_CHARACTER = /\p{Cc}/u;
/** In multi-line text the writer's line feeds and tabs are layout; other controls are not. */
const NON_LAYOUT_CONTROL_CHARACTER = /(?![\t\n])\p{Cc}/u;

export const isSingleLine = (value: string) => !CONTROL_CHARACTER.test(value);
export const singleLineMessage = (label: string) =>
  `${label} must be a single line of text, without line breaks or control characters.`;

/** Windows line ends become line feeds, so a pasted CR LF is layout, not a control character. */
const unixLineEnds = (value: string) => value.replace(/\r\n?/g, '\n');
export const isPlainText = (value: string) => !NON_LAYOUT_CONTROL_CHARACTER.test(value);
export const plainTextMessage = (label: string) =>
  `${label} may contain line breaks and tabs but no other control characters.`;

/** A required one-line value (names, titles, subjects), trimmed. */
export const requiredLine = (message: string, label: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .refine(isSingleLine, singleLineMessage(label));

/** Required multi-line text (details, answers, messages): keeps line feeds and tabs. */
export const requiredText = (message: string, label = 'Text') =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .overwrite(unixLineEnds)
    .refine(isPlainText, plainTextMessage(label));

/** Multi-line text or nothing. */
export const optionalText = (max = 2000, label = 'Text') =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .overwrite(unixLineEnds)
    .refine(isPlainText, plainTextMessage(label))
    .optional()
    .nullable()
    .transform((value) => (value ? value : null));

/** One line of text or nothing (a first name, a subject). */
export const optionalLine = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .refine(isSingleLine, singleLineMessage(label))
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

const WEB_ADDRESS_MESSAGE = 'must be a web address starting with http:// or https://';

/**
 * A web address a page may link to. Only http and https: a `javascript:` or `data:` link shown
 * to staff or visitors would run script or smuggle content when clicked.
 */
export const webAddress = (label: string) =>
  z.url({
    protocol: /^https?$/,
    hostname: z.regexes.domain,
    error: `${label} ${WEB_ADDRESS_MESSAGE}.`,
  });

/** A web address or nothing: an empty website field is allowed. */
export const optionalUrl = (label = 'Website', max = 2000) =>
  z
    .string({ error: `${label} ${WEB_ADDRESS_MESSAGE}.` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .optional()
    .nullable()
    .transform((value) => (value ? value : null))
    .pipe(webAddress(label).nullable());

/**
 * Social links: web addresses separated by spaces, commas or line breaks, or nothing. Each one
 * is checked as a website is; they are stored one per line.
 */
export const optionalWebAddresses = (label: string, max = 2000) => {
  const address = webAddress(label);
  const message = `Each of the ${label.toLowerCase()} ${WEB_ADDRESS_MESSAGE}.`;
  return z
    .string({ error: message })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .optional()
    .nullable()
    .transform((value) => (value ? value.split(/[\s,]+/).filter(Boolean) : []))
    .refine((links) => links.every((link) => address.safeParse(link).success), message)
    .transform((links) => (links.length > 0 ? links.join('\n') : null));
};

export const integerIn = (min: number, max: number, requiredMessage: string) =>
  z
    .number({ error: requiredMessage })
    .int(`${requiredMessage} (a whole number)`)
    .min(min, `must be at least ${min}`)
    .max(max, `must be at most ${max}`);

/** Why an admin acted on an account: required, shown back on the account's page. */
export const staffReason = () =>
  z
    .string({ error: 'Please give a reason.' })
    .trim()
    .min(3, 'Please give a reason (at least 3 characters).')
    .max(500, 'The reason must be at most 500 characters.');
