/** The five services behind the gateway (ARCHITECTURE.md). */
export const SERVICES = [
  'identity',
  'billing',
  'questions',
  'moderation',
  'notifications',
] as const;
export type ServiceName = (typeof SERVICES)[number];

/**
 * Every public and admin API path mapped to the
 * service that owns it. Hono path patterns; the first match wins. Paths the gateway composes
 * itself (`/api/user`, `/api/session`, `/api/admin/stats`, `/api/platform-stats`,
 * `/api/health`, `/api/account/export`, `/api/experts/:handle`) are not here.
 */
export const ROUTE_TABLE: ReadonlyArray<{ path: string; service: ServiceName }> = [
  // identity
  { path: '/api/login', service: 'identity' },
  { path: '/api/register', service: 'identity' },
  { path: '/api/verify-email', service: 'identity' },
  { path: '/api/verify-email/resend', service: 'identity' },
  { path: '/api/password-reset', service: 'identity' },
  { path: '/api/password-reset/confirm', service: 'identity' },
  { path: '/api/invitations/accept', service: 'identity' },
  { path: '/api/account/password', service: 'identity' },
  { path: '/api/account/email', service: 'identity' },
  { path: '/api/account/email/confirm', service: 'identity' },
  { path: '/api/logout', service: 'identity' },
  { path: '/api/session/refresh', service: 'identity' },
  { path: '/api/member-count', service: 'identity' },
  { path: '/api/creators', service: 'identity' },
  { path: '/api/creator-profile', service: 'identity' },
  // `/api/account/export` is the gateway's own (it composes every service's part).
  { path: '/api/account', service: 'identity' },
  { path: '/api/account/profile', service: 'identity' },
  { path: '/api/expert-applications', service: 'identity' },
  { path: '/api/waitlist/status', service: 'identity' },
  { path: '/api/admin/settings/*', service: 'identity' },
  // A member's credits and questions are billing's and questions', inside identity's
  // `/api/admin/users/*`: the first match wins.
  { path: '/api/admin/users/:id/credits', service: 'billing' },
  { path: '/api/admin/users/:id/questions', service: 'questions' },
  { path: '/api/admin/users', service: 'identity' },
  { path: '/api/admin/users/*', service: 'identity' },
  { path: '/api/admin/invitations', service: 'identity' },
  { path: '/api/admin/audit', service: 'identity' },
  { path: '/api/admin/creator-profiles', service: 'identity' },
  { path: '/api/admin/creator-profiles/*', service: 'identity' },
  { path: '/api/admin/expert-applications', service: 'identity' },
  { path: '/api/admin/expert-applications/*', service: 'identity' },
  // billing
  { path: '/api/create-subscription', service: 'billing' },
  { path: '/api/purchase-credits', service: 'billing' },
  { path: '/api/billing/*', service: 'billing' },
  { path: '/api/admin/reports/payments', service: 'billing' },
  { path: '/api/admin/reports/content', service: 'questions' },
  { path: '/api/admin/reports/low-ratings', service: 'questions' },
  // questions
  { path: '/api/questions', service: 'questions' },
  { path: '/api/questions/*', service: 'questions' },
  { path: '/api/categories', service: 'questions' },
  { path: '/api/tags', service: 'questions' },
  { path: '/api/my-questions', service: 'questions' },
  { path: '/api/my-questions/*', service: 'questions' },
  { path: '/api/creator/questions', service: 'questions' },
  { path: '/api/answers', service: 'questions' },
  { path: '/api/answers/*', service: 'questions' },
  { path: '/api/admin/refund-requests', service: 'questions' },
  { path: '/api/admin/refund-requests/*', service: 'questions' },
  { path: '/api/admin/categories', service: 'questions' },
  { path: '/api/admin/categories/*', service: 'questions' },
  { path: '/api/admin/tags', service: 'questions' },
  { path: '/api/admin/tags/*', service: 'questions' },
  // moderation
  { path: '/api/admin/questions/*', service: 'moderation' },
  // notifications
  { path: '/api/waitlist/join', service: 'notifications' },
  { path: '/api/newsletter/subscribe', service: 'notifications' },
  { path: '/api/newsletter/confirm', service: 'notifications' },
  // Before any wider `/api/account/*` entry: the first match wins.
  { path: '/api/account/email-preferences', service: 'notifications' },
  { path: '/api/unsubscribe', service: 'notifications' },
  { path: '/api/unsubscribe/details', service: 'notifications' },
  { path: '/api/contact', service: 'notifications' },
  { path: '/api/notifications/*', service: 'notifications' },
];

/**
 * A route pattern of the table (Hono's `:param` segments, a trailing `*`) as a regular
 * expression over concrete paths, for tools that check paths against the table.
 */
export function routePattern(pattern: string): RegExp {
  const source = pattern
    .split('/')
    .map((segment) =>
      segment === '*'
        ? '.*'
        : segment.startsWith(':')
          ? '[^/]+'
          : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('/');
  return new RegExp(`^${source.replace(/\/\.\*$/, '(?:/.*)?')}$`);
}
