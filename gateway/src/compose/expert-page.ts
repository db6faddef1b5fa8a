import {
  ExpertHandleParam,
  ExpertPage,
  type ExpertProfile,
  type ExpertRecord,
  MIN_RATINGS_SHOWN,
} from '@uapqa/contracts';
import { apiDoc, HttpError, PUBLIC, response } from '@uapqa/service-kit';
import type { Context, Hono } from 'hono';
import { forwardCall, forwardedResponse } from '../forward.js';
import { replyJson, replyOk, type Upstreams } from '../upstreams.js';
import { upstreamJson } from './upstream-json.js';

/**
 * `GET /api/experts/<handle>`: identity's profile of the expert (its 404 for anyone else, as
 * identity words it), then questions' record of their answers, asked by the user id the
 * profile gives. The record is half of what the page says of them: without it the answer is a
 * 503, not a profile with "0 answers" that would read as a fact.
 */
export async function composeExpertPage(
  c: Context,
  upstreams: Upstreams,
  trustProxy: boolean,
): Promise<Response> {
  const fromIdentity = await forwardCall(c, upstreams.identity, 'identity', trustProxy);
  // HEAD: identity answers without a body, and the caller wants none either.
  if (!replyOk(fromIdentity) || c.req.method === 'HEAD') {
    return forwardedResponse(c, fromIdentity);
  }
  const profile = replyJson<ExpertProfile>(fromIdentity);
  const record = await upstreamJson<ExpertRecord>(
    c,
    upstreams,
    'questions',
    `/api/questions/experts/${profile.userId}`,
  );
  if (!record) {
    throw new HttpError(
      503,
      "This expert's answers and rating come from the questions service, which did not answer. Please try again shortly.",
      { services: ['questions'] },
    );
  }
  return c.json({ ...profile, ...record });
}

/** Mounts `GET /api/experts/<handle>` (see composeExpertPage). */
export function mountExpertPage(app: Hono, upstreams: Upstreams, trustProxy: boolean): void {
  app.get(
    '/api/experts/:handle',
    apiDoc({
      operationId: 'getExpertPage',
      summary: "An expert's public page: profile, answers answered, rating and topics",
      description: `The handle is the expert's username, in any case. A handle no one has, or anyone not an approved expert, is a 404. A delisted expert is found with \`listed: false\` (their answers stay public; they take no questions). \`rating\` is null until ${MIN_RATINGS_SHOWN} answers are rated. Their answered questions are \`GET /api/questions?creatorId=<userId>\`.`,
      tag: 'gateway',
      access: PUBLIC,
      params: ExpertHandleParam,
      ok: { 200: response(ExpertPage) },
      errors: [404, 503],
    }),
    (c) => composeExpertPage(c, upstreams, trustProxy),
  );
}
