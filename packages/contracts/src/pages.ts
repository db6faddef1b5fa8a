import { BROWSE_PAGE_SIZE } from './constants.js';

/** The site's name, after every page's own title. */
export const SITE_NAME = 'UAP Answers';

/** What a page says it is: its title (before " | UAP Answers") and its meta description. */
export interface PageMeta {
  title: string;
  description: string;
}

/** What a page without an entry of its own says (also the shell's index.html). */
export const SITE_PAGE: PageMeta = {
  title: 'Ask Verified UFO/UAP Experts',
  description:
    'Ask verified UFO/UAP experts your questions and browse the archive of their answers.',
};

/**
 * Every route's title and description, by path. The gateway writes them into the page's HTML
 * (crawlers and link previews run no script) and the shell sets them on every navigation.
 * `/questions/:id` is written from the question itself.
 */
export const PAGE_META: Readonly<Record<string, PageMeta>> = {
  '/': SITE_PAGE,
  '/browse-qa': {
    title: 'Browse Answered Questions',
    description:
      'Search the archive of UFO/UAP questions answered by verified experts, by category, expert and topic.',
  },
  '/auth': {
    title: 'Sign In or Join',
    description:
      'Sign in to your UAP Answers account, or join to read every answer and ask the experts yourself.',
  },
  '/contact': {
    title: 'Contact Us',
    description: 'Send the UAP Answers team a question about your account, billing or the site.',
  },
  '/experts': {
    title: 'Become an Expert',
    description:
      'Researchers, journalists and witnesses: answer members’ UFO/UAP questions and get paid for every answer.',
  },
  '/apply': {
    title: 'Apply as an Expert',
    description:
      'Apply to answer members’ questions on UAP Answers: tell us about your work and how often you can answer.',
  },
  '/subscribe': {
    title: 'Subscribe and Buy Credits',
    description:
      'Subscribe to read every answer in the archive and receive monthly credits to ask verified UFO/UAP experts.',
  },
  '/dashboard': {
    title: 'Your Dashboard',
    description: 'Your questions, their answers and your credits at a glance.',
  },
  '/my-questions': {
    title: 'My Questions',
    description:
      'Every question you asked, with its review status, its expert, its deadline and its answer.',
  },
  '/submit-question': {
    title: 'Ask an Expert',
    description:
      'Put your question to a verified UFO/UAP expert of your choice for one credit; answered within 72 hours.',
  },
  '/expert-dashboard': {
    title: 'Expert Dashboard',
    description: 'The questions assigned to you, their deadlines, and your earnings and payouts.',
  },
  '/creator-dashboard': {
    title: 'Expert Dashboard',
    description: 'The questions assigned to you, their deadlines, and your earnings and payouts.',
  },
  '/expert-onboarding': {
    title: 'Expert Profile',
    description:
      'Create your expert profile: your expertise, credentials and how many questions you answer a week.',
  },
  '/admin-dashboard': {
    title: 'Admin Dashboard',
    description:
      'Site figures, the moderation queue, expert applications, topics and the waitlist setting.',
  },
  '/privacy': {
    title: 'Privacy Policy',
    description:
      'What UAP Answers stores about you, for how long, and how to download your data or close your account.',
  },
  '/terms': {
    title: 'Terms of Service',
    description:
      'Membership, question credits, the 72-hour answer rule, refunds and the public archive of answers.',
  },
  '/moderator-dashboard': {
    title: 'Moderator Dashboard',
    description: 'Review the questions waiting for moderation and assign each to an expert.',
  },
  '/account': {
    title: 'Your Account',
    description:
      'Change the password and the email address of your UAP Answers account, download your data or close it.',
  },
  '/confirm-email-change': {
    title: 'Confirm Your New Email Address',
    description:
      'Confirm the new email address of your UAP Answers account with the link we emailed you.',
  },
  '/reset-password': {
    title: 'Choose a New Password',
    description: 'Choose a new password for your UAP Answers account with the link we emailed you.',
  },
  '/accept-invitation': {
    title: 'Create Your Account',
    description: 'Choose the password of the UAP Answers account you were invited to.',
  },
  '/unsubscribe': {
    title: 'Unsubscribe',
    description: 'Stop one kind of email from UAP Answers with the link in that email.',
  },
  '/newsletter/confirm': {
    title: 'Confirm Your Newsletter Subscription',
    description: 'Confirm the address you signed up to the UAP Answers newsletter with.',
  },
};

/**
 * The site's pages a search engine should find, besides every answered question: the sitemap
 * lists them first. Pages behind a sign-in and the sign-in form itself are left out.
 */
export const SITEMAP_PAGES: readonly string[] = [
  '/',
  '/browse-qa',
  '/experts',
  '/apply',
  '/subscribe',
  '/contact',
  '/privacy',
  '/terms',
];

/** A page's full title, as in its <title>. */
export function pageTitle(meta: Pick<PageMeta, 'title'>): string {
  return `${meta.title} | ${SITE_NAME}`;
}

/**
 * The API reads a page makes as soon as it starts, exactly as it asks for them, by path. The
 * gateway names them in the page's HTML as preloads, so on a slow network they are already on
 * their way while the page's code downloads. Only reads a visitor may make (a preload the server
 * refused would be an error in the console), and only of the page as first opened: a page opened
 * with a query string (a filtered archive) asks for other things.
 */
export const PAGE_READS: Readonly<Record<string, readonly string[]>> = {
  '/': ['/api/creators', '/api/member-count'],
  '/browse-qa': [
    `/api/questions?limit=${BROWSE_PAGE_SIZE}`,
    '/api/categories',
    '/api/tags',
    '/api/creators',
  ],
};
