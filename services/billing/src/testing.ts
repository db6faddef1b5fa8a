import { serviceForTests } from '@uapqa/service-kit/testing';
import { billingService } from './descriptor.js';

/** Billing (local payments unless `env` says otherwise), as integration stacks start it. */
export function billingForTests(env: Record<string, string> = {}) {
  return serviceForTests(billingService, env);
}

interface Sender {
  post(path: string, body?: unknown): Promise<Response>;
}

/**
 * Pays as a member does with the local provider: starts the payment at `path` (a subscription,
 * a credit pack), then confirms it succeeded. Throws if the confirmation is refused.
 */
export async function payLocally(
  browser: Sender,
  path: '/api/create-subscription' | '/api/purchase-credits',
  body: unknown = {},
): Promise<void> {
  const started = await browser.post(path, body);
  const { clientSecret } = (await started.json()) as { clientSecret: string };
  const confirmed = await browser.post('/api/billing/local/confirm', {
    clientSecret,
    outcome: 'succeeded',
  });
  if (confirmed.status !== 200) {
    throw new Error(`confirm ${path}: ${confirmed.status} ${await confirmed.text()}`);
  }
}
