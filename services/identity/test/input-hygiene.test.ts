import { testBackends } from '@uapqa/service-kit/testing';
import { describe, expect, it } from 'vitest';
import { newMember, useHarness } from './harness.js';

const application = {
  brandName: 'Skyline Reports',
  bio: 'Fifteen years of archival research on declassified aerial sighting reports and radar logs.',
  credentials: 'Archivist, published author on Cold War air defence records',
  expertise: 'Declassified reports',
  website: 'https://skyline.example.org',
  socialLinks: 'https://social.example.org/@skyline',
  experienceYears: 15,
  questionsPerWeek: 3,
  weeklyRate: 200,
};

const expertApplication = {
  name: 'Robin Hale',
  email: 'robin@example.com',
  phone: '+1 555 0101',
  website: 'https://robinhale.example.net',
  duration: 3,
  questionsPerWeek: 2,
  description: 'Radar engineer.\nThirty years on air defence systems.',
};

const NOT_WEB = [
  'javascript:alert(document.cookie)',
  'data:text/html,<b>hi</b>',
  'ftp://files.example.com/x',
];

describe.each(testBackends())('input hygiene at identity ($name)', (backend) => {
  const h = useHarness(backend);

  /** The request is refused (400), saying `message`. */
  async function expectRefused(sent: Promise<Response>, message: string) {
    const refused = await sent;
    expect(refused.status).toBe(400);
    expect((await refused.json()).message).toBe(message);
  }

  it('takes only http(s) websites and social links on an expert application', async () => {
    const member = h.visitor();
    await h.register(member, newMember());
    for (const website of NOT_WEB) {
      const refused = await member.post('/api/creator-profile', { ...application, website });
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({
        message: 'Website must be a web address starting with http:// or https://.',
        field: 'website',
      });
      const social = await member.post('/api/creator-profile', {
        ...application,
        socialLinks: `https://social.example.org/@skyline ${website}`,
      });
      expect(social.status).toBe(400);
      expect(await social.json()).toEqual({
        message:
          'Each of the social links must be a web address starting with http:// or https://.',
        field: 'socialLinks',
      });
    }
    const accepted = await member.post('/api/creator-profile', application);
    expect(accepted.status).toBe(201);
  });

  it('refuses line breaks and control characters in names, keeps them in multi-line text', async () => {
    const member = h.visitor();
    await h.register(member, newMember());
    await expectRefused(
      member.post('/api/creator-profile', {
        ...application,
        brandName: 'Skyline\r\nBcc: everyone@example.com',
      }),
      'Brand name must be a single line of text, without line breaks or control characters.',
    );
    await expectRefused(
      member.post('/api/creator-profile', { ...application, bio: `${application.bio}\u0007` }),
      'Bio may contain line breaks and tabs but no other control characters.',
    );
    const multiLine = await member.post('/api/creator-profile', {
      ...application,
      bio: `${application.bio}\n\tSecond paragraph.`,
    });
    expect(multiLine.status).toBe(201);

    await expectRefused(
      h
        .visitor()
        .post('/api/register', { ...newMember(), firstName: 'Ann\nAdmin', lastName: 'Lee' }),
      'First name must be a single line of text, without line breaks or control characters.',
    );
  });

  it('takes only http(s) websites and one-line names on an expert application', async () => {
    const apply = (change: Record<string, string>) =>
      h.visitor().post('/api/expert-applications', { ...expertApplication, ...change });
    for (const website of NOT_WEB) {
      await expectRefused(
        apply({ website }),
        'Website must be a web address starting with http:// or https://.',
      );
    }
    await expectRefused(
      apply({ name: 'Robin\rHale' }),
      'Name must be a single line of text, without line breaks or control characters.',
    );
    await expectRefused(
      apply({ phone: '+1 555\n0101' }),
      'Phone number must be a single line of text, without line breaks or control characters.',
    );
    const accepted = await h.visitor().post('/api/expert-applications', expertApplication);
    expect(accepted.status).toBe(201);
  });
});
