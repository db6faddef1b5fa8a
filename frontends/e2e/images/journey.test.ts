// The product as the images serve it: a member signs up, subscribes and asks; a moderator
// approves and the expert answers; the member reads the answer. Each step is a test of its own,
// in order, so the log reads as the journey.
import { readMailbox, toAddress } from '@uapqa/notifications/testing';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  CHROMIUM_ARGS,
  findChromium,
  saveScreenshots,
  toast,
  viewportFor,
} from '../test/harness.js';
import './context.js';

const stack = inject('imagesStack');
const PASSWORD = 'a long password for the images';
const EXPERT = { firstName: 'Dana', lastName: 'Okafor', username: 'dana_okafor' };
const MODERATOR = { firstName: 'Lee', lastName: 'Moss', username: 'lee_moss' };
const QUESTION = 'What did the 1952 Washington radar operators see on their screens?';
const ANSWER =
  'Several operators at Washington National and Andrews tracked slow returns that matched visual ' +
  'sightings by airline crews on both weekends. The Air Force called it a temperature inversion; ' +
  'the operators never agreed, and the Project Blue Book file still lists it as explained.';

let browser: Browser;
const contexts: BrowserContext[] = [];

async function newPage(width = 1280): Promise<Page> {
  const context = await browser.newContext({ baseURL: stack.url, viewport: viewportFor(width) });
  contexts.push(context);
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  return page;
}

/** The first link to `path` mailed to `email`, as the person would open it. */
async function mailedLink(email: string, path: string): Promise<string> {
  const pattern = new RegExp(`(https?:\\/\\/\\S+${path}\\?token=[\\w-]+)`);
  for (;;) {
    const link = (await readMailbox(stack.mailbox))
      .filter(({ mail }) => toAddress(mail) === email)
      .map(({ mail }) => pattern.exec(mail.text ?? '')?.[1])
      .find(Boolean);
    if (link) return link;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function signInAs(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/auth?tab=login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await toast(page, 'Welcome back!').waitFor();
}

/** Staff the admin invites: the invitation's link is opened and a password chosen. */
async function invite(admin: Page, person: typeof EXPERT, role: 'user' | 'moderator') {
  const email = `${person.username}@example.com`;
  const invited = await admin.request.post('/api/admin/invitations', {
    headers: { origin: stack.url },
    data: { ...person, email, role },
  });
  expect(invited.status(), await invited.text()).toBe(201);
  const page = await newPage();
  await page.goto(await mailedLink(email, '/accept-invitation'));
  const form = page.getByRole('form', { name: 'Create your account' });
  await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await form.getByLabel('Confirm password').fill(PASSWORD);
  await form.getByRole('button', { name: 'Create account' }).click();
  // The new account is signed in and lands on its role's dashboard.
  await page.waitForURL((url) => !url.pathname.startsWith('/accept-invitation'));
  return page;
}

describe('the images, driven as their users would', () => {
  let admin: Page;
  let member: Page;

  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: findChromium()!,
      args: CHROMIUM_ARGS,
    });
    admin = await newPage();
    await signInAs(admin, stack.admin.username, stack.admin.password);
  });

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => {});
    await browser?.close();
  });

  it('the admin sets up a category and a tag, a moderator and an approved expert', async () => {
    const headers = { origin: stack.url };
    for (const [path, name] of [
      ['/api/admin/categories', 'Sightings'],
      ['/api/admin/tags', 'radar'],
    ] as const) {
      const created = await admin.request.post(path, { headers, data: { name } });
      expect(created.status(), await created.text()).toBe(201);
    }
    await invite(admin, MODERATOR, 'moderator');
    // An expert is a member whose expert profile the admin approved.
    const expert = await invite(admin, EXPERT, 'user');
    const applied = await expert.request.post('/api/creator-profile', {
      headers,
      data: {
        brandName: 'Dana Okafor',
        bio: 'Radar engineer who spent twenty years reading returns at civilian airports.',
        credentials: 'Former FAA radar technician; author of two papers on anomalous propagation.',
        expertise: 'Radar, anomalous propagation, 1950s sightings',
        experienceYears: 20,
        questionsPerWeek: 5,
        weeklyRate: 0,
      },
    });
    expect(applied.status(), await applied.text()).toBe(201);
    const { id } = await applied.json();
    const approved = await admin.request.post(`/api/admin/creator-profiles/${id}/approve`, {
      headers,
    });
    expect(approved.status(), await approved.text()).toBe(200);
  });

  it('a visitor opens the home page and browses the archive', async () => {
    member = await newPage();
    await member.goto('/');
    await member
      .getByRole('heading', { level: 1, name: 'Get Answers to Your Most Pressing Questions' })
      .waitFor();
    await saveScreenshots(member, 'images-landing');
    await member.goto('/browse-qa');
    await member.getByRole('heading', { level: 1 }).waitFor();
    await saveScreenshots(member, 'images-browse-qa');
  });

  it('signs up and confirms the address through the emailed link', async () => {
    await member.goto('/auth?tab=register');
    await member.getByLabel('Username').fill('first_member');
    await member.getByLabel('Email', { exact: true }).fill('first_member@example.com');
    await member.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await member.getByLabel('Confirm password').fill(PASSWORD);
    await member.getByRole('button', { name: 'Create Account' }).click();
    await member.getByTestId('check-inbox').waitFor();
    await member.goto(await mailedLink('first_member@example.com', '/verify-email'));
    const form = member.getByRole('form', { name: 'Confirm your email address' });
    await form.getByLabel('Password').fill(PASSWORD);
    await form.getByRole('button', { name: 'Confirm and sign in' }).click();
    await member.waitForURL('**/subscribe');
  });

  it('subscribes with the local payment provider', async () => {
    await member
      .getByTestId('plan-subscription')
      .getByRole('button', { name: 'Subscribe', exact: true })
      .click();
    await member.getByLabel('Card number').waitFor();
    await member.getByRole('button', { name: /Pay \$10/ }).click();
    await toast(member, 'You are now subscribed!').waitFor();
    await member.waitForURL('**/dashboard');
    await expect.poll(() => member.getByTestId('stat-credits').textContent()).toBe('3');
  });

  it('asks the expert a question', async () => {
    await member.goto('/submit-question');
    await member.getByRole('combobox', { name: 'Expert' }).click();
    await member.getByRole('option', { name: /Dana Okafor/ }).click();
    await member.getByRole('combobox', { name: 'Category' }).click();
    await member.getByRole('option', { name: 'Sightings' }).click();
    await member.getByRole('checkbox', { name: 'radar' }).click();
    await member.getByLabel('Your question').fill(QUESTION);
    await member
      .getByLabel('Details')
      .fill('Radar stations tracked objects over the capital for two weekends.');
    await saveScreenshots(member, 'images-submit-question', [1280]);
    await member.getByRole('button', { name: 'Submit Question' }).click();
    await toast(member, 'Question Submitted!').waitFor();
    await member.waitForURL('**/dashboard');
    await expect.poll(() => member.getByTestId('stat-credits').textContent()).toBe('2');
  });

  it('the moderator approves it', async () => {
    const moderator = await newPage();
    await signInAs(moderator, MODERATOR.username, PASSWORD);
    await moderator.goto('/moderator-dashboard');
    const item = moderator.getByRole('article', { name: QUESTION });
    await item.getByRole('button', { name: 'Moderate' }).click();
    await item.getByTestId('moderation-panel').getByRole('button', { name: 'Approve' }).click();
    await toast(moderator, 'Question approved').waitFor();
  });

  it('the expert answers it', async () => {
    const expert = await newPage();
    await signInAs(expert, EXPERT.username, PASSWORD);
    await expert.goto('/expert-dashboard');
    const question = expert.getByTestId('expert-question').filter({ hasText: QUESTION });
    await question.getByRole('button', { name: 'Answer', exact: true }).click();
    await question.getByLabel('Your answer').fill(ANSWER);
    await question.getByRole('button', { name: 'Submit Answer' }).click();
    await expert.getByRole('dialog').getByRole('button', { name: 'Publish Answer' }).click();
    await toast(expert, 'Answer Submitted').waitFor();
  });

  it('the member reads the whole answer in the archive', async () => {
    await member.goto('/browse-qa');
    const card = member.getByTestId('question-card').filter({ hasText: QUESTION });
    await expect.poll(() => card.getByTestId('answer').textContent()).toBe(ANSWER);
    await saveScreenshots(member, 'images-answered', [1280]);
  });
});
