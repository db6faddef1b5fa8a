import { randomBytes } from 'node:crypto';
import {
  createEvent,
  ExpertApplicationDecided,
  ExpertApplicationSubmitted,
  IDENTITY_STREAM,
  UserRoleChanged,
} from '@uapqa/contracts';
import { eventually, testBackends } from '@uapqa/service-kit/testing';
import { stackForSuite } from '@uapqa/service-kit/testing/suite-stack';
import { beforeAll, describe, expect, it } from 'vitest';
import { startSmtp, toAddress } from '../src/testing/index.js';
import { type Member, startAlone, startNotifications } from './harness.js';

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
  const stack = stackForSuite(() => startNotifications(backend));
  let admin: Member;
  let moderator: Member;
  beforeAll(async () => {
    admin = await stack.announceUser({ role: 'admin' });
    moderator = await stack.announceUser({ role: 'moderator' });
  });

  /** A visitor's application, as identity announces it once the /apply form is sent. */
  let applications = 0;
  async function apply(body = application()) {
    const id = ++applications;
    await stack.publish(
      IDENTITY_STREAM,
      createEvent(ExpertApplicationSubmitted, {
        applicationId: id,
        ...body,
        submittedAt: new Date().toISOString(),
      }),
    );
    return { ...body, id };
  }

  /** An admin's decision, as identity announces it; an approval carries the invitation. */
  function decided(
    sent: Awaited<ReturnType<typeof apply>>,
    decision: 'approved' | 'declined',
    note: string | null = null,
  ) {
    return createEvent(ExpertApplicationDecided, {
      applicationId: sent.id,
      name: sent.name,
      email: sent.email,
      decision,
      note,
      decidedBy: admin.userId,
      decidedAt: new Date().toISOString(),
      ...(decision === 'approved'
        ? {
            invitation: {
              token: randomBytes(32).toString('base64url'),
              expiresAt: new Date(Date.now() + 14 * 24 * 3600_000).toISOString(),
            },
          }
        : {}),
    });
  }

  /** A role change, as identity announces it. */
  const roleChanged = (member: Member, previousRole: 'user' | 'admin', role: 'user' | 'admin') =>
    stack.publish(
      IDENTITY_STREAM,
      createEvent(UserRoleChanged, {
        userId: member.userId,
        username: member.username,
        email: member.email,
        firstName: member.firstName,
        lastName: 'Tester',
        role,
        previousRole,
      }),
    );

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

    const staff = await stack.smtp.waitForOne(admin.email, `New expert application: ${sent.name}`);
    expect(toAddress(staff)).toBe(admin.email);
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
    // Moderators do not decide applications: once every message is out, none went to one.
    await eventually(async () => expect(await stack.service.mailBacklog()).toBe(0));
    expect(stack.smtp.to(moderator.email)).toHaveLength(0);
  });

  it('sends the approval with the note and the way to become an expert', async () => {
    const sent = await apply();
    const approval = decided(
      sent,
      'approved',
      'Loved the Blue Book work.\nPlease use the same email address.',
    );
    await stack.publish(IDENTITY_STREAM, approval);

    const mail = await stack.smtp.waitForOne(sent.email, 'Your expert application was approved');
    expect(mail.text).toContain(`Hello ${sent.name},`);
    expect(mail.text).toContain('we approved your application');
    expect(mail.text).toContain('A note from our team:\nLoved the Blue Book work.');
    // The invitation link: it opens registration to this address even in waitlist mode.
    const invite = (mail.text ?? '').match(
      /1\. Create your account: https:\/\/uap\.example\/auth\?tab=register&invite=([\w-]{43})\n/,
    )?.[1];
    expect(invite).toBeDefined();
    expect(invite).toBe(approval.data.invitation?.token);
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
    const refusal = decided(sent, 'declined', 'We need more published research.');
    await stack.publish(IDENTITY_STREAM, refusal);
    // The same decision delivered again mails nobody twice.
    await stack.publish(IDENTITY_STREAM, refusal);

    const mail = await stack.smtp.waitForOne(sent.email, 'Your expert application');
    expect(mail.text).toContain('we are not able to accept it at this time');
    expect(mail.text).toContain('A note from our team:\nWe need more published research.');
    expect(mail.text).toContain('https://uap.example/browse-qa');
    // The received message and the decision: nothing more.
    expect(stack.smtp.to(sent.email).map((each) => each.subject)).toEqual(
      expect.arrayContaining(['We received your expert application', 'Your expert application']),
    );
    await eventually(async () => expect(await stack.service.mailBacklog()).toBe(0));
    await stack.smtp.waitFor(sent.email, 2);
  });

  it('leaves the note out of a decision without one', async () => {
    const sent = await apply();
    await stack.publish(IDENTITY_STREAM, decided(sent, 'declined'));
    const mail = await stack.smtp.waitForOne(sent.email, 'Your expert application');
    expect(mail.text).not.toContain('A note from our team');
  });

  it('follows role changes: a new admin is told of the next application, a former one is not', async () => {
    const newcomer = await stack.announceUser({ firstName: 'Rae' });
    await roleChanged(newcomer, 'user', 'admin');

    const first = await apply();
    await stack.smtp.waitForOne(newcomer.email, `New expert application: ${first.name}`);
    await stack.smtp.waitForOne(admin.email, `New expert application: ${first.name}`);

    await roleChanged(newcomer, 'admin', 'user');
    const second = await apply();
    await stack.smtp.waitForOne(admin.email, `New expert application: ${second.name}`);
    await stack.smtp.waitForOne(second.email, 'We received your expert application');
    // Every message of the application is out: none went to the former admin.
    await eventually(async () => expect(await stack.service.mailBacklog()).toBe(0));
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
