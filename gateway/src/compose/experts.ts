import type { QuestionWindow } from '@uapqa/contracts';
import type { Context } from 'hono';
import { forwardCall, forwardedResponse } from '../forward.js';
import { replyJson, replyOk, type Upstreams } from '../upstreams.js';
import { upstreamJson } from './upstream-json.js';

/**
 * `GET /api/creators`: identity's approved experts, each with its current question window
 * from questions. Without questions (or if it fails) the experts still come, without windows.
 * Both services are asked at once: the page waits for the slower, not for the sum.
 */
export async function composeExperts(
  c: Context,
  upstreams: Upstreams,
  trustProxy: boolean,
): Promise<Response> {
  // HEAD: identity answers without a body, and the caller wants none either.
  const askedWindows =
    c.req.method === 'HEAD'
      ? Promise.resolve(null)
      : upstreamJson<QuestionWindow[]>(c, upstreams, 'questions', '/api/questions/windows');
  const fromIdentity = await forwardCall(c, upstreams.identity, 'identity', trustProxy);
  if (!replyOk(fromIdentity) || c.req.method === 'HEAD') {
    return forwardedResponse(c, fromIdentity);
  }
  const experts = replyJson<Array<{ userId: number }>>(fromIdentity);
  const windows = await askedWindows;
  const byExpert = new Map((windows ?? []).map((window) => [window.creatorId, window]));
  // An expert without a window: questions failed, or has not yet taken in the approval. The
  // list is right for now but must not be kept (by the gateway's memory or anyone else's).
  if (!experts.every((expert) => byExpert.has(expert.userId))) {
    c.header('Cache-Control', 'no-store');
  }
  return c.json(
    experts.map((expert) => {
      const window = byExpert.get(expert.userId);
      return window
        ? {
            ...expert,
            window: {
              opensAt: window.opensAt,
              closesAt: window.closesAt,
              capacity: window.capacity,
              remaining: window.remaining,
            },
          }
        : expert;
    }),
  );
}
