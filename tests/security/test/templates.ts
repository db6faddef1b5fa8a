import fc from 'fast-check';

/** What kind of value a required field takes. */
type Kind = 'text' | 'email' | 'id' | 'ids' | 'enum' | 'int';

/** A valid-looking body of an endpoint, and the required fields a mutation may break. */
export interface Template {
  body: Record<string, unknown>;
  required: Record<string, Kind>;
}

/** Ids the stack really has, so that a template is valid but for its one broken field. */
export interface KnownIds {
  expertId: number;
  categoryId: number;
  tagId: number;
}

export function templates(ids: KnownIds): Record<string, Template> {
  const email = 'fuzz@example.com';
  return {
    // A name no account has: even a valid login changes nothing.
    'POST /api/login': {
      body: { username: 'fuzz_nobody', password: 'not the password' },
      required: { username: 'text', password: 'text' },
    },
    'POST /api/register': {
      body: { username: 'fuzz_user', email, password: 'correct horse battery' },
      required: { username: 'text', email: 'email', password: 'text' },
    },
    // A token no link ever carried: even a valid-looking one confirms nothing.
    'POST /api/verify-email': {
      body: { token: 'fuzz-token-of-no-link', password: 'not the password' },
      required: { token: 'text', password: 'text' },
    },
    // An address no account has: nothing is mailed.
    'POST /api/password-reset': { body: { email }, required: { email: 'email' } },
    'POST /api/password-reset/confirm': {
      body: { token: 'fuzz-token-of-no-link', password: 'correct horse battery' },
      required: { token: 'text', password: 'text' },
    },
    // A token no invitation carried: no account is created.
    'POST /api/invitations/accept': {
      body: { token: 'fuzz-token-of-no-invitation', password: 'correct horse battery' },
      required: { token: 'text', password: 'text' },
    },
    // Not the caller's password: nothing changes.
    'POST /api/account/password': {
      body: { currentPassword: 'not the password', newPassword: 'correct horse battery' },
      required: { currentPassword: 'text', newPassword: 'text' },
    },
    'POST /api/account/email': {
      body: { email, password: 'not the password' },
      required: { email: 'email', password: 'text' },
    },
    'POST /api/account/email/confirm': {
      body: { token: 'fuzz-token-of-no-link' },
      required: { token: 'text' },
    },
    'POST /api/verify-email/resend': {
      body: { username: 'fuzz_nobody' },
      required: { username: 'text' },
    },
    'POST /api/expert-applications': {
      body: { name: 'Fuzz', email, phone: '+1 555 0100', duration: 6, questionsPerWeek: 3 },
      required: {
        name: 'text',
        email: 'email',
        phone: 'text',
        duration: 'int',
        questionsPerWeek: 'int',
      },
    },
    'POST /api/creator-profile': {
      body: {
        brandName: 'Fuzz Lab',
        bio: 'b'.repeat(60),
        credentials: 'c'.repeat(30),
        expertise: 'e'.repeat(30),
        experienceYears: 3,
        questionsPerWeek: 3,
        weeklyRate: 100,
      },
      required: {
        brandName: 'text',
        bio: 'text',
        credentials: 'text',
        expertise: 'text',
        experienceYears: 'int',
        questionsPerWeek: 'int',
        weeklyRate: 'int',
      },
    },
    'PATCH /api/admin/users/:id/role': {
      body: { role: 'user', reason: 'Fuzzing the role' },
      required: { role: 'enum', reason: 'text' },
    },
    // Lifting a suspension no account has: a 409, nothing changes.
    'POST /api/admin/users/:id/suspension': {
      body: { suspended: false, reason: 'Fuzzing the suspension' },
      required: { suspended: 'enum', reason: 'text' },
    },
    // Taking back more than any fuzzed account holds: a 409 (or a 404), nothing changes.
    'POST /api/admin/users/:id/credits': {
      body: { delta: -100, reason: 'Fuzzing the credits' },
      required: { delta: 'int', reason: 'text' },
    },
    'POST /api/admin/invitations': {
      body: { email: 'fuzz-invited@example.com', username: 'fuzz_invited', role: 'moderator' },
      required: { email: 'email', username: 'text', role: 'enum' },
    },
    'POST /api/admin/categories': { body: { name: 'Fuzz' }, required: { name: 'text' } },
    'POST /api/admin/tags': { body: { name: 'Fuzz' }, required: { name: 'text' } },
    'POST /api/questions': {
      body: {
        assignedCreatorId: ids.expertId,
        categoryId: ids.categoryId,
        title: 'What did the radar operators see?',
        content: 'Looking for the sequence of radar events during the encounter.',
        tagIds: [ids.tagId],
      },
      required: {
        assignedCreatorId: 'id',
        categoryId: 'id',
        title: 'text',
        content: 'text',
        tagIds: 'ids',
      },
    },
    'POST /api/answers': {
      body: {
        questionId: '01a20444-826f-74c2-ada7-890895732dbc',
        content: 'An answer long enough to publish. '.repeat(7),
      },
      required: { questionId: 'text', content: 'text' },
    },
    'PATCH /api/admin/questions/:id/status': {
      body: { status: 'rejected', rejectionReason: 'other', moderationNotes: 'Fuzz.' },
      required: { status: 'enum' },
    },
    'POST /api/purchase-credits': { body: { package: 'small' }, required: { package: 'enum' } },
    'POST /api/billing/local/confirm': {
      body: { clientSecret: 'local_secret_fuzz', outcome: 'succeeded' },
      required: { clientSecret: 'text', outcome: 'enum' },
    },
    'POST /api/waitlist/join': {
      body: { email, source: 'hero' },
      required: { email: 'email', source: 'enum' },
    },
    'POST /api/newsletter/subscribe': {
      body: { email, source: 'footer' },
      required: { email: 'email', source: 'enum' },
    },
    'POST /api/contact': {
      body: { name: 'Fuzz', email, message: 'Hello.' },
      required: { name: 'text', email: 'email', message: 'text' },
    },
  };
}

const notText = fc.constantFrom<unknown>(null, 0, 1, true, [], {}, ['text'], { text: 'x' });
const blank = fc.constantFrom('', ' ', '\t\n ', '\u00a0');
const tooLong = fc.constantFrom('x'.repeat(100_001), '\u00e9'.repeat(100_001));
const withNul = fc.string({ maxLength: 8 }).map((text) => `${text}\u0000${text}`);
const beyondInt4 = fc.constantFrom(2 ** 31, 2 ** 31 + 7, 2 ** 53 - 1);

/** Values that break a required field of each kind (never valid for it). */
const BAD: Record<Kind, fc.Arbitrary<unknown>> = {
  text: fc.oneof(notText, blank, tooLong, withNul),
  email: fc.oneof(
    notText,
    blank,
    fc.constantFrom(
      'not-an-email',
      'a@',
      '@example.com',
      'a b@example.com',
      `${'x'.repeat(300)}@example.com`,
    ),
    withNul.map((text) => `${text}@example.com`),
  ),
  id: fc.oneof(fc.constantFrom<unknown>(null, '1', -1, 0, 1.5, [], true, 'abc', {}), beyondInt4),
  ids: fc.oneof(
    fc.constantFrom<unknown>(null, [], '1', [0], [-1], ['1'], [1.5], [null], Array(21).fill(1), 1),
    beyondInt4.map((id) => [id]),
  ),
  enum: fc.constantFrom<unknown>('nope', '', null, 1, true, [], 'ADMIN', ' user', 'Small', 'hero '),
  int: fc.constantFrom<unknown>(null, '3', -1, 1.5, 1e9, [], true, {}),
};

/** One required field of a template broken by a bad value of its kind. */
export const mutation = fc.record({
  field: fc.nat(),
  values: fc.record(BAD),
});

export function mutate(
  template: Template,
  chosen: { field: number; values: Record<Kind, unknown> },
) {
  const fields = Object.keys(template.required);
  const field = fields[chosen.field % fields.length]!;
  return { ...template.body, [field]: chosen.values[template.required[field]!] };
}
