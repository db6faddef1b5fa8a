import { BillingAccount, type CurrentUser, IdentityUser } from '@uapqa/contracts';
import { HttpError } from '@uapqa/service-kit';
import type { Context } from 'hono';
import type { z } from 'zod';
import { forwardCall } from '../forward.js';
import { answerJson, answerOk, answerResponse, type Upstreams } from '../upstreams.js';

/** What billing says of a member (`GET /api/billing/account` with the member's session). */
const BillingFields = BillingAccount.pick({ subscriptionStatus: true, foiaCredits: true });

const NO_BILLING: z.infer<typeof BillingFields> = {
  subscriptionStatus: 'inactive',
  foiaCredits: 0,
};

/**
 * `GET /api/user`: who the member is (identity) joined with their subscription and credits
 * (billing). Until billing is deployed every member is inactive with no credits.
 */
export async function composeUser(
  c: Context,
  upstreams: Upstreams,
  trustProxy: boolean,
): Promise<Response> {
  const fromIdentity = await forwardCall(c, upstreams.identity, 'identity', trustProxy);
  // HEAD: identity answered without a body, and the caller wants none either.
  if (!answerOk(fromIdentity) || c.req.method === 'HEAD') {
    return answerResponse(fromIdentity, c.req.method);
  }
  const user = IdentityUser.parse(answerJson(fromIdentity));
  const account = upstreams.billing ? await billingAccount(c, upstreams) : NO_BILLING;
  const composed: CurrentUser = { ...user, ...account };
  return c.json(composed);
}

async function billingAccount(c: Context, upstreams: Upstreams) {
  const billing = upstreams.billing!;
  const answer = await billing
    .call({
      method: 'GET',
      path: '/api/billing/account',
      headers: {
        authorization: `Bearer ${c.get('sessionToken') ?? ''}`,
        'x-request-id': c.get('requestId') ?? '',
      },
    })
    .catch(() => null);
  const parsed = answer && answerOk(answer) ? BillingFields.safeParse(answerJson(answer)) : null;
  if (!parsed?.success) {
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
