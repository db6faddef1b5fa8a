import { BillingAccount, type CurrentUser, IdentityUser } from '@uapqa/contracts';
import { HttpError } from '@uapqa/service-kit';
import type { Context } from 'hono';
import type { z } from 'zod';
import { forward } from '../forward.js';
import type { Upstreams } from '../upstreams.js';

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
  const fromIdentity = await forward(c, upstreams.identity, 'identity', trustProxy);
  if (!fromIdentity.ok) return fromIdentity;
  // HEAD: identity answered without a body, and the caller wants none either.
  if (c.req.method === 'HEAD') return fromIdentity;
  const user = IdentityUser.parse(await fromIdentity.json());
  const account = upstreams.billing ? await billingAccount(c, upstreams) : NO_BILLING;
  const composed: CurrentUser = { ...user, ...account };
  return c.json(composed);
}

async function billingAccount(c: Context, upstreams: Upstreams) {
  const billing = upstreams.billing!;
  const response = await billing
    .send({
      method: 'GET',
      path: '/api/billing/account',
      headers: {
        authorization: `Bearer ${c.get('sessionToken') ?? ''}`,
        'x-request-id': c.get('requestId') ?? '',
      },
    })
    .catch(() => null);
  const parsed = response?.ok ? BillingFields.safeParse(await response.json()) : null;
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
