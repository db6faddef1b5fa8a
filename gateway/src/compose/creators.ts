import type { QuestionWindow } from '@uapqa/contracts';
import type { Context } from 'hono';
import { forward } from '../forward.js';
import type { Upstreams } from '../upstreams.js';

async function fetchJson<T>(
  c: Context,
  upstreams: Upstreams,
  name: 'questions' | 'identity',
  path: string,
) {
  const upstream = upstreams[name];
  if (!upstream) return null;
  const response = await upstream
    .fetch(
      new Request(`${upstream.baseUrl}${path}`, {
        headers: { 'x-request-id': c.get('requestId') ?? '' },
      }),
    )
    .catch(() => null);
  return response?.ok ? ((await response.json()) as T) : null;
}

/**
 * `GET /api/creators`: identity's approved creators, each with its current question window
 * from questions. Without questions (or if it fails) the creators still come, without windows.
 */
export async function composeCreators(
  c: Context,
  upstreams: Upstreams,
  trustProxy: boolean,
): Promise<Response> {
  const fromIdentity = await forward(c, upstreams.identity, 'identity', trustProxy);
  if (!fromIdentity.ok) return fromIdentity;
  const creators = (await fromIdentity.json()) as Array<{ userId: number }>;
  const windows = await fetchJson<QuestionWindow[]>(
    c,
    upstreams,
    'questions',
    '/api/questions/windows',
  );
  const byExpert = new Map((windows ?? []).map((window) => [window.creatorId, window]));
  return c.json(
    creators.map((creator) => {
      const window = byExpert.get(creator.userId);
      return window
        ? {
            ...creator,
            window: {
              opensAt: window.opensAt,
              closesAt: window.closesAt,
              capacity: window.capacity,
              remaining: window.remaining,
            },
          }
        : creator;
    }),
  );
}

/** `GET /api/platform-stats`: `{ members, experts, questionsAnswered }`. */
export async function composePlatformStats(c: Context, upstreams: Upstreams): Promise<Response> {
  const [members, creators, questions] = await Promise.all([
    fetchJson<{ count: number }>(c, upstreams, 'identity', '/api/member-count'),
    fetchJson<unknown[]>(c, upstreams, 'identity', '/api/creators'),
    fetchJson<{ questionsAnswered: number }>(c, upstreams, 'questions', '/api/questions/stats'),
  ]);
  if (!members || !creators || !questions) {
    return c.json(
      { message: 'Platform figures are unavailable right now. Please try again shortly.' },
      503,
    );
  }
  return c.json({
    members: members.count,
    experts: creators.length,
    questionsAnswered: questions.questionsAnswered,
  });
}
