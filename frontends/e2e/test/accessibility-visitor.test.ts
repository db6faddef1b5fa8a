import {
  describeAccessibility,
  heading,
  MODAL_LIST,
  openFaq,
  type Screen,
  sideMenu,
  submitEmpty,
  TOAST,
} from './accessibility.js';
import { DESKTOP, PHONE } from './harness.js';

/** Every route a visitor can open; the signed-in roles' are in accessibility-signed-in.test.ts. */
const VISITOR: Screen[] = [
  {
    path: '/',
    ready: (page) => page.getByTestId('featured-experts'),
    states: [sideMenu, { name: 'FAQ answer open', reach: openFaq }],
  },
  {
    path: '/auth?tab=login',
    ready: (page) => page.getByRole('tab', { name: 'Sign In', selected: true }),
    states: [
      {
        name: 'sign-in refused',
        overlay: TOAST,
        async reach(page) {
          await page.getByLabel('Username').fill('member');
          await page.getByLabel('Password').fill('not the password');
          await page.getByRole('button', { name: 'Sign In', exact: true }).click();
          await page.getByTestId('toast').filter({ hasText: 'Login failed' }).waitFor();
        },
      },
      {
        name: 'forgot password',
        async reach(page) {
          await page.getByRole('button', { name: 'Forgot your password?' }).click();
          await page.getByRole('button', { name: 'Send Reset Link' }).waitFor();
        },
      },
    ],
  },
  {
    path: '/auth?tab=register',
    ready: (page) => page.getByRole('tab', { name: 'Register', selected: true }),
    states: [
      {
        name: 'passwords differ',
        overlay: TOAST,
        async reach(page) {
          await page.getByLabel('Username').fill('newcomer');
          await page.getByLabel('Email', { exact: true }).fill('newcomer@example.com');
          await page.getByLabel('Password', { exact: true }).fill('a long password');
          await page.getByLabel('Confirm password').fill('another password');
          await page.getByRole('button', { name: 'Create Account' }).click();
          await page.getByTestId('toast').filter({ hasText: 'Passwords do not match' }).waitFor();
        },
      },
    ],
  },
  {
    path: '/contact',
    ready: (page) => page.getByLabel('Message *'),
    states: [
      {
        name: 'missing information',
        overlay: TOAST,
        async reach(page) {
          await page.getByRole('button', { name: 'Send Message' }).click();
          await page.getByTestId('toast').filter({ hasText: 'Missing Information' }).waitFor();
        },
      },
    ],
  },
  {
    path: '/browse-qa',
    ready: (page) => page.getByTestId('question-card'),
    states: [
      {
        // The count, the sort choice and the marks of the words a search matched.
        name: 'searched',
        async reach(page) {
          await page.goto('/browse-qa?search=radar&sort=oldest');
          await page.getByTestId('question-card').locator('mark').first().waitFor();
        },
      },
      {
        name: 'filters open',
        widths: [PHONE],
        async reach(page) {
          await page.getByRole('button', { name: 'Filters' }).click();
          await page.getByLabel('Search', { exact: true }).waitFor();
        },
      },
      {
        name: 'category list open',
        widths: [DESKTOP],
        overlay: MODAL_LIST,
        async reach(page) {
          await page.getByRole('combobox').first().click();
          await page.getByRole('listbox').waitFor();
        },
      },
    ],
  },
  { path: '/questions/:answered', ready: (page) => page.getByTestId('question-page') },
  { path: '/experts/dana', ready: (page) => page.getByTestId('expert-answer') },
  {
    path: '/experts',
    ready: (page) => page.getByTestId('experts-page'),
    states: [{ name: 'FAQ answer open', reach: openFaq }],
  },
  {
    path: '/apply',
    ready: heading('Apply to Become an Expert'),
    states: [{ name: 'form errors', reach: submitEmpty('Submit Application') }],
  },
  { path: '/subscribe', ready: (page) => page.getByRole('link', { name: 'Sign In' }) },
  { path: '/submit-question', ready: heading('Authentication Required') },
  { path: '/expert-onboarding', ready: heading('Apply for an Expert Profile') },
  { path: '/privacy', ready: heading('Privacy Policy') },
  { path: '/terms', ready: heading('Terms of Service') },
  { path: '/no-such-page', ready: heading('404 Page Not Found') },
];

describeAccessibility({ visitor: VISITOR });
