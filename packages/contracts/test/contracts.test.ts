import { describe, expect, it } from 'vitest';
import {
  ANONYMOUS_PREVIEW_CHARS,
  ANSWER_DUE_HOURS,
  AnswerBody,
  BooleanSettingBody,
  BROWSE_PAGE_SIZE,
  ContactBody,
  CREDIT_PACKAGES,
  createEvent,
  EventEnvelope,
  ExpertApplication,
  ExpertProfileApplication,
  LoginBody,
  MIN_ANSWER_LENGTH,
  RegisterBody,
  readEvent,
  SessionRevoked,
  SUBSCRIPTION,
  TaxonomyBody,
  UserRegistered,
} from '../src/index.js';

const messages = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('business constants', () => {
  it('prices the subscription and packs in cents with their credits', () => {
    expect(SUBSCRIPTION).toMatchObject({ priceCents: 1000, creditsPerPeriod: 3 });
    expect(CREDIT_PACKAGES.small).toEqual({ priceCents: 2500, credits: 3 });
    expect(CREDIT_PACKAGES.bulk).toEqual({ priceCents: 5000, credits: 10 });
  });

  it('keeps the archive and deadline limits', () => {
    expect([BROWSE_PAGE_SIZE, ANONYMOUS_PREVIEW_CHARS, ANSWER_DUE_HOURS]).toEqual([15, 100, 72]);
  });
});

describe('event envelope', () => {
  it('creates events with a UUIDv7 id, the definition version and a validated payload', () => {
    const event = createEvent(SessionRevoked, {
      sessionId: 's1',
      userId: 7,
      expiresAt: new Date(0).toISOString(),
    });
    expect(EventEnvelope.parse(event)).toEqual(event);
    expect(event.id).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(event).toMatchObject({ type: 'SessionRevoked', version: 1 });
  });

  it('orders ids by creation time, so the outbox can publish in order', () => {
    const ids = Array.from(
      { length: 50 },
      () =>
        createEvent(SessionRevoked, {
          sessionId: 's',
          userId: 1,
          expiresAt: new Date().toISOString(),
        }).id,
    );
    expect([...ids].sort()).toEqual(ids);
  });

  it('refuses a payload that does not match its schema', () => {
    const malformed = { userId: 'one' } as unknown as Parameters<
      typeof createEvent<'UserRegistered', typeof UserRegistered.schema>
    >[1];
    expect(() => createEvent(UserRegistered, malformed)).toThrow();
    const wrongType = createEvent(SessionRevoked, {
      sessionId: 's',
      userId: 1,
      expiresAt: new Date().toISOString(),
    });
    expect(() => readEvent(UserRegistered, wrongType)).toThrow(/expected event UserRegistered/);
  });
});

describe("request schemas carry the forms' messages", () => {
  const application = {
    brandName: 'AB',
    bio: 'x'.repeat(50),
    credentials: 'c'.repeat(20),
    expertise: 'e'.repeat(10),
    website: '',
    experienceYears: 3,
    questionsPerWeek: 2,
    weeklyRate: 100,
  };

  it('accepts a minimal expert application and normalises the empty website to null', () => {
    const parsed = ExpertProfileApplication.parse(application);
    expect(parsed.website).toBeNull();
    expect(parsed.socialLinks).toBeNull();
  });

  it.each([
    ['brandName', 'A', 'Brand name must be at least 2 characters'],
    ['bio', 'short', 'Bio must be at least 50 characters'],
    ['credentials', 'short', 'Please describe your credentials'],
    ['expertise', 'short', 'Please describe your area of expertise'],
    ['experienceYears', undefined, 'Please specify your years of experience'],
    ['questionsPerWeek', undefined, 'Please specify how many questions you can answer'],
    ['weeklyRate', undefined, 'Please specify your weekly rate'],
  ])('refuses an expert application with a bad %s', (field, value, message) => {
    const result = ExpertProfileApplication.safeParse({ ...application, [field]: value });
    expect(result.success).toBe(false);
    expect(messages(result)).toContain(message);
  });

  it('sends integers as integers: a number in a string is refused', () => {
    expect(ExpertProfileApplication.safeParse({ ...application, weeklyRate: '100' }).success).toBe(
      false,
    );
    expect(ExpertProfileApplication.safeParse({ ...application, weeklyRate: 1.5 }).success).toBe(
      false,
    );
  });

  it('bounds the public expert application', () => {
    const valid = {
      name: 'N',
      email: 'n@example.com',
      phone: '555 0100',
      duration: 1,
      questionsPerWeek: 10,
    };
    expect(ExpertApplication.safeParse(valid).success).toBe(true);
    expect(messages(ExpertApplication.safeParse({ ...valid, name: ' ' }))).toContain(
      'Please fill in all required fields.',
    );
    expect(ExpertApplication.safeParse({ ...valid, duration: 0 }).success).toBe(false);
    expect(ExpertApplication.safeParse({ ...valid, duration: 13 }).success).toBe(false);
    expect(ExpertApplication.safeParse({ ...valid, questionsPerWeek: 11 }).success).toBe(false);
  });

  it('normalises registration emails and empty names', () => {
    const parsed = RegisterBody.parse({
      username: 'ok_name',
      email: '  Mixed@Example.COM ',
      password: 'long enough',
      firstName: '',
    });
    expect(parsed).toMatchObject({ email: 'mixed@example.com', firstName: null, lastName: null });
  });

  it("reads the waitlist setting from the strings 'true'/'false' or a boolean", () => {
    expect(BooleanSettingBody.parse({ value: 'true' }).value).toBe(true);
    expect(BooleanSettingBody.parse({ value: false }).value).toBe(false);
    expect(BooleanSettingBody.safeParse({ value: 'yes' }).success).toBe(false);
  });
});

describe('text hygiene in the shared fields', () => {
  const line = 'must be a single line of text, without line breaks or control characters.';
  it('keeps names and titles to one line of visible text', () => {
    expect(messages(TaxonomyBody.safeParse({ name: 'Radar\r\ncases' }))).toEqual([`Name ${line}`]);
    expect(messages(TaxonomyBody.safeParse({ name: 'Radar\u0085cases' }))).toEqual([
      `Name ${line}`,
    ]);
    expect(
      messages(
        ContactBody.safeParse({ name: 'Ann', email: 'a@b.co', subject: 'a\tb', message: 'Hi' }),
      ),
    ).toEqual([`Subject ${line}`]);
    expect(messages(LoginBody.safeParse({ username: 'member\n', password: 'x' }))).toEqual([]);
    expect(messages(LoginBody.safeParse({ username: 'mem\nber', password: 'x' }))).toEqual([
      `Username ${line}`,
    ]);
  });

  it('keeps line feeds and tabs in multi-line text, turning CR LF into LF', () => {
    // Answers have a minimum length; this keeps them past it.
    const more = ' More of the answer.'.repeat(12);
    const answer = AnswerBody.parse({ questionId: 'q', content: `First.\r\n\tSecond.${more}` });
    expect(answer.content).toBe(`First.\n\tSecond.${more}`);
    expect(
      messages(AnswerBody.safeParse({ questionId: 'q', content: `Bell\u0007${more}` })),
    ).toEqual(['The answer may contain line breaks and tabs but no other control characters.']);
  });

  it(`refuses an answer shorter than ${MIN_ANSWER_LENGTH} characters, counted after trimming`, () => {
    const short = `  ${'x'.repeat(MIN_ANSWER_LENGTH - 1)}  `;
    expect(messages(AnswerBody.safeParse({ questionId: 'q', content: short }))).toEqual([
      `Answer must be at least ${MIN_ANSWER_LENGTH} characters`,
    ]);
    const enough = 'x'.repeat(MIN_ANSWER_LENGTH);
    expect(AnswerBody.parse({ questionId: 'q', content: ` ${enough} ` }).content).toBe(enough);
  });

  it('takes only http(s) web addresses, storing social links one per line', () => {
    const base = {
      name: 'Jo Vale',
      email: 'jo@example.com',
      phone: '+1 555 0100',
      duration: 3,
      questionsPerWeek: 2,
    };
    for (const website of [
      'javascript:alert(1)',
      'data:text/html,x',
      'ftp://example.com',
      'https://',
    ]) {
      expect(ExpertApplication.safeParse({ ...base, website }).success, website).toBe(false);
    }
    expect(ExpertApplication.parse({ ...base, website: ' https://jo.example.com ' }).website).toBe(
      'https://jo.example.com',
    );
    const social = ExpertProfileApplication.shape.socialLinks;
    expect(social.parse('https://a.example.com, http://b.example.org')).toBe(
      'https://a.example.com\nhttp://b.example.org',
    );
    expect(social.safeParse('https://a.example.com vbscript:x').success).toBe(false);
  });
});
