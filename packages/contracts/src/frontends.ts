/** The Module Federation remotes the shell may load, as `/remotes.json` names them. */
export const REMOTE_NAMES = ['members', 'experts', 'staff'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

/**
 * The pages that live in a remote: path (`:param` for one segment) → remote and exposed module.
 * The shell routes them; the gateway preloads a page's remote code with its HTML.
 */
export const REMOTE_ROUTES: ReadonlyArray<{ path: string; remote: RemoteName; module: string }> = [
  { path: '/browse-qa', remote: 'members', module: 'BrowseQA' },
  { path: '/dashboard', remote: 'members', module: 'Dashboard' },
  { path: '/my-questions', remote: 'members', module: 'MyQuestions' },
  { path: '/questions/:id', remote: 'members', module: 'QuestionPage' },
  { path: '/experts/:handle', remote: 'members', module: 'ExpertProfile' },
  { path: '/submit-question', remote: 'members', module: 'SubmitQuestion' },
  { path: '/subscribe', remote: 'members', module: 'Subscribe' },
  { path: '/expert-dashboard', remote: 'experts', module: 'ExpertDashboard' },
  { path: '/creator-dashboard', remote: 'experts', module: 'ExpertDashboard' },
  { path: '/expert-onboarding', remote: 'experts', module: 'ExpertOnboarding' },
  { path: '/experts', remote: 'experts', module: 'Experts' },
  { path: '/apply', remote: 'experts', module: 'Apply' },
  { path: '/admin-dashboard', remote: 'staff', module: 'AdminDashboard' },
  { path: '/moderator-dashboard', remote: 'staff', module: 'ModeratorDashboard' },
];

/**
 * The address of an expert's public page (`/experts/:handle`, the handle their username). Here,
 * with the routes and no schema, so the landing page links experts without loading zod.
 */
export function expertPagePath(handle: string): string {
  return `/experts/${encodeURIComponent(handle)}`;
}

/** The pages the shell itself draws (not a remote's), each in App.tsx. */
export const SHELL_ROUTES = [
  '/',
  '/auth',
  '/contact',
  '/verify-email',
  '/privacy',
  '/terms',
  '/reset-password',
  '/accept-invitation',
  '/confirm-email-change',
  '/account',
  '/unsubscribe',
  '/newsletter/confirm',
] as const;

/**
 * Every page path the site has, `:param` for one segment. The gateway answers any other path
 * with the 404 page and status 404, so a page added to the shell's router must be added here.
 */
export const PAGE_ROUTES: readonly string[] = [
  ...SHELL_ROUTES,
  ...REMOTE_ROUTES.map((route) => route.path),
];
