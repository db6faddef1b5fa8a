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
 * `/api/health`) are not here.
 */
export const ROUTE_TABLE: ReadonlyArray<{ path: string; service: ServiceName }> = [
  // identity
  { path: '/api/login', service: 'identity' },
  { path: '/api/register', service: 'identity' },
  { path: '/api/verify-email', service: 'identity' },
  { path: '/api/verify-email/resend', service: 'identity' },
  { path: '/api/logout', service: 'identity' },
  { path: '/api/session/refresh', service: 'identity' },
  { path: '/api/member-count', service: 'identity' },
  { path: '/api/creators', service: 'identity' },
  { path: '/api/creator-profile', service: 'identity' },
  { path: '/api/expert-applications', service: 'identity' },
  { path: '/api/waitlist/status', service: 'identity' },
  { path: '/api/admin/settings/*', service: 'identity' },
  { path: '/api/admin/users', service: 'identity' },
  { path: '/api/admin/users/*', service: 'identity' },
  { path: '/api/admin/creator-profiles', service: 'identity' },
  { path: '/api/admin/creator-profiles/*', service: 'identity' },
  { path: '/api/admin/expert-applications', service: 'identity' },
  { path: '/api/admin/expert-applications/*', service: 'identity' },
  // billing
  { path: '/api/create-subscription', service: 'billing' },
  { path: '/api/purchase-credits', service: 'billing' },
  { path: '/api/billing/*', service: 'billing' },
  // questions
  { path: '/api/questions', service: 'questions' },
  { path: '/api/questions/*', service: 'questions' },
  { path: '/api/categories', service: 'questions' },
  { path: '/api/tags', service: 'questions' },
  { path: '/api/my-questions', service: 'questions' },
  { path: '/api/my-questions/*', service: 'questions' },
  { path: '/api/creator/questions', service: 'questions' },
  { path: '/api/answers', service: 'questions' },
  { path: '/api/admin/categories', service: 'questions' },
  { path: '/api/admin/categories/*', service: 'questions' },
  { path: '/api/admin/tags', service: 'questions' },
  { path: '/api/admin/tags/*', service: 'questions' },
  // moderation
  { path: '/api/admin/questions/*', service: 'moderation' },
  // notifications
  { path: '/api/waitlist/join', service: 'notifications' },
  { path: '/api/newsletter/subscribe', service: 'notifications' },
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
