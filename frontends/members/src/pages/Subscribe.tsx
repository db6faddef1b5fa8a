// First: zod must be told before any schema is built (see the module).
import '../lib/page-start';
import type { BillingAccount, BillingConfig } from '@uapqa/contracts';
import { Grid, getJson, PageHeading, useSession } from '@uapqa/ui';
import { useSearchParams } from '@uapqa/ui/router';
import useSWR from 'swr';
import { AccountStatus } from '../lib/billing/AccountStatus';
import { BillingHistory } from '../lib/billing/BillingHistory';
import { PlanCard } from '../lib/billing/PlanCard';
import { PLANS } from '../lib/billing/plans';
import { usePurchase } from '../lib/billing/purchase';
import { Receipt } from '../lib/billing/Receipt';
import { SubscriptionManager } from '../lib/billing/SubscriptionManager';
import { SignInRequired } from '../lib/sign-in-required';

export default function Subscribe() {
  const user = useSession((state) => state.user);
  const { data: config } = useSWR<BillingConfig>(
    user ? '/api/billing/config' : null,
    (url: string) => getJson<BillingConfig>(url),
  );
  const { data: account, mutate: mutateAccount } = useSWR<BillingAccount>(
    user ? '/api/billing/account' : null,
    (url: string) => getJson<BillingAccount>(url),
  );
  const checkout = usePurchase(config);
  const [searchParams] = useSearchParams();
  const receipt = searchParams.get('receipt');

  if (!user) {
    return <SignInRequired>Please sign in to manage your subscription and credits.</SignInRequired>;
  }
  if (receipt) return <Receipt id={receipt} />;
  const active = user.subscriptionStatus === 'active';

  return (
    <>
      <PageHeading title="Pricing & Access">
        One subscription for the archive, credits for your questions.
      </PageHeading>
      <AccountStatus active={active} credits={user.foiaCredits ?? 0} account={account} />
      {active && account?.subscriptionStatus === 'active' ? (
        <div style={{ marginBottom: '1.5rem' }}>
          <SubscriptionManager account={account} mutate={mutateAccount} />
        </div>
      ) : null}
      <Grid $min="240px">
        {PLANS.map((plan) => (
          <PlanCard
            key={plan.id}
            plan={plan}
            active={active}
            checkout={checkout}
            publishableKey={config?.publishableKey}
          />
        ))}
      </Grid>
      <BillingHistory />
    </>
  );
}
