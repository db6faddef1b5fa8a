import {
  AnswerBody,
  ApiError,
  ArchiveQuery,
  BillingAccount,
  BillingConfig,
  BillingHistory,
  BillingReceipt,
  BillingStats,
  BooleanSettingBody,
  ContactBody,
  ContactFailure,
  Creator,
  CreatorApplicationStatus,
  CreatorProfileApplication,
  CreatorProfileRecord,
  CurrentSession,
  CurrentUser,
  ExpertApplication,
  ExpertApplicationDecisionBody,
  ExpertApplicationRecord,
  ExpertApplicationsQuery,
  ExpertEarnings,
  FormAccepted,
  IdentityUser,
  LocalConfirmBody,
  LoginBody,
  MemberCount,
  ModerationItem,
  ModerationStats,
  ModerationStatusBody,
  MyQuestionsQuery,
  MyQuestionsSummary,
  MyWindowPlaces,
  NewsletterSubscribeBody,
  NotificationsStats,
  PaymentIdParam,
  PaymentStart,
  PendingQuestionsQuery,
  PurchaseCreditsBody,
  Question,
  QuestionIdParam,
  QuestionWindow,
  RegisterAccepted,
  RegisterBody,
  ResendVerificationBody,
  Role,
  RoleChangeBody,
  SitemapPage,
  SitemapQuery,
  SubmitQuestionBody,
  TaxonomyBody,
  TaxonomyItem,
  TaxonomyUsageItem,
  VerifyEmailBody,
  WaitlistJoinBody,
  WaitlistStatus,
} from '@uapqa/contracts';
import type { Hono } from 'hono';
import { z } from 'zod';
import {
  createDocument,
  type ZodOpenApiOperationObject,
  type ZodOpenApiPathsObject,
  type ZodOpenApiResponseObject,
} from 'zod-openapi';

/**
 * The OpenAPI 3.1 document of the public API (`GET /api/docs`), generated from the zod schemas of
 * packages/contracts with zod-openapi (which renders zod 4 schemas through zod's own JSON Schema
 * conversion: request bodies and queries as their input type, responses as their output type).
 *
 * Every path the gateway answers under /api is here: its own compositions and every route of the
 * services behind ROUTE_TABLE (test/openapi.test.ts fails when one is missing). A few bodies the
 * services build inline (acknowledgements, list queries) are described by small schemas below.
 */

type Access =
  | { kind: 'public' }
  | { kind: 'session' }
  | { kind: 'roles'; roles: ReadonlyArray<z.infer<typeof Role>> };

const PUBLIC: Access = { kind: 'public' };
const SESSION: Access = { kind: 'session' };
const roles = (...names: Array<z.infer<typeof Role>>): Access => ({ kind: 'roles', roles: names });

const json = (schema: z.ZodType) => ({ content: { 'application/json': { schema } } });

const ERROR_MEANING: Record<number, string> = {
  400: 'Invalid input: `message` says what, `field` names the field at fault.',
  401: 'Unauthorized: no valid session.',
  402: 'No FOIA credits left.',
  403: 'Forbidden: the role does not allow it, or a cross-site request.',
  404: 'Not found.',
  409: 'Conflict with the current state.',
  410: 'Gone: the link was used or has expired.',
  413: 'Request body larger than BODY_LIMIT_BYTES.',
  429: 'Too many requests (Retry-After says when to try again).',
  502: 'The owning service did not answer.',
  503: 'The owning service is not deployed or not available.',
};

interface Spec {
  summary: string;
  tag: string;
  access: Access;
  description?: string;
  body?: z.ZodType;
  query?: z.ZodObject;
  params?: z.ZodObject;
  /** Success answers by status. */
  ok: Record<string, ZodOpenApiResponseObject>;
  /** Error statuses beyond those implied (400 with a body or query, 401/403 with access, 429). */
  errors?: number[];
  /** Served by a service through the gateway (adds 502/503); false for the gateway's own routes. */
  forwarded?: boolean;
}

const answer = (schema: z.ZodType, description = 'OK'): ZodOpenApiResponseObject => ({
  description,
  ...json(schema),
});

function operation(spec: Spec): ZodOpenApiOperationObject {
  const statuses = new Set<number>(spec.errors ?? []);
  if (spec.body || spec.query) statuses.add(400);
  if (spec.access.kind !== 'public') statuses.add(401);
  if (spec.access.kind === 'roles') statuses.add(403);
  if (spec.body) statuses.add(413);
  statuses.add(429);
  if (spec.forwarded !== false) {
    statuses.add(502);
    statuses.add(503);
  }
  const responses: Record<string, ZodOpenApiResponseObject> = { ...spec.ok };
  for (const status of [...statuses].sort()) {
    if (!responses[status]) {
      responses[status] = answer(ApiError, ERROR_MEANING[status] ?? 'Error.');
    }
  }
  const who =
    spec.access.kind === 'roles'
      ? `Roles: ${spec.access.roles.join(', ')}.`
      : spec.access.kind === 'session'
        ? 'Needs a signed-in session.'
        : 'Public.';
  const requestParams =
    spec.query || spec.params
      ? {
          ...(spec.query ? { query: spec.query } : {}),
          ...(spec.params ? { path: spec.params } : {}),
        }
      : undefined;
  return {
    summary: spec.summary,
    description: spec.description ? `${spec.description}\n\n${who}` : who,
    tags: [spec.tag],
    ...(spec.access.kind === 'public' ? {} : { security: [{ session: [] }] }),
    ...(requestParams ? { requestParams } : {}),
    ...(spec.body ? { requestBody: { required: true, ...json(spec.body) } } : {}),
    responses,
  };
}

// Bodies the services and the gateway build inline, described here.
const Message = z.object({ message: z.string() });
const NumericId = z.object({ id: z.coerce.number().int().positive() });
const StringId = z.object({ id: z.string() });
const AdminUser = IdentityUser.extend({ createdAt: z.string() });
const UserListQuery = z.object({
  role: Role.optional(),
  search: z.string().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});
const ApplicationsQuery = z.object({ status: CreatorApplicationStatus.default('pending') });
// Stored forms as answered: the trimmed-or-null text fields (transforms on input) are plain here.
const nullableText = z.string().nullable();
const StoredCreatorProfile = CreatorProfileRecord.extend({
  website: nullableText,
  socialLinks: nullableText,
});
const SessionRenewed = z.object({ expiresAt: z.string() });
const QuestionStats = z.object({
  totalQuestions: z.number().int(),
  questionsAnswered: z.number().int(),
  questionsThisMonth: z.number().int(),
});
const CreatorWithWindow = Creator.extend({
  window: QuestionWindow.omit({ creatorId: true }).optional(),
});
const UpstreamState = z.enum(['ready', 'not ready', 'unreachable', 'not deployed']);
const Health = z.object({
  status: z.enum(['ok', 'degraded']),
  services: z.record(z.string(), UpstreamState),
});
const PlatformStats = z.object({
  members: z.number().int(),
  experts: z.number().int(),
  questionsAnswered: z.number().int(),
});
const AdminStats = z.object({
  activeSubscribers: z.number().int(),
  monthlyRevenue: z.number(),
  questionsThisMonth: z.number().int(),
  totalQuestions: z.number().int(),
  activeExperts: z.number().int(),
  awaitingReview: z.number().int(),
  decidedThisMonth: z.number().int(),
});
const LocalConfirmResult = z.object({
  status: z.enum(['succeeded', 'failed']),
  credits: z.number().int().optional(),
  error: z.object({ message: z.string() }).optional(),
});
const SettingChange = z.object({
  key: z.string(),
  value: z.string(),
  waitlistEnabled: z.boolean(),
});
const nextCursor = {
  headers: {
    'X-Next-Cursor': {
      description:
        'Opaque position of the next page (pass it back as `cursor`); absent at the end.',
      schema: { type: 'string' as const },
    },
  },
};

const totalCount = {
  headers: {
    'X-Total-Count': {
      description: 'How many match, in all pages.',
      schema: { type: 'string' as const },
    },
  },
};

/** Every operation, by OpenAPI path (`{param}` style) and method. */
const OPERATIONS: Record<string, Partial<Record<'get' | 'post' | 'patch' | 'delete', Spec>>> = {
  // The gateway's own routes.
  '/api/login': {
    get: {
      summary: 'Send a browser to the sign-in page',
      tag: 'gateway',
      access: PUBLIC,
      forwarded: false,
      ok: { 302: { description: 'Redirect to `/auth?tab=login`.' } },
    },
    post: {
      summary: 'Sign in',
      description:
        'Sets the `session` and `session_refresh` cookies. 403 when the password is right but the account has not confirmed its address yet.',
      tag: 'identity',
      access: PUBLIC,
      body: LoginBody,
      ok: { 200: answer(IdentityUser) },
      errors: [401, 403],
    },
  },
  '/api/user': {
    get: {
      summary: 'The signed-in user with subscription status and credits',
      tag: 'gateway',
      access: SESSION,
      forwarded: false,
      ok: { 200: answer(CurrentUser) },
      errors: [503],
    },
  },
  '/api/session': {
    get: {
      summary: 'Who is signed in on this browser, for pages: the user, or null for a visitor',
      description:
        'Unlike `/api/user`, a visitor or an ended session is an answer (`{ "user": null }`), not a 401.',
      tag: 'gateway',
      access: PUBLIC,
      forwarded: false,
      ok: { 200: answer(CurrentSession) },
      errors: [503],
    },
  },
  '/api/health': {
    get: {
      summary: 'Readiness of every service behind the gateway',
      tag: 'gateway',
      access: PUBLIC,
      forwarded: false,
      ok: { 200: answer(Health), 503: answer(Health, 'A deployed service is not ready.') },
    },
  },
  '/api/creators': {
    get: {
      summary: 'Approved experts, each with its current question window',
      tag: 'gateway',
      access: PUBLIC,
      ok: { 200: answer(z.array(CreatorWithWindow)) },
    },
  },
  '/api/platform-stats': {
    get: {
      summary: 'Public figures: members, experts, questions answered',
      tag: 'gateway',
      access: PUBLIC,
      forwarded: false,
      ok: { 200: answer(PlatformStats) },
      errors: [503],
    },
  },
  '/api/admin/stats': {
    get: {
      summary: 'Staff dashboard figures',
      tag: 'gateway',
      access: roles('admin', 'moderator'),
      forwarded: false,
      ok: { 200: answer(AdminStats) },
      errors: [503],
    },
  },
  '/api/docs': {
    get: {
      summary: 'This OpenAPI document',
      tag: 'gateway',
      access: PUBLIC,
      forwarded: false,
      ok: { 200: { description: 'OpenAPI 3.1 document (JSON).' } },
    },
  },
  '/api/docs.html': {
    get: {
      summary: 'This document as a plain HTML page',
      tag: 'gateway',
      access: PUBLIC,
      forwarded: false,
      ok: { 200: { description: 'HTML page.', content: { 'text/html': {} } } },
    },
  },
  // identity
  '/api/register': {
    post: {
      summary: 'Sign up: mails a link that confirms the address',
      description:
        'The same 202 and sentence whether the address is new (an unconfirmed account is created and the link mailed to it) or already has an account (its owner is told by email instead); no cookie either way. A taken username is a 400. Limited per client address (429). 403 while waitlist mode is on.',
      tag: 'identity',
      access: PUBLIC,
      body: RegisterBody,
      ok: { 202: answer(RegisterAccepted, 'Accepted; the link is on its way.') },
      errors: [403],
    },
  },
  '/api/verify-email': {
    post: {
      summary: 'Confirm an address with the token of its link, and sign in',
      description:
        'Sets the `session` and `session_refresh` cookies and answers the user. A link works once, for 24 hours: an unknown token is a 400, a used or expired one a 410, each with a sentence.',
      tag: 'identity',
      access: PUBLIC,
      body: VerifyEmailBody,
      ok: { 200: answer(IdentityUser, 'Confirmed and signed in.') },
      errors: [410],
    },
  },
  '/api/verify-email/resend': {
    post: {
      summary: 'Mail the confirmation link again',
      description:
        'By username or address. Always the same 202, whatever the account: a new link goes only to an account not confirmed yet, a few times an hour at most. Limited per client address (429).',
      tag: 'identity',
      access: PUBLIC,
      body: ResendVerificationBody,
      ok: { 202: answer(RegisterAccepted) },
    },
  },
  '/api/logout': {
    post: {
      summary: 'Sign out (revokes the session everywhere)',
      tag: 'identity',
      access: PUBLIC,
      ok: { 200: answer(Message) },
    },
  },
  '/api/session/refresh': {
    post: {
      summary: 'Trade the refresh cookie for a new session token',
      description:
        'Needs the `session_refresh` cookie (401 without a valid one). The new token and a new refresh secret come as cookies only; a refresh secret already traded, presented again after a 10-second grace, revokes the session.',
      tag: 'identity',
      access: PUBLIC,
      ok: { 200: answer(SessionRenewed) },
      errors: [401],
    },
  },
  '/api/member-count': {
    get: {
      summary: 'How many members there are',
      tag: 'identity',
      access: PUBLIC,
      ok: { 200: answer(MemberCount) },
    },
  },
  '/api/creator-profile': {
    get: {
      summary: "The caller's latest expert profile application (null when none)",
      tag: 'identity',
      access: SESSION,
      ok: { 200: answer(StoredCreatorProfile.nullable()) },
    },
    post: {
      summary: 'Apply to become an expert',
      tag: 'identity',
      access: SESSION,
      body: CreatorProfileApplication,
      ok: {
        201: answer(
          z.object({ id: z.number().int(), status: CreatorApplicationStatus, message: z.string() }),
        ),
      },
      errors: [409],
    },
  },
  '/api/expert-applications': {
    post: {
      summary: 'Send an expert application (public form)',
      tag: 'identity',
      access: PUBLIC,
      body: ExpertApplication,
      ok: { 201: answer(z.object({ id: z.number().int(), message: z.string() })) },
    },
  },
  '/api/waitlist/status': {
    get: {
      summary: 'Whether sign-ups go to the waitlist',
      tag: 'identity',
      access: PUBLIC,
      ok: { 200: answer(WaitlistStatus) },
    },
  },
  '/api/admin/settings/{key}': {
    post: {
      summary: 'Change a setting (only `waitlist_enabled` exists)',
      tag: 'identity',
      access: roles('admin'),
      params: z.object({ key: z.string() }),
      body: BooleanSettingBody,
      ok: { 200: answer(SettingChange) },
      errors: [404],
    },
  },
  '/api/admin/users': {
    get: {
      summary: 'List users',
      tag: 'identity',
      access: roles('admin'),
      query: UserListQuery,
      ok: { 200: answer(z.array(AdminUser)) },
    },
  },
  '/api/admin/users/{id}/role': {
    patch: {
      summary: "Change a user's role (ends that user's sessions)",
      tag: 'identity',
      access: roles('admin'),
      params: NumericId,
      body: RoleChangeBody,
      ok: { 200: answer(AdminUser) },
      errors: [404],
    },
  },
  '/api/admin/creator-profiles': {
    get: {
      summary: 'Expert profile applications by status',
      tag: 'identity',
      access: roles('admin'),
      query: ApplicationsQuery,
      ok: { 200: answer(z.array(StoredCreatorProfile)) },
    },
  },
  '/api/admin/creator-profiles/{id}/approve': {
    post: {
      summary: 'Approve an expert profile (the user becomes an expert)',
      tag: 'identity',
      access: roles('admin'),
      params: NumericId,
      ok: { 200: answer(StoredCreatorProfile) },
      errors: [404, 409],
    },
  },
  '/api/admin/creator-profiles/{id}/reject': {
    post: {
      summary: 'Reject an expert profile',
      tag: 'identity',
      access: roles('admin'),
      params: NumericId,
      ok: { 200: answer(StoredCreatorProfile.omit({ user: true })) },
      errors: [404, 409],
    },
  },
  '/api/admin/creator-profiles/{id}/delist': {
    post: {
      summary:
        'Take an approved expert off the lists members and staff choose from (their answers stay); their approved, unanswered questions are refunded',
      tag: 'identity',
      access: roles('admin'),
      params: NumericId,
      ok: { 200: answer(StoredCreatorProfile) },
      errors: [404, 409],
    },
  },
  '/api/admin/creator-profiles/{id}/relist': {
    post: {
      summary: 'List a delisted expert again (they must hold the expert role)',
      tag: 'identity',
      access: roles('admin'),
      params: NumericId,
      ok: { 200: answer(StoredCreatorProfile) },
      errors: [404, 409],
    },
  },
  '/api/admin/expert-applications': {
    get: {
      summary: 'Expert applications sent with the public form, newest first (at most 200)',
      tag: 'identity',
      access: roles('admin'),
      query: ExpertApplicationsQuery,
      ok: { 200: answer(z.array(ExpertApplicationRecord)) },
    },
  },
  '/api/admin/expert-applications/{id}/approve': {
    post: {
      summary:
        'Approve an expert application: records it and emails the applicant an invitation to create an account and complete an expert profile',
      tag: 'identity',
      access: roles('admin'),
      params: NumericId,
      body: ExpertApplicationDecisionBody,
      ok: { 200: answer(ExpertApplicationRecord) },
      errors: [404, 409],
    },
  },
  '/api/admin/expert-applications/{id}/decline': {
    post: {
      summary: 'Decline an expert application (the applicant is emailed, with the note)',
      tag: 'identity',
      access: roles('admin'),
      params: NumericId,
      body: ExpertApplicationDecisionBody,
      ok: { 200: answer(ExpertApplicationRecord) },
      errors: [404, 409],
    },
  },
  // billing
  '/api/create-subscription': {
    post: {
      summary: 'Start the subscription payment',
      tag: 'billing',
      access: SESSION,
      ok: {
        200: answer(PaymentStart, '`clientSecret` to confirm, or `error` when already subscribed.'),
      },
    },
  },
  '/api/purchase-credits': {
    post: {
      summary: 'Start a credit package payment',
      tag: 'billing',
      access: SESSION,
      body: PurchaseCreditsBody,
      ok: { 200: answer(PaymentStart) },
      errors: [403],
    },
  },
  '/api/billing/config': {
    get: {
      summary: 'Payment provider and its publishable key',
      tag: 'billing',
      access: PUBLIC,
      ok: { 200: answer(BillingConfig) },
    },
  },
  '/api/billing/account': {
    get: {
      summary: "The caller's subscription and credits",
      tag: 'billing',
      access: SESSION,
      ok: { 200: answer(BillingAccount) },
    },
  },
  '/api/billing/subscription/cancel': {
    post: {
      summary: 'Cancel the subscription at the end of the paid period',
      description:
        'It stays active until `currentPeriodEnd`, then lapses (the credits are frozen). Pressing it twice changes nothing.',
      tag: 'billing',
      access: SESSION,
      ok: { 200: answer(BillingAccount) },
      errors: [409],
    },
  },
  '/api/billing/subscription/resume': {
    post: {
      summary: 'Withdraw a cancellation before the period ends',
      tag: 'billing',
      access: SESSION,
      ok: { 200: answer(BillingAccount) },
      errors: [409],
    },
  },
  '/api/billing/payments': {
    get: {
      summary: "The caller's billing history: every paid payment, newest first",
      tag: 'billing',
      access: SESSION,
      ok: { 200: answer(BillingHistory) },
    },
  },
  '/api/billing/payments/{id}': {
    get: {
      summary: "The receipt of one of the caller's payments",
      tag: 'billing',
      access: SESSION,
      params: PaymentIdParam,
      ok: { 200: answer(BillingReceipt) },
      errors: [404],
    },
  },
  '/api/billing/earnings': {
    get: {
      summary: "The signed-in expert's earnings statement: totals, monthly periods, next payout",
      tag: 'billing',
      access: roles('expert'),
      ok: { 200: answer(ExpertEarnings) },
    },
  },
  '/api/billing/stats': {
    get: {
      summary: 'Subscribers and revenue this month',
      tag: 'billing',
      access: roles('admin', 'moderator'),
      ok: { 200: answer(BillingStats) },
    },
  },
  '/api/billing/webhook': {
    post: {
      summary: 'Stripe webhook (authenticated by the Stripe-Signature header)',
      tag: 'billing',
      access: PUBLIC,
      ok: { 200: answer(z.object({ received: z.literal(true), outcome: z.string() })) },
      errors: [400],
    },
  },
  '/api/billing/local/confirm': {
    post: {
      summary: 'Local payment provider: confirm or decline a pending payment',
      description: 'Mounted only when billing runs the local provider (no Stripe keys).',
      tag: 'billing',
      access: SESSION,
      body: LocalConfirmBody,
      ok: { 200: answer(LocalConfirmResult) },
      errors: [404],
    },
  },
  // questions
  '/api/questions': {
    get: {
      summary: 'The public archive of answered questions',
      description: 'Full answers for signed-in members, excerpts otherwise.',
      tag: 'questions',
      access: PUBLIC,
      query: ArchiveQuery,
      ok: { 200: { ...answer(z.array(Question)), ...nextCursor } },
    },
    post: {
      summary: 'Ask an expert (uses one FOIA credit)',
      tag: 'questions',
      access: SESSION,
      body: SubmitQuestionBody,
      ok: {
        201: answer(
          z.object({ id: z.string(), status: z.literal('pending'), message: z.string() }),
        ),
      },
      errors: [402, 403, 409],
    },
  },
  '/api/questions/windows': {
    get: {
      summary: "Every expert's current question window",
      tag: 'questions',
      access: PUBLIC,
      ok: { 200: answer(z.array(QuestionWindow)) },
    },
  },
  '/api/questions/stats': {
    get: {
      summary: 'Question counts',
      tag: 'questions',
      access: PUBLIC,
      ok: { 200: answer(QuestionStats) },
    },
  },
  '/api/questions/sitemap': {
    get: {
      summary: "Answered questions' ids and answer dates, oldest first (the sitemap's pages)",
      tag: 'questions',
      access: PUBLIC,
      query: SitemapQuery,
      ok: { 200: answer(SitemapPage) },
    },
  },
  '/api/questions/{id}': {
    get: {
      summary: 'One question',
      description:
        "An answered question for anyone (visitors get the answer's first 100 characters and `...`, signed-in callers all of it); any other question only for its asker, its assigned expert and staff, 404 for everyone else. Moderation notes only for those three.",
      tag: 'questions',
      access: PUBLIC,
      params: QuestionIdParam,
      ok: { 200: answer(Question) },
      errors: [404],
    },
  },
  '/api/my-questions': {
    get: {
      summary: "The caller's questions, latest first, a page at a time",
      description:
        'Every status, with moderation notes, the deadline (`dueAt`) and whether the credit was refunded. `status` keeps one status; `X-Total-Count` counts the matches.',
      tag: 'questions',
      access: SESSION,
      query: MyQuestionsQuery,
      ok: { 200: { ...answer(z.array(Question)), ...totalCount } },
    },
  },
  '/api/my-questions/summary': {
    get: {
      summary: 'How many questions the caller asked, in all and by status',
      tag: 'questions',
      access: SESSION,
      ok: { 200: answer(MyQuestionsSummary) },
    },
  },
  '/api/my-questions/places': {
    get: {
      summary: "The places the caller holds in each expert's current window",
      description:
        'One entry per expert the caller holds a place with this week (rejected questions give theirs back), with `limit`, the most one member may hold in one window.',
      tag: 'questions',
      access: SESSION,
      ok: { 200: answer(z.array(MyWindowPlaces)) },
    },
  },
  '/api/creator/questions': {
    get: {
      summary: 'Questions assigned to the expert',
      tag: 'questions',
      access: roles('expert'),
      ok: { 200: answer(z.array(Question)) },
    },
  },
  '/api/answers': {
    post: {
      summary: 'Answer an approved question',
      tag: 'questions',
      access: roles('expert'),
      body: AnswerBody,
      ok: {
        201: answer(
          z.object({
            questionId: z.string(),
            status: z.literal('answered'),
            answeredAt: z.string(),
          }),
        ),
      },
      errors: [404, 409],
    },
  },
  '/api/categories': {
    get: {
      summary: 'Categories',
      tag: 'questions',
      access: PUBLIC,
      ok: { 200: answer(z.array(TaxonomyItem)) },
    },
  },
  '/api/tags': {
    get: {
      summary: 'Tags',
      tag: 'questions',
      access: PUBLIC,
      ok: { 200: answer(z.array(TaxonomyItem)) },
    },
  },
  '/api/admin/categories': {
    get: {
      summary: 'Categories with how many questions use each',
      tag: 'questions',
      access: roles('admin'),
      ok: { 200: answer(z.array(TaxonomyUsageItem)) },
    },
    post: {
      summary: 'Create a category',
      tag: 'questions',
      access: roles('admin'),
      body: TaxonomyBody,
      ok: { 201: answer(TaxonomyItem) },
      errors: [409],
    },
  },
  '/api/admin/categories/{id}': {
    delete: {
      summary: 'Delete an unused category',
      tag: 'questions',
      access: roles('admin'),
      params: NumericId,
      ok: { 200: answer(TaxonomyItem) },
      errors: [404, 409],
    },
  },
  '/api/admin/tags': {
    get: {
      summary: 'Tags with how many questions carry each',
      tag: 'questions',
      access: roles('admin'),
      ok: { 200: answer(z.array(TaxonomyUsageItem)) },
    },
    post: {
      summary: 'Create a tag',
      tag: 'questions',
      access: roles('admin'),
      body: TaxonomyBody,
      ok: { 201: answer(TaxonomyItem) },
      errors: [409],
    },
  },
  '/api/admin/tags/{id}': {
    delete: {
      summary: 'Delete a tag (its questions lose it)',
      tag: 'questions',
      access: roles('admin'),
      params: NumericId,
      ok: { 200: answer(TaxonomyItem) },
      errors: [404],
    },
  },
  // moderation
  '/api/admin/questions/pending': {
    get: {
      summary: 'The review queue, oldest first',
      tag: 'moderation',
      access: roles('admin', 'moderator'),
      query: PendingQuestionsQuery,
      ok: { 200: { ...answer(z.array(ModerationItem)), ...nextCursor } },
    },
  },
  '/api/admin/questions/stats': {
    get: {
      summary: 'Review queue figures',
      tag: 'moderation',
      access: roles('admin', 'moderator'),
      ok: { 200: answer(ModerationStats) },
    },
  },
  '/api/admin/questions/{id}/status': {
    patch: {
      summary: 'Approve (assigning an expert) or reject a question',
      tag: 'moderation',
      access: roles('admin', 'moderator'),
      params: StringId,
      body: ModerationStatusBody,
      ok: { 200: answer(ModerationItem) },
      errors: [404, 409],
    },
  },
  // notifications
  '/api/waitlist/join': {
    post: {
      summary: 'Join the waitlist',
      tag: 'notifications',
      access: PUBLIC,
      body: WaitlistJoinBody,
      ok: { 200: answer(FormAccepted) },
    },
  },
  '/api/newsletter/subscribe': {
    post: {
      summary: 'Subscribe to the newsletter',
      tag: 'notifications',
      access: PUBLIC,
      body: NewsletterSubscribeBody,
      ok: { 200: answer(FormAccepted) },
    },
  },
  '/api/contact': {
    post: {
      summary: 'Send a message to the staff',
      tag: 'notifications',
      access: PUBLIC,
      body: ContactBody,
      ok: {
        201: answer(FormAccepted),
        400: answer(ContactFailure, 'Invalid input: `error` and `message` say what.'),
      },
    },
  },
  '/api/notifications/stats': {
    get: {
      summary: 'Waitlist, newsletter, contact and mail outbox figures',
      tag: 'notifications',
      access: roles('admin'),
      ok: { 200: answer(NotificationsStats) },
    },
  },
};

/** The OpenAPI paths with their methods: what the drift test compares with the routes. */
export function documentedOperations(): Array<{ method: string; path: string }> {
  return Object.entries(OPERATIONS).flatMap(([path, methods]) =>
    Object.keys(methods).map((method) => ({ method: method.toUpperCase(), path })),
  );
}

/** The document's type, as zod-openapi builds it. */
export type OpenApiDocument = ReturnType<typeof createDocument>;

function buildDocument(): OpenApiDocument {
  const paths: ZodOpenApiPathsObject = {};
  for (const [path, methods] of Object.entries(OPERATIONS)) {
    paths[path] = Object.fromEntries(
      Object.entries(methods).map(([method, spec]) => [method, operation(spec)]),
    );
  }
  return createDocument({
    openapi: '3.1.0',
    info: {
      title: 'UAP Answers API',
      version: '1.0.0',
      description:
        'The public API behind the gateway. Every error body is `{ message }` (plus `field` for ' +
        'validation errors). Signed-in requests carry the `session` cookie; state-changing ' +
        'requests from another site are refused (403).',
    },
    servers: [{ url: '/' }],
    tags: ['gateway', 'identity', 'billing', 'questions', 'moderation', 'notifications'].map(
      (name) => ({ name }),
    ),
    components: {
      securitySchemes: {
        session: {
          type: 'apiKey',
          in: 'cookie',
          name: 'session',
          description: 'The 15-minute session token set by login (renewed from `session_refresh`).',
        },
      },
      schemas: { ApiError, Question, ModerationItem, IdentityUser, CurrentUser, TaxonomyItem },
    },
    paths,
  });
}

let cached: OpenApiDocument | undefined;

/** The document, built once per process. */
export function openApiDocument(): OpenApiDocument {
  cached ??= buildDocument();
  return cached;
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  );

/** A plain page listing the operations, with each one's JSON; no script, nothing from a CDN. */
function renderHtml(): string {
  const document = openApiDocument();
  const sections = Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
    Object.entries(item as Record<string, { summary?: string; description?: string }>).map(
      ([method, op]) =>
        `<details><summary><code class="m">${method.toUpperCase()}</code> <code>${escapeHtml(path)}</code> ${escapeHtml(op.summary ?? '')}</summary><pre>${escapeHtml(JSON.stringify(op, null, 2))}</pre></details>`,
    ),
  );
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(document.info.title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}
details{border-bottom:1px solid #ddd;padding:.4rem 0}code.m{display:inline-block;min-width:4.5rem;font-weight:bold}
pre{background:#f6f6f6;padding:.8rem;overflow:auto;font-size:.85rem}</style></head>
<body><h1>${escapeHtml(document.info.title)} ${escapeHtml(document.info.version)}</h1>
<p>OpenAPI 3.1 document: <a href="/api/docs">/api/docs</a> (JSON). Components: see the JSON.</p>
${sections.join('\n')}
</body></html>`;
}

/** `GET /api/docs` (the OpenAPI JSON) and `GET /api/docs.html` (a plain viewer). */
export function mountApiDocs(app: Hono): void {
  app.get('/api/docs', (c) => c.json(openApiDocument()));
  app.get('/api/docs.html', (c) => c.html(renderHtml()));
}
