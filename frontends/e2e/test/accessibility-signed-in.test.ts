import {
  describeAccessibility,
  heading,
  MODAL_DIALOG,
  MODAL_LIST,
  type Screen,
  sideMenu,
} from './accessibility.js';

/** Each signed-in role's routes; a visitor's are in accessibility-visitor.test.ts. */
const MEMBER: Screen[] = [
  {
    path: '/dashboard',
    ready: (page) => page.getByTestId('recent-question'),
    states: [sideMenu],
  },
  { path: '/my-questions', ready: (page) => page.getByTestId('my-question') },
  {
    path: '/submit-question',
    ready: (page) => page.getByTestId('expert-window'),
    states: [
      {
        name: 'form errors',
        async reach(page) {
          await page.getByRole('button', { name: 'Submit Question' }).click();
          await page.getByText('Please select an expert', { exact: true }).waitFor();
        },
      },
      {
        name: 'expert list open',
        overlay: MODAL_LIST,
        async reach(page) {
          await page.getByRole('combobox', { name: 'Expert' }).click();
          await page.getByRole('listbox').waitFor();
        },
      },
    ],
  },
  {
    path: '/subscribe',
    ready: (page) => page.getByTestId('payment'),
    states: [
      {
        name: 'card form open',
        async reach(page) {
          await page.getByRole('button', { name: 'Purchase Credits' }).first().click();
          await page.getByLabel('Card number').waitFor();
        },
      },
      {
        name: 'cancel dialog open',
        overlay: MODAL_DIALOG,
        async reach(page) {
          await page.getByRole('button', { name: 'Cancel Subscription' }).click();
          await page.getByRole('dialog').waitFor();
        },
      },
    ],
  },
  { path: '/browse-qa', ready: (page) => page.getByText('Full Answer Available') },
  { path: '/questions/:answered', ready: (page) => page.getByTestId('question-page') },
  { path: '/expert-onboarding', ready: heading('Apply for an Expert Profile') },
  // Staff and expert pages tell a member they are not for them.
  { path: '/admin-dashboard', ready: (page) => page.getByTestId('access-denied') },
  { path: '/expert-dashboard', ready: (page) => page.getByTestId('access-denied') },
];

const EXPERT: Screen[] = [
  {
    path: '/expert-dashboard',
    ready: (page) => page.getByTestId('expert-question'),
    states: [
      {
        name: 'answering',
        async reach(page) {
          await page
            .getByTestId('expert-question')
            .first()
            .getByRole('button', { name: 'Answer', exact: true })
            .click();
          await page.getByLabel('Your answer').waitFor();
        },
      },
      {
        name: 'answered tab',
        async reach(page) {
          await page.getByRole('tab', { name: /^Answered/ }).click();
          await page.getByRole('tab', { name: /^Answered/, selected: true }).waitFor();
        },
      },
    ],
  },
  { path: '/creator-dashboard', ready: (page) => page.getByTestId('earnings-statement') },
  { path: '/expert-onboarding', ready: (page) => page.getByRole('heading', { level: 1 }) },
];

const MODERATOR: Screen[] = [
  {
    path: '/moderator-dashboard',
    ready: (page) => page.getByTestId('queue-item'),
    states: [
      {
        name: 'moderating',
        async reach(page) {
          await page.getByRole('button', { name: 'Moderate' }).first().click();
          await page.getByTestId('moderation-panel').waitFor();
        },
      },
      {
        name: 'expert list open',
        overlay: MODAL_LIST,
        async reach(page) {
          await page.getByRole('button', { name: 'Moderate' }).first().click();
          await page.getByRole('combobox', { name: 'Assign expert' }).click();
          await page.getByRole('listbox').waitFor();
        },
      },
    ],
  },
];

const ADMIN: Screen[] = [
  {
    path: '/admin-dashboard',
    ready: (page) => page.getByTestId('taxonomy-category').getByRole('listitem'),
    states: [
      {
        name: 'reviewing an application',
        async reach(page) {
          await page.getByRole('button', { name: 'Review' }).first().click();
          await page.getByLabel('Note to the applicant (optional)').waitFor();
        },
      },
      {
        name: 'delete dialog open',
        overlay: MODAL_DIALOG,
        async reach(page) {
          await page
            .getByTestId('taxonomy-topic')
            .getByRole('button', { name: /^Delete topic / })
            .first()
            .click();
          await page.getByRole('dialog').waitFor();
        },
      },
    ],
  },
];

describeAccessibility({
  member: MEMBER,
  expert: EXPERT,
  moderator: MODERATOR,
  admin: ADMIN,
});
