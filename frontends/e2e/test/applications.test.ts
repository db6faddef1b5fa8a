import { join } from 'node:path';
import { type MailboxMessage, readMailbox } from '@uapqa/notifications/testing';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import {
  ARTIFACTS_DIR,
  DESKTOP,
  describeInChromium,
  expectLaidOut,
  type Harness,
  hasHorizontalScroll,
  saveScreenshots,
  toast,
  useHarness,
  WIDTHS,
} from './harness.js';

const ADMIN_EMAIL = 'admin@demo.uapqa.local';
const NOTE = 'Your Blue Book research is exactly what members ask about. Welcome!';

/** Fills and sends the public /apply form as a visitor would. */
async function applyAsVisitor(page: Page, applicant: { name: string; email: string }) {
  await page.goto('/apply');
  await page.getByLabel('Full name *').fill(applicant.name);
  await page.getByLabel('Email *').fill(applicant.email);
  await page.getByLabel('Phone *').fill('+1 555 0100');
  await page.getByLabel('Website (optional)').fill('https://skywatch.example.com');
  await page.getByLabel('About you and your work (optional)').fill('Aviation historian.');
  await page.getByRole('button', { name: 'Submit Application' }).click();
  await toast(page, 'Application Submitted').waitFor();
  await page.getByTestId('application-submitted').waitFor();
}

/** Waits for the email to `address` whose subject is `subject`, read from the stack's mailbox. */
async function mailTo(harness: Harness, address: string, subject: string) {
  let found: MailboxMessage | undefined;
  await expect
    .poll(
      async () => {
        const mailbox = await readMailbox(join(harness.dataDir, 'mailbox'));
        found = mailbox.find(
          ({ mail }) =>
            mail.subject === subject &&
            (Array.isArray(mail.to) ? mail.to : [mail.to]).some((to) =>
              to?.value.some((each) => each.address === address),
            ),
        );
        return Boolean(found);
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  return found!.mail;
}

/** Every link of an HTML email. */
function links(html: string | false | undefined): string[] {
  return [...String(html).matchAll(/href="([^"]+)"/g)].map((match) => match[1]!);
}

describeInChromium('expert applications from /apply to the admin dashboard and email', () => {
  const harness = useHarness();

  for (const width of WIDTHS) {
    it(`at ${width} px: a visitor applies, the admin approves one and declines another, everyone is emailed`, async () => {
      const stamp = `${width}-${Date.now().toString(36)}`;
      const accepted = { name: `Avery Quinn ${width}`, email: `avery.${stamp}@example.com` };
      const refused = { name: `Blake Moreno ${width}`, email: `blake.${stamp}@example.com` };

      // Two visitors apply through the public form (no account).
      const { page: visitor } = await harness.newPage(width);
      await applyAsVisitor(visitor, accepted);
      expect(await hasHorizontalScroll(visitor)).toBe(false);
      await applyAsVisitor(visitor, refused);

      // The applicant is thanked and every admin is told, with a link to the dashboard.
      const received = await mailTo(harness, accepted.email, 'We received your expert application');
      expect(received.text).toContain(`Hello ${accepted.name},`);
      expect(links(received.html)).toContain(`${harness.url}/experts`);
      const staffMail = await mailTo(
        harness,
        ADMIN_EMAIL,
        `New expert application: ${accepted.name}`,
      );
      expect(staffMail.text).toContain(`Email: ${accepted.email}`);
      expect(links(staffMail.html)).toContain(`${harness.url}/admin-dashboard`);

      // The admin finds both on the dashboard, next to the creator applications.
      const { page: admin } = await harness.signedInPage(width, 'admin', '/admin-dashboard');
      const section = admin.getByTestId('expert-applications');
      const first = section.getByRole('article', { name: accepted.name });
      const second = section.getByRole('article', { name: refused.name });
      await first.waitFor();
      await second.waitFor();
      await expect.poll(() => first.textContent()).toContain(accepted.email);
      await expect.poll(() => first.textContent()).toContain('2 questions per week for 1 month');
      const creators = await admin.getByTestId('expert-profile-applications').boundingBox();
      const experts = await section.boundingBox();
      if (width === DESKTOP) {
        // Side by side: the same row, the expert applications to the right.
        expect(Math.abs(creators!.y - experts!.y)).toBeLessThan(2);
        expect(experts!.x).toBeGreaterThan(creators!.x + creators!.width - 1);
      } else {
        expect(experts!.y).toBeGreaterThan(creators!.y + creators!.height - 1);
      }
      expect(await hasHorizontalScroll(admin)).toBe(false);
      await section.scrollIntoViewIfNeeded();
      await saveScreenshots(admin, 'admin-expert-applications', [width]);

      // Approve the first with a note.
      await first.getByRole('button', { name: 'Review' }).click();
      await first.getByLabel('Note to the applicant (optional)').fill(NOTE);
      await expectLaidOut(admin, 'admin-expert-application-review');
      // The section alone, readable at phone width too.
      await section.screenshot({
        path: join(ARTIFACTS_DIR, `admin-expert-applications-section-${width}.png`),
      });
      await first.getByRole('button', { name: 'Approve' }).click();
      await toast(admin, 'Application Approved').waitFor();
      await first.waitFor({ state: 'detached' });

      // Decline the second without one.
      await second.getByRole('button', { name: 'Review' }).click();
      await second.getByRole('button', { name: 'Decline' }).click();
      await toast(admin, 'Application Declined').waitFor();
      await second.waitFor({ state: 'detached' });

      // The decisions reach the applicants by email.
      const approval = await mailTo(
        harness,
        accepted.email,
        'Your expert application was approved',
      );
      expect(approval.text).toContain(NOTE);
      const approvalLinks = links(approval.html);
      expect(approvalLinks).toEqual(
        expect.arrayContaining([
          // The invitation that registers the address even in waitlist mode (HTML-escaped `&`).
          expect.stringMatching(
            new RegExp(`^${harness.url}/auth\\?tab=register&amp;invite=[\\w-]+$`),
          ),
          `${harness.url}/auth?tab=login`,
          `${harness.url}/expert-onboarding`,
        ]),
      );
      const refusal = await mailTo(harness, refused.email, 'Your expert application');
      expect(refusal.text).toContain('not able to accept it');
      expect(refusal.text).not.toContain('A note from our team');

      // The approval's links open real pages: create the account, then the expert profile.
      const { page: applicant } = await harness.newPage(width);
      await applicant.goto(`${harness.url}/auth?tab=register`);
      await applicant.getByRole('tab', { name: /sign up|register/i, selected: true }).waitFor();
      await applicant.goto(`${harness.url}/expert-onboarding`);
      await applicant.getByRole('link', { name: 'Login to Continue' }).waitFor();
      expect(await applicant.getByText('404 Page Not Found').count()).toBe(0);
    });
  }
});
