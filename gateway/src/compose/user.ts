import { BillingAccount, type CurrentUser, IdentityUser } from '@uapqa/contracts';
import { HttpError } from '@uapqa/service-kit';
import type { Context } from 'hono';
import type { z } from 'zod';
import { forwardCall, forwardedResponse, notDeployed } from '../forward.js';
import { replyJson, replyOk, type Upstreams } from '../upstreams.js';
import { upstreamJson } from './upstream-json.js';

/** What billing says of a member (`GET /api/billing/account` with the member's session). */
const BillingFields = BillingAccount.pick({ subscriptionStatus: true, foiaCredits: true });

const NO_BILLING: z.infer<typeof BillingFields> = {
  subscriptionStatus: 'inactive',
  foiaCredits: 0,
};

/**
 * `GET /api/user`: who the member is (identity) joined with their subscription and credits
 * (billing). Until billing is deployed every member is inactive with no credits. With a session,
 * both services are asked at once: the page waits for the slower, not for the sum.
 */
export async function composeUser(
  c: Context,
  upstreams: Upstreams,
  trustProxy: boolean,
): Promise<Response> {
  // HEAD: identity answers without a body, and the caller wants none either.
  const wanted = c.req.method !== 'HEAD' && upstreams.billing !== undefined;
  const askedBilling = wanted && c.get('sessionToken') ? billingAnswer(c, upstreams) : null;
  const fromIdentity = await forwardCall(c, upstreams.identity, 'identity', trustProxy);
  if (!replyOk(fromIdentity) || c.req.method === 'HEAD') {
    return forwardedResponse(c, fromIdentity);
  }
  const user = IdentityUser.parse(replyJson(fromIdentity));
  const account = wanted
    ? billingFields(await (askedBilling ?? billingAnswer(c, upstreams)))
    : NO_BILLING;
  const composed: CurrentUser = { ...user, ...account };
  // Someone's own balance and subscription: no browser or proxy cache may keep it.
  c.header('Cache-Control', 'no-store');
  return c.json(composed);
}

/**
 * `GET /api/session`: the page's own question "who is signed in here?", answered 200 for
 * everyone: `{ user }` as `/api/user` composes it, or `{ user: null }` for a visitor or an
 * ended session. A visitor is an expected answer, not an error, so a page that asks on every
 * load logs none; `/api/user` keeps its 401 for API clients.
 */
export async function composeSession(c: Context, upstreams: Upstreams): Promise<Response> {
  // Whoever is signed in depends on the cookies: no cache may keep either answer.
  c.header('Cache-Control', 'no-store');
  // No live session (none presented, or not renewable): identity would only say 401.
  if (!c.get('sessionToken')) return c.json({ user: null });
  const identity = upstreams.identity;
  if (!identity) throw notDeployed('identity');
  const askedBilling = upstreams.billing ? billingAnswer(c, upstreams) : null;
  const fromIdentity = await identity
    .call({
      method: 'GET',
      path: '/api/user',
      headers: {
        authorization: `Bearer ${c.get('sessionToken')}`,
        'x-request-id': c.get('requestId') ?? '',
      },
    })
    .catch((error: unknown) => {
      c.get('logger')?.warn({ err: error, service: 'identity' }, 'upstream failed');
      throw new HttpError(502, 'The identity service did not answer. Please try again.', {
        service: 'identity',
      });
    });
  // A token still verifiable here whose session or account identity has ended.
  if (fromIdentity.status === 401) return c.json({ user: null });
  if (!replyOk(fromIdentity)) return forwardedResponse(c, fromIdentity, 'GET');
  const user = IdentityUser.parse(replyJson(fromIdentity));
  const account = askedBilling ? billingFields(await askedBilling) : NO_BILLING;
  const composed: CurrentUser = { ...user, ...account };
  return c.json({ user: composed });
}

/** Billing's account of the caller, or null when billing is not deployed or did not answer. */
function billingAnswer(c: Context, upstreams: Upstreams): Promise<unknown> {
  return upstreamJson(c, upstreams, 'billing', '/api/billing/account', {
    withSession: true,
    waitForIt: true,
  });
}

function billingFields(account: unknown) {
  const parsed = BillingFields.safeParse(account);
  if (!parsed.success) {
    // Showing a paying member zero credits would be wrong: say billing is unavailable instead.
    throw new HttpError(
      503,
      'Your account balance is unavailable right now. Please try again shortly.',
      {
        service: 'billing',
      },
    );
  }
  return parsed.data;
}
