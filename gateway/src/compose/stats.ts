import { HttpError } from '@uapqa/service-kit';
import type { Context } from 'hono';
import type { ServiceName } from '../route-table.js';
import type { Upstreams } from '../upstreams.js';
import { upstreamJson } from './upstream-json.js';

interface Source {
  service: ServiceName;
  path: string;
  withSession?: boolean;
}

/**
 * Asks every source at once. If any is not deployed, fails or is too slow, the answer is a 503
 * naming those services: staff figures with a hole in them would read as zeros.
 */
async function collect<K extends string>(
  c: Context,
  upstreams: Upstreams,
  sources: Record<K, Source>,
): Promise<Record<K, Record<string, unknown>>> {
  const keys = Object.keys(sources) as K[];
  const answers = await Promise.all(
    keys.map((key) => {
      const { service, path, withSession } = sources[key];
      return upstreamJson<Record<string, unknown>>(c, upstreams, service, path, { withSession });
    }),
  );
  const missing = [
    ...new Set(keys.filter((_, index) => answers[index] === null).map((k) => sources[k].service)),
  ];
  if (missing.length > 0) {
    throw new HttpError(
      503,
      `These figures need the ${missing.join(', ')} service(s), which did not answer. Please try again shortly.`,
      { services: missing },
    );
  }
  return Object.fromEntries(keys.map((key, index) => [key, answers[index]])) as Record<
    K,
    Record<string, unknown>
  >;
}

/** `GET /api/platform-stats`: `{ members, experts, questionsAnswered }`. */
export async function composePlatformStats(c: Context, upstreams: Upstreams): Promise<Response> {
  const { members, experts, questions } = await collect(c, upstreams, {
    members: { service: 'identity', path: '/api/member-count' },
    experts: { service: 'identity', path: '/api/creators' },
    questions: { service: 'questions', path: '/api/questions/stats' },
  });
  return c.json({
    members: members.count,
    experts: (experts as unknown as unknown[]).length,
    questionsAnswered: questions.questionsAnswered,
  });
}

/**
 * `GET /api/admin/stats` (staff): the admin dashboard's five figures, plus the review queue's two for the
 * moderator dashboard, each from the service that owns it, asked in parallel. Revenue is not
 * for experts: their dashboard reads its own figures (earnings from billing, questions from
 * questions), so this stays staff-only: monthly revenue is not an expert's business.
 */
export async function composeAdminStats(c: Context, upstreams: Upstreams): Promise<Response> {
  const { billing, questions, experts, moderation } = await collect(c, upstreams, {
    billing: { service: 'billing', path: '/api/billing/stats', withSession: true },
    questions: { service: 'questions', path: '/api/questions/stats' },
    experts: { service: 'identity', path: '/api/creators' },
    moderation: { service: 'moderation', path: '/api/admin/questions/stats', withSession: true },
  });
  return c.json({
    activeSubscribers: billing.activeSubscribers,
    monthlyRevenue: billing.monthlyRevenue,
    questionsThisMonth: questions.questionsThisMonth,
    totalQuestions: questions.totalQuestions,
    activeExperts: (experts as unknown as unknown[]).length,
    awaitingReview: moderation.awaitingReview,
    decidedThisMonth: moderation.decidedThisMonth,
  });
}
