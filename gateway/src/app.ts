import {
  AccountExport,
  AdminStats,
  CurrentSession,
  CurrentUser,
  ExpertWithWindow,
  Health,
  PlatformStats,
  TaxonomyItem,
} from '@uapqa/contracts';
import {
  apiDoc,
  clientIp,
  createServiceApp,
  type Logger,
  PUBLIC,
  type RateLimitStore,
  rateLimit,
  requireRole,
  response,
  roles,
  SESSION,
  type SessionVerifier,
} from '@uapqa/service-kit';
import type { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import { mountApiDocs } from './api-docs/serve.js';
import { composeAccountExport } from './compose/account-export.js';
import { mountExpertPage } from './compose/expert-page.js';
import { composeExperts } from './compose/experts.js';
import { composeHealth } from './compose/health.js';
import { composeAdminStats, composePlatformStats } from './compose/stats.js';
import { composeSession, composeUser } from './compose/user.js';
import type { GatewayConfig } from './config.js';
import { csrfGuard } from './csrf.js';
import { forward } from './forward.js';
import { jsonBodyGuard } from './json-body.js';
import { metricsGuard } from './metrics.js';
import { expertHead } from './pages/expert-head.js';
import { mountFeed } from './pages/feed.js';
import { questionHead } from './pages/question-head.js';
import { mountRobots } from './pages/robots.js';
import { sitePageHeads } from './pages/site-heads.js';
import { mountSitemap } from './pages/sitemap.js';
import { personalNoStore } from './personal-no-store.js';
import { type PublicLists, publicLists } from './public-lists.js';
import { ROUTE_TABLE } from './route-table.js';
import { securityHeaders } from './security-headers.js';
import { gatewaySession } from './session.js';
import { mountFrontends } from './static.js';
import type { Upstreams } from './upstreams.js';

export interface GatewayDeps {
  config: GatewayConfig;
  logger: Logger;
  upstreams: Upstreams;
  verifier: SessionVerifier;
  readiness?: Record<string, () => Promise<boolean>>;
  /** The public lists' memory, renewed from the bus; without it every read asks the services. */
  lists?: PublicLists;
  /** Where the per-address API limit counts; this process's memory when absent. */
  rateLimits?: RateLimitStore;
}

/**
 * Webhooks authenticate by signature, not by cookie, come from the provider's servers, and read
 * their body as sent (the signature covers its exact bytes).
 */
const WEBHOOKS = ['/api/billing/webhook'];

/**
 * The one-click unsubscribe link of an email (RFC 8058): the recipient's mail client or mail
 * provider POSTs `List-Unsubscribe=One-Click`, form-encoded, with no cookie and no CSRF token,
 * from wherever it runs (a webmail may send its own Origin). The signed token in the link is the
 * credential and all it can do is switch one kind of email off, so neither the cross-site guard
 * nor the JSON-only rule applies to this one path.
 */
const ONE_CLICK_UNSUBSCRIBE = '/api/unsubscribe';

export function buildGatewayApp(deps: GatewayDeps): Hono {
  const { config, upstreams } = deps;
  const lists = deps.lists ?? publicLists(0);
  const trustProxy = config.TRUST_PROXY;
  const app = createServiceApp({
    name: 'gateway',
    logger: deps.logger,
    readiness: deps.readiness ?? {},
    metricsGuard: metricsGuard({ token: config.METRICS_TOKEN, trustProxy }),
    first: [securityHeaders(config)],
  });

  const limitBody = bodyLimit({
    maxSize: config.BODY_LIMIT_BYTES,
    onError: (c) =>
      c.json({ message: `Request body is larger than ${config.BODY_LIMIT_BYTES} bytes.` }, 413),
  });
  // A GET or HEAD body is never read nor forwarded; checking it would build a full WHATWG
  // Request for every read of the API.
  app.use('/api/*', (c, next) =>
    c.req.method === 'GET' || c.req.method === 'HEAD' ? next() : limitBody(c, next),
  );
  if (config.RATE_LIMIT_PER_MINUTE > 0) {
    app.use(
      '/api/*',
      rateLimit({
        store: deps.rateLimits,
        name: 'gateway:api-per-ip',
        points: config.RATE_LIMIT_PER_MINUTE,
        durationSeconds: 60,
        key: (c) => clientIp(c, trustProxy),
        message: 'Too many requests from your address. Please slow down and try again shortly.',
      }),
    );
  }
  app.use(
    '/api/*',
    csrfGuard({
      allowedOrigins: config.ALLOWED_ORIGINS,
      trustProxy,
      exempt: [...WEBHOOKS, ONE_CLICK_UNSUBSCRIBE],
    }),
  );
  app.use('/api/*', jsonBodyGuard({ exempt: [...WEBHOOKS, ONE_CLICK_UNSUBSCRIBE] }));
  // Outside the session middleware, so it sees the renewed cookies that middleware adds.
  app.use('/api/*', personalNoStore);
  app.use('/api/*', gatewaySession(deps.verifier, upstreams.identity));
  app.use('/api/*', lists.renewAfterWrites);

  // Old links and bookmarks to the login path land on the sign-in tab.
  app.get(
    '/api/login',
    apiDoc({
      operationId: 'openSignInPage',
      summary: 'Send a browser to the sign-in page',
      tag: 'gateway',
      access: PUBLIC,
      ok: { 302: { description: 'Redirect to `/auth?tab=login`.' } },
    }),
    (c) => c.redirect('/auth?tab=login', 302),
  );
  mountApiDocs(app, upstreams); // GET /api/docs (OpenAPI 3.1 JSON) and /api/docs.html
  app.get(
    '/api/user',
    apiDoc({
      operationId: 'getCurrentUser',
      summary: 'The signed-in user with subscription status and credits',
      tag: 'gateway',
      access: SESSION,
      ok: { 200: response(CurrentUser) },
      errors: [503],
    }),
    (c) => composeUser(c, upstreams, trustProxy),
  );
  app.get(
    '/api/session',
    apiDoc({
      operationId: 'getSession',
      summary: 'Who is signed in on this browser, for pages: the user, or null for a visitor',
      description:
        'Unlike `/api/user`, a visitor or an ended session is an answer (`{ "user": null }`), not a 401.',
      tag: 'gateway',
      access: PUBLIC,
      ok: { 200: response(CurrentSession) },
      errors: [503],
    }),
    (c) => composeSession(c, upstreams),
  );
  app.get(
    '/api/account/export',
    apiDoc({
      operationId: 'exportAccountData',
      summary: 'Download everything the site holds of the signed-in member, as one JSON file',
      description:
        'Each service gives its own part: `identity` (the account, sign-ins, expert profile), `questions` (questions asked with the answers received, answers given), `billing` (subscription, credit ledger, payments) and `notifications` (emails sent). A service not deployed here is a part with `available: false` and a sentence; a deployed one that fails makes the export a 503. Sent as an attachment, never cached.',
      tag: 'gateway',
      access: SESSION,
      ok: { 200: response(AccountExport, 'The file (`Content-Disposition: attachment`).') },
      errors: [503],
    }),
    (c) => composeAccountExport(c, upstreams),
  );
  app.get(
    '/api/health',
    apiDoc({
      operationId: 'getHealth',
      summary: 'Readiness of every service behind the gateway',
      tag: 'gateway',
      access: PUBLIC,
      ok: { 200: response(Health), 503: response(Health, 'A deployed service is not ready.') },
    }),
    (c) => composeHealth(c, upstreams),
  );
  app.get(
    '/api/creators',
    apiDoc({
      operationId: 'listCreators',
      summary: 'Approved experts, each with its current question window',
      tag: 'gateway',
      access: PUBLIC,
      ok: { 200: response(z.array(ExpertWithWindow)) },
    }),
    (c) => lists.serve(c, 'experts', () => composeExperts(c, upstreams, trustProxy)),
  );
  app.get(
    '/api/categories',
    apiDoc({
      operationId: 'listCategories',
      summary: 'Categories',
      tag: 'questions',
      access: PUBLIC,
      ok: { 200: response(z.array(TaxonomyItem)) },
    }),
    (c) =>
      lists.serve(c, 'categories', () => forward(c, upstreams.questions, 'questions', trustProxy)),
  );
  app.get(
    '/api/tags',
    apiDoc({
      operationId: 'listTags',
      summary: 'Tags',
      tag: 'questions',
      access: PUBLIC,
      ok: { 200: response(z.array(TaxonomyItem)) },
    }),
    (c) => lists.serve(c, 'tags', () => forward(c, upstreams.questions, 'questions', trustProxy)),
  );
  app.get(
    '/api/platform-stats',
    apiDoc({
      operationId: 'getPlatformStats',
      summary: 'Public figures: members, experts, questions answered',
      tag: 'gateway',
      access: PUBLIC,
      ok: { 200: response(PlatformStats) },
      errors: [503],
    }),
    (c) => composePlatformStats(c, upstreams),
  );
  app.get(
    '/api/admin/stats',
    apiDoc({
      operationId: 'getAdminStats',
      summary: 'Staff dashboard figures',
      tag: 'gateway',
      access: roles('admin', 'moderator'),
      ok: { 200: response(AdminStats) },
      errors: [503],
    }),
    requireRole('admin', 'moderator'),
    (c) => composeAdminStats(c, upstreams),
  );
  mountExpertPage(app, upstreams, trustProxy);
  for (const { path, service } of ROUTE_TABLE) {
    app.all(path, (c) => forward(c, upstreams[service], service, trustProxy));
  }
  app.all('/api/*', (c) =>
    c.json({ message: `No API route for ${c.req.method} ${c.req.path}.` }, 404),
  );

  mountRobots(app, { publicUrl: config.PUBLIC_URL });
  mountSitemap(app, upstreams, {
    publicUrl: config.PUBLIC_URL,
    pageSize: config.SITEMAP_PAGE_SIZE,
  });
  mountFeed(app, upstreams, { publicUrl: config.PUBLIC_URL });
  const { unreachableRemotes } = mountFrontends(
    app,
    config.FRONTENDS_DIR,
    {
      members: config.REMOTE_MEMBERS_URL,
      experts: config.REMOTE_EXPERTS_URL,
      staff: config.REMOTE_STAFF_URL,
    },
    {
      ...sitePageHeads(config.PUBLIC_URL),
      '/questions/:id': (c) => questionHead(c, upstreams, config.PUBLIC_URL),
      '/experts/:handle': (c) => expertHead(c, upstreams, config.PUBLIC_URL),
    },
  );
  for (const remote of unreachableRemotes) {
    deps.logger.warn(
      { remote },
      `The ${remote} remote is neither built under FRONTENDS_DIR nor given by REMOTE_${remote.toUpperCase()}_URL: its pages cannot load`,
    );
  }
  return app;
}
