import fc from 'fast-check';

/** Printable ASCII: what a header value may hold (a Request refuses CR, LF and NUL). */
const printable = fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code));
export const headerValue = fc.oneof(
  fc.string({ unit: printable, maxLength: 60 }),
  fc.constantFrom('', ' ', 'null', 'undefined', '[object Object]', 'a'.repeat(8000)),
);

/** Characters a raw query string may carry, including broken percent escapes; never `#`. */
const queryChar = fc.constantFrom(...'aZ09-_.~%=&+;,/?:@![]{}()*$\'"<>\\|^` E5');

/**
 * Whether a route would read the text as the id of a record that may exist: ids are read as
 * JavaScript numbers, so ' 1', '01', '1e0' and '0x1' all name record 1.
 */
const mayNameARecord = (text: string) => {
  const id = Number(text);
  return Number.isFinite(id) && id >= 1 && id < 1_000_000;
};

/** Path parameters and wildcard segments. Numbers are ids that exist nowhere (never a write). */
export const segment = fc.oneof(
  fc.integer({ min: 1_000_000, max: 2_000_000_000 }).map(String),
  fc.constantFrom(
    '0',
    '-1',
    '1.5',
    '1e3',
    '1e400',
    'NaN',
    'Infinity',
    '-Infinity',
    '0x7fffffff',
    '2147483648',
    '9007199254740993',
    '99999999999999999999999',
    'null',
    'undefined',
    'true',
    '__proto__',
    'constructor',
    '%00',
    '%2e%2e',
    '..',
    '%ff',
    '%E0%A4%A',
    '%',
    '%20',
    "1'%20OR%20'1'='1",
    '1;DROP%20TABLE%20users',
    '%7B%22a%22%3A1%7D',
    'x'.repeat(300),
    '9'.repeat(300),
  ),
  fc.uuid(),
  // A random string that happens to read as an existing id would be a valid request, and write.
  fc
    .string({ maxLength: 20 })
    .filter((text) => !mayNameARecord(text))
    .map(encodeURIComponent),
);

/** A query string: known parameter names and random ones, with junk values. */
export const queryString = fc
  .array(
    fc.tuple(
      fc.oneof(
        fc.constantFrom(
          'limit',
          'offset',
          'cursor',
          'q',
          'search',
          'categoryId',
          'creatorId',
          'tag',
          'tagId',
          'status',
          'role',
          'sort',
          'page',
          '__proto__',
          'constructor',
          'limit[]',
        ),
        fc.string({ unit: queryChar, maxLength: 8 }),
      ),
      fc.oneof(
        fc.string({ unit: queryChar, maxLength: 30 }),
        fc.integer().map(String),
        fc.constantFrom(
          '-1',
          '0',
          '1e309',
          'NaN',
          '%',
          '%E0%A4%A',
          '%ZZ',
          '%00',
          '[]',
          '{}',
          'true',
          'x'.repeat(5000),
          '9'.repeat(400),
          'pending',
          'admin',
        ),
        // Ids beyond PostgreSQL's integer (GET /api/questions?categoryId=…): a known bug.
        fc.constantFrom('2147483648', '9007199254740991'),
      ),
    ),
    { maxLength: 5 },
  )
  .map((pairs) => (pairs.length ? `?${pairs.map(([k, v]) => `${k}=${v}`).join('&')}` : ''));

/** Names of the fields the API's bodies have, to aim wrong types at them. */
const FIELDS = [
  'username',
  'email',
  'password',
  'firstName',
  'lastName',
  'role',
  'value',
  'title',
  'content',
  'context',
  'sources',
  'categoryId',
  'tagIds',
  'assignedCreatorId',
  'assignedExpertId',
  'questionId',
  'status',
  'moderationNotes',
  'package',
  'clientSecret',
  'outcome',
  'name',
  'description',
  'message',
  'subject',
  'source',
  'brandName',
  'bio',
  'questionsPerWeek',
  'expertise',
  'credentials',
  'website',
  '__proto__',
  'constructor',
];

/**
 * Values no field accepts: wrong types, blanks, text with a NUL byte (which PostgreSQL cannot
 * store). Never a plain string: that is valid input for a text field, and storing it a write.
 */
const wrongType: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double(),
  fc.constantFrom(-1, 0, 2 ** 31, 2 ** 53 + 2, -(2 ** 63), 1e308),
  fc.constantFrom('', ' ', '\u0000', ' \u0000 '),
  fc.string({ maxLength: 10 }).map((text) => `${text}\u0000`),
  fc.array(fc.oneof(fc.integer(), fc.string({ maxLength: 5 })), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.integer(), { maxKeys: 3 }),
);

const hugeText = fc
  .integer({ min: 10_000, max: 400_000 })
  .chain((size) =>
    fc.constantFrom('x', '\u00e9', '\ud83d\udef8', '\u0000').map((c) => c.repeat(size)),
  );

/** A request body and the content type it claims (undefined: no Content-Type header). */
export interface Body {
  text: string | Uint8Array | undefined;
  contentType: string | undefined;
}

const json = fc.oneof(
  { weight: 3, arbitrary: fc.jsonValue({ maxDepth: 4 }).map((value) => JSON.stringify(value)) },
  {
    weight: 4,
    arbitrary: fc
      .dictionary(fc.constantFrom(...FIELDS), wrongType, { minKeys: 1, maxKeys: 6 })
      .map((value) => JSON.stringify(value)),
  },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.constantFrom(...FIELDS), hugeText)
      .map(([field, text]) => JSON.stringify({ [field]: text })),
  },
  {
    weight: 1,
    arbitrary: fc
      .integer({ min: 100, max: 100_000 })
      .chain((depth) =>
        fc
          .constantFrom(['[', ']'], ['{"a":', '}'])
          .map(([open, close]) => `${open!.repeat(depth)}1${close!.repeat(depth)}`),
      ),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '{"__proto__":{"role":"admin","isAdmin":true}}',
      '{"constructor":{"prototype":{"role":"admin"}}}',
      '{"username":"admin","username":{"$ne":null}}',
      '[]',
      'null',
      '0',
      '"string"',
      '\ufeff{}',
      '{"a":1e99999}',
      '{"a":"\\ud800"}',
    ),
  },
);

const invalidJson = fc.oneof(
  fc.string({ maxLength: 50 }),
  fc.jsonValue({ maxDepth: 3 }).map((value) => {
    const text = JSON.stringify(value);
    return text.slice(0, Math.max(1, text.length - 1));
  }),
  fc.constantFrom('{', '{"a":', "{'a': 1}", '{a:1}', '[1,]', 'undefined', 'NaN', '\u0000'),
);

const binary = fc.uint8Array({ maxLength: 200 });

const contentType = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.constantFrom<string | undefined>(
      'application/json',
      'application/json; charset=utf-8',
    ),
  },
  {
    weight: 3,
    arbitrary: fc.constantFrom<string | undefined>(
      undefined,
      '',
      'text/plain',
      'text/html',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=----junk',
      'multipart/form-data',
      'application/xml',
      'application/json; charset=utf-16le',
      'application/octet-stream',
      '*/*',
    ),
  },
  { weight: 1, arbitrary: headerValue },
);

export const body: fc.Arbitrary<Body> = fc.record({
  text: fc.oneof(
    { weight: 1, arbitrary: fc.constant(undefined) },
    { weight: 6, arbitrary: json },
    { weight: 3, arbitrary: invalidJson },
    { weight: 1, arbitrary: binary },
  ),
  contentType,
});

/** Extra headers a hostile client may send. */
export const headers = fc.dictionary(
  fc.constantFrom(
    'authorization',
    'cookie',
    'x-forwarded-for',
    'x-forwarded-host',
    'x-forwarded-proto',
    'x-request-id',
    'accept',
    'accept-encoding',
    'sec-fetch-site',
    'stripe-signature',
    'user-agent',
    'if-none-match',
    'range',
  ),
  fc.oneof(
    headerValue,
    headerValue.map((value) => `Bearer ${value}`),
    headerValue.map((value) => `session=${value}; session_refresh=${value}`),
  ),
  { maxKeys: 3 },
);

export const method = fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS');

/** Mostly our own origin (so the request reaches the service), sometimes another site's. */
export const origin = (own: string) =>
  fc.oneof(
    { weight: 9, arbitrary: fc.constant(own) },
    {
      weight: 1,
      arbitrary: fc.constantFrom<string | undefined>(undefined, 'null', 'https://evil.example'),
    },
  );
