import type { z } from 'zod';

/**
 * Zod's own messages ("Too small: expected string to have >=8 characters") are written for
 * developers. These are the same failures as sentences a person reads in a form's toast, naming
 * the field by a readable label. A message the schema gives itself always wins over these.
 */

type Issue = {
  code?: string;
  path?: readonly PropertyKey[];
  input?: unknown;
  expected?: string;
  origin?: string;
  minimum?: unknown;
  maximum?: unknown;
  inclusive?: boolean;
  values?: readonly unknown[];
  format?: string;
  keys?: readonly string[];
  divisor?: unknown;
  errors?: ReadonlyArray<ReadonlyArray<{ code?: string; message?: string }>>;
};

const ACRONYMS = new Set(['id', 'ids', 'url', 'urls', 'cvc']);

/** `categoryId` → 'Category ID', `tagIds.1` → 'Tag IDs', `first_name` → 'First name'. */
export function fieldLabel(path: readonly PropertyKey[] | undefined): string {
  const names = (path ?? []).filter((part): part is string => typeof part === 'string');
  const last = names.at(-1);
  if (!last) return 'The input';
  const words = last
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .split(/\s+/)
    .map((word) => {
      const lower = word.toLowerCase();
      if (!ACRONYMS.has(lower)) return lower;
      return lower.endsWith('s') ? `${lower.slice(0, -1).toUpperCase()}s` : lower.toUpperCase();
    });
  const label = words.join(' ');
  return label.charAt(0).toUpperCase() + label.slice(1);
}

const KIND: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
  date: 'a date',
  bigint: 'a whole number',
};

const FORMAT: Record<string, string> = {
  email: 'a valid email address',
  url: 'a valid URL',
  uuid: 'a valid UUID',
  datetime: 'a date and time (ISO 8601)',
  date: 'a date (YYYY-MM-DD)',
  regex: 'in the expected format',
};

function sizeUnit(origin: string | undefined, n: unknown): string {
  const plural = Number(n) === 1 ? '' : 's';
  if (origin === 'string') return ` character${plural}`;
  if (origin === 'array' || origin === 'set') return ` item${plural}`;
  return '';
}

function listValues(values: readonly unknown[]): string {
  return values
    .map((value) => (typeof value === 'string' ? value : JSON.stringify(value)))
    .join(', ');
}

/** A sentence for one of zod's issues, or undefined to keep zod's own message. */
export function issueSentence(issue: Issue): string | undefined {
  const label = fieldLabel(issue.path);
  switch (issue.code) {
    case 'invalid_type': {
      if (issue.input === undefined && 'input' in issue) return `${label} is required.`;
      const kind = KIND[issue.expected ?? ''];
      return kind ? `${label} must be ${kind}.` : `${label} has the wrong type.`;
    }
    case 'too_small': {
      const atLeast = issue.inclusive === false ? 'more than' : 'at least';
      if (issue.origin === 'string' && Number(issue.minimum) === 1) return `${label} is required.`;
      if (issue.origin === 'array' && Number(issue.minimum) === 1)
        return `${label} must have at least one item.`;
      return `${label} must be ${atLeast} ${String(issue.minimum)}${sizeUnit(issue.origin, issue.minimum)}.`;
    }
    case 'too_big': {
      const atMost = issue.inclusive === false ? 'less than' : 'at most';
      return `${label} must be ${atMost} ${String(issue.maximum)}${sizeUnit(issue.origin, issue.maximum)}.`;
    }
    case 'invalid_value':
      return issue.values && issue.values.length > 0
        ? `${label} must be one of: ${listValues(issue.values)}.`
        : `${label} has a value that is not allowed.`;
    case 'invalid_format':
      return `${label} must be ${FORMAT[issue.format ?? ''] ?? 'in the expected format'}.`;
    case 'not_multiple_of':
      return `${label} must be a multiple of ${String(issue.divisor)}.`;
    case 'unrecognized_keys':
      return `Unknown field${issue.keys && issue.keys.length === 1 ? '' : 's'}: ${(issue.keys ?? []).join(', ')}.`;
    case 'invalid_union': {
      // The branch that says most: a refinement's or format's message, not 'expected a literal'.
      const telling = (issue.errors ?? [])
        .flat()
        .find(
          (inner) => inner.message && !['invalid_value', 'invalid_type'].includes(inner.code ?? ''),
        );
      return telling?.message ? asSentence(telling.message) : `${label} is not valid.`;
    }
    default:
      return undefined;
  }
}

/** The per-parse error map: schema messages are kept (zod consults this only when none is set). */
export const issueSentences: z.core.$ZodErrorMap = (issue) =>
  issueSentence(issue as unknown as Issue);

/** A message as a sentence: a capital first letter and a closing full stop. */
export function asSentence(message: string): string {
  const trimmed = message.trim();
  if (!trimmed) return trimmed;
  // A first word in camelCase is a field's name as the API spells it ('clientSecret'): kept.
  const firstWord = trimmed.split(/\s/, 1)[0] ?? '';
  const capital = /^[a-z]+$/.test(firstWord)
    ? trimmed.charAt(0).toUpperCase() + trimmed.slice(1)
    : trimmed;
  return /[.!?]$/.test(capital) ? capital : `${capital}.`;
}

/** Zod's developer wording, kept when an error did not pass through the map above. */
export const ZOD_DEFAULT_MESSAGE =
  /^(Invalid input|Invalid option|Invalid [a-zA-Z ]+$|Too small|Too big|Unrecognized key)/;
