import {
  type AccountExport,
  BillingExport,
  IdentityExport,
  NotificationsExport,
  QuestionsExport,
} from '@uapqa/contracts';
import { HttpError, unauthorized } from '@uapqa/service-kit';
import type { Context } from 'hono';
import type { z } from 'zod';
import type { ServiceName } from '../route-table.js';
import { replyJson, replyOk, type Upstreams } from '../upstreams.js';

/** Where each service answers the caller's own part of the export. */
const PARTS = {
  identity: { path: '/api/account/profile', schema: IdentityExport },
  questions: { path: '/api/my-questions/export', schema: QuestionsExport },
  billing: { path: '/api/billing/export', schema: BillingExport },
  notifications: { path: '/api/notifications/export', schema: NotificationsExport },
} as const satisfies Partial<Record<ServiceName, { path: string; schema: z.ZodType }>>;

type PartName = keyof typeof PARTS;

/**
 * One service's part: its data, or — when the service is not deployed here — a part that says
 * so, so a reader of the file knows what is missing and why rather than finding it silently
 * absent. A deployed service that fails makes the whole export fail (503): a file that looks
 * complete but is not would mislead.
 */
async function part<N extends PartName>(c: Context, upstreams: Upstreams, name: N) {
  const upstream = upstreams[name];
  if (!upstream) {
    return {
      available: false as const,
      service: name,
      message: `The ${name} service is not deployed on this site, so it holds no data about you.`,
    };
  }
  const unavailable = () =>
    new HttpError(
      503,
      `Your data could not be gathered: the ${name} service did not answer. Please try again shortly.`,
      { service: name },
    );
  const replied = await upstream
    .call({
      method: 'GET',
      path: PARTS[name].path,
      headers: {
        authorization: `Bearer ${c.get('sessionToken') ?? ''}`,
        'x-request-id': c.get('requestId') ?? '',
      },
    })
    .catch((error: unknown) => {
      c.get('logger')?.warn({ err: error, service: name }, 'upstream failed');
      throw unavailable();
    });
  if (replied.status === 401) throw unauthorized();
  if (!replyOk(replied)) throw unavailable();
  const parsed = PARTS[name].schema.safeParse(replyJson(replied));
  if (!parsed.success) throw unavailable();
  return { available: true as const, data: parsed.data as z.infer<(typeof PARTS)[N]['schema']> };
}

/**
 * `GET /api/account/export`: everything the services hold of the signed-in member, as one JSON
 * file to download. Every service is asked at once; the file waits for the slowest.
 */
export async function composeAccountExport(c: Context, upstreams: Upstreams): Promise<Response> {
  const session = c.get('session');
  if (!session || !c.get('sessionToken')) throw unauthorized();
  const [identity, questions, billing, notifications] = await Promise.all([
    part(c, upstreams, 'identity'),
    part(c, upstreams, 'questions'),
    part(c, upstreams, 'billing'),
    part(c, upstreams, 'notifications'),
  ]);
  const exportedAt = new Date();
  const body: AccountExport = {
    exportedAt: exportedAt.toISOString(),
    userId: session.userId,
    identity,
    questions,
    billing,
    notifications,
  };
  const day = exportedAt.toISOString().slice(0, 10);
  // Someone's whole record: never kept by a browser or proxy cache.
  c.header('Cache-Control', 'no-store');
  c.header('Content-Disposition', `attachment; filename="uap-answers-my-data-${day}.json"`);
  return c.json(body);
}
