import { createEvent, ExpertApplicationSubmitted, IDENTITY_STREAM } from '@uapqa/contracts';
import { eventually, testBackends } from '@uapqa/service-kit/testing';
import { stackForSuite } from '@uapqa/service-kit/testing/suite-stack';
import { describe, expect, it } from 'vitest';
import { startSmtp, toAddress } from '../src/testing/index.js';
import { DEMO_PASSWORD, newMember, startAlone, startNotificationsStack } from './harness.js';

const ADMIN_EMAIL = 'admin@demo.uapqa.local';

let counter = 0;
function application(overrides: Record<string, unknown> = {}) {
  counter++;
  return {
    name: `Jordan <Vale> ${counter}`,
    email: `applicant.${Date.now().toString(36)}.${counter}@example.com`,
    phone: '+1 555 0100',
    website: 'https://vale.example.com',
    duration: 6,
    questionsPerWeek: 3,
    description: 'Aviation historian.\nTwenty years in the Blue Book microfilms.',
    ...overrides,
  };
}

describe.each(testBackends())('expert application emails ($name)', (backend) => {
  const stack = stackForSuite(() => startNotificationsStack(backend));

  async function signedIn(username: string) {
    const session = stack.visitor();
    const login = await session.post('/api/login', { username, password: DEMO_PASSWORD });
    expect(login.status).toBe(200);
    return session;
  }

  /** A visitor applies through the gateway, as the /apply form does. */
  let applications = 0;
  async function apply(body = application()) {
    const response = await stack.visitor().post('/api/expert-applications', body, {
      'x-forwarded-for': `203.0.113.${++applications}`,
    });
    expect(response.status).toBe(201);
    return { ...body, id: ((await response.json()) as { id: number }).id };
  }

  it('thanks the applicant and tells every admin, with the details and the dashboard link', async () => {
    const sent = await apply();

    const received = await stack.smtp.waitForOne(sent.email, 'We received your expert application');
    expect(received.text).toContain(`Hello ${sent.name},`);
    expect(received.text).toContain('(3 questions a week for 6 months)');
    expect(received.text).toContain('will reply to this address with a decision');
    expect(received.text).toContain('How answering works: https://uap.example/experts');
    expect(received.html).toContain('href="https://uap.example/experts"');
    expect(received.html).toContain('Jordan &lt;Vale&gt;');
    expect(received.html).not.toContain('<Vale>');

    const staff = await stack.smtp.waitForOne(ADMIN_EMAIL, `New expert application: ${sent.name}`);
    expect(toAddress(staff)).toBe(ADMIN_EMAIL);
    expect(staff.replyTo?.text).toContain(sent.email);
    expect(staff.text).toContain(`number ${sent.id}`);
    expect(staff.text).toContain(`Email: ${sent.email}`);
    expect(staff.text).toContain('Phone: +1 555 0100');
    expect(staff.text).toContain('Website: https://vale.example.com');
    expect(staff.text).toContain('Commitment: 3 questions a week for 6 months');
    expect(staff.text).toContain('Twenty years in the Blue Book microfilms.');
    expect(staff.text).toContain(
      'Approve or decline it on the admin dashboard: https://uap.example/admin-dashboard',
    );
    expect(staff.html).toContain('href="https://uap.example/admin-dashboard"');
    // Moderators do not decide applications.
    expect(stack.smtp.to('moderator@demo.uapqa.local')).toHaveLength(0);
  });

  it('sends the approval with the note and the way to become an expert', async () => {
    const sent = await apply();
    const admin = await signedIn('admin');
    const approved = await admin.post(`/api/admin/expert-applications/${sent.id}/approve`, {
      note: 'Loved the Blue Book work.\nPlease use the same email address.',
    });
    expect(approved.status).toBe(200);

    const mail = await stack.smtp.waitForOne(sent.email, 'Your expert application was approved');
    expect(mail.text).toContain(`Hello ${sent.name},`);
    expect(mail.text).toContain('we approved your application');
    expect(mail.text).toContain('A note from our team:\nLoved the Blue Book work.');
    // The invitation link: it opens registration to this address even in waitlist mode.
    const invite = (mail.text ?? '').match(
      /1\. Create your account: https:\/\/uap\.example\/auth\?tab=register&invite=([\w-]{43})\n/,
    )?.[1];
    expect(invite).toBeDefined();
    expect(mail.text).toMatch(
      /This link lets you register even while registration is closed to the public\. It works once, for this email address, until .+ UTC\./,
    );
    expect(mail.text).toContain('Sign in: https://uap.example/auth?tab=login');
    expect(mail.text).toContain(
      '2. Complete your expert profile: https://uap.example/expert-onboarding',
    );
    expect(mail.html).toContain(
      `href="https://uap.example/auth?tab=register&amp;invite=${invite}"`,
    );
    expect(mail.html).toContain('href="https://uap.example/expert-onboarding"');
    expect(mail.html).toContain('Loved the Blue Book work.<br>');
  });

  it('sends a refusal with the note, and one decision only', async () => {
    const sent = await apply();
    const admin = await signedIn('admin');
    expect(
      (
        await admin.post(`/api/admin/expert-applications/${sent.id}/decline`, {
          note: 'We need more published research.',
        })
      ).status,
    ).toBe(200);
    expect((await admin.post(`/api/admin/expert-applications/${sent.id}/approve`)).status).toBe(
      409,
    );

    const mail = await stack.smtp.waitForOne(sent.email, 'Your expert application');
    expect(mail.text).toContain('we are not able to accept it at this time');
    expect(mail.text).toContain('A note from our team:\nWe need more published research.');
    expect(mail.text).toContain('https://uap.example/browse-qa');
    // The received message and the decision: nothing more.
    expect(stack.smtp.to(sent.email).map((each) => each.subject)).toEqual(
      expect.arrayContaining(['We received your expert application', 'Your expert application']),
    );
    await stack.smtp.waitFor(sent.email, 2);
  });

  it('leaves the note out of a decision without one', async () => {
    const sent = await apply();
    const admin = await signedIn('admin');
    expect((await admin.post(`/api/admin/expert-applications/${sent.id}/decline`)).status).toBe(
      200,
    );
    const mail = await stack.smtp.waitForOne(sent.email, 'Your expert application');
    expect(mail.text).not.toContain('A note from our team');
  });

  it('follows role changes: a new admin is told of the next application, a former one is not', async () => {
    const newcomer = { ...newMember(), password: 'correct horse battery' };
    const registered = await stack.register(stack.visitor(), {
      username: newcomer.username,
      email: newcomer.email,
      password: newcomer.password,
      firstName: 'Rae',
    });
    expect(registered.status).toBe(200);
    const { id } = await registered.json();
    const admin = await signedIn('admin');
    expect(
      (
        await admin.patch(`/api/admin/users/${id}/role`, {
          role: 'admin',
          reason: 'Runs the applications',
        })
      ).status,
    ).toBe(200);

    const first = await apply();
    await stack.smtp.waitForOne(newcomer.email, `New expert application: ${first.name}`);
    await stack.smtp.waitForOne(ADMIN_EMAIL, `New expert application: ${first.name}`);

    expect(
      (await admin.patch(`/api/admin/users/${id}/role`, { role: 'user', reason: 'Left the team' }))
        .status,
    ).toBe(200);
    const second = await apply();
    await stack.smtp.waitForOne(ADMIN_EMAIL, `New expert application: ${second.name}`);
    await stack.smtp.waitForOne(second.email, 'We received your expert application');
    // Every message of the application is out: none went to the former admin.
    await eventually(async () => expect(await stack.notifications.mailBacklog()).toBe(0));
    expect(
      stack.smtp.to(newcomer.email).filter((mail) => mail.subject?.includes(second.name)),
    ).toHaveLength(0);
  });
});

describe.each(testBackends())(
  'expert applications before any admin is known ($name)',
  (backend) => {
    const smtp = stackForSuite(() => startSmtp());

    it('goes to the staff address instead of nowhere', async () => {
      const lone = await startAlone(backend, {
        SMTP_URL: smtp.url,
        STAFF_EMAIL: 'staff@uap.example',
        PUBLIC_URL: 'https://uap.example',
      });
      try {
        await lone.publish(
          IDENTITY_STREAM,
          createEvent(ExpertApplicationSubmitted, {
            applicationId: 41,
            name: 'Avery Quinn',
            email: 'avery@example.com',
            phone: '555-0199',
            website: null,
            duration: 1,
            questionsPerWeek: 1,
            description: null,
            submittedAt: '2030-01-14T15:00:00.000Z',
          }),
        );
        const staff = await smtp.waitForOne(
          'staff@uap.example',
          'New expert application: Avery Quinn',
        );
        expect(staff.text).toContain('Website: —');
        expect(staff.text).toContain('Commitment: 1 question a week for 1 month');
        expect(staff.text).not.toContain('About them');
        await smtp.waitForOne('avery@example.com', 'We received your expert application');
      } finally {
        await lone.stop();
      }
    });
  },
);
