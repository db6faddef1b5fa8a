// First: zod must be told before any schema is built (see the module).
import '../lib/page-start';
import {
  ALREADY_SUBSCRIBED,
  type BillingAccount,
  type BillingConfig,
  CREDIT_PACKAGES,
  type CreditPackageName,
  type PaymentStart,
  SUBSCRIPTION,
} from '@uapqa/contracts';
import {
  apiRequest,
  Badge,
  Button,
  Card,
  formatUsDate,
  Grid,
  getJson,
  handleIfUnauthorized,
  Muted,
  PageHeading,
  Spinner,
  toast,
  useSession,
} from '@uapqa/ui';
import { useNavigate, useSearchParams } from '@uapqa/ui/router';
import { lazy, Suspense, useState } from 'react';
import styled from 'styled-components';
import useSWR from 'swr';
import { BillingHistory } from '../lib/billing/BillingHistory';
import { Receipt } from '../lib/billing/Receipt';
import { SubscriptionManager } from '../lib/billing/SubscriptionManager';
import type { PaymentOutcome } from '../lib/payment';
import { SignInRequired } from '../lib/sign-in-required';

const StripePayment = lazy(() => import('../lib/StripePayment'));
// The card form (and react-hook-form with it) is fetched when a payment starts: a visitor, or a
// member reading their plan, never needs it.
const paymentForm = () => import('../lib/payment');
const LocalCardForm = lazy(() =>
  paymentForm().then((module) => ({ default: module.LocalCardForm })),
);

type Purchase = { kind: 'subscription' } | { kind: 'credits'; package: CreditPackageName };

const PlanCard = styled(Card)<{ $featured?: boolean }>`
  position: relative;
  display: flex;
  flex-direction: column;
  gap: 0.75rem;
  border-color: ${({ theme, $featured }) => ($featured ? theme.colors.primary : theme.colors.border)};
  .price { font-size: 2.2rem; font-weight: 700; }
  .price small { font-size: 1rem; color: ${({ theme }) => theme.colors.muted}; }
  ul { margin: 0; padding-left: 1.1rem; color: ${({ theme }) => theme.colors.muted}; flex: 1; }
`;
const Popular = styled(Badge)`
  position: absolute;
  top: -0.7rem;
  right: 1rem;
  background: ${({ theme }) => theme.colors.primary};
  color: ${({ theme }) => theme.colors.primaryText};
`;
const Status = styled(Card)`
  display: flex;
  gap: 2rem;
  flex-wrap: wrap;
  margin-bottom: 1.5rem;
  strong { font-size: 1.3rem; }
`;

const dollars = (cents: number) => `$${cents / 100}`;

const PLANS = [
  {
    id: 'subscription' as const,
    name: 'Archive Access',
    price: dollars(SUBSCRIPTION.priceCents),
    per: `/${SUBSCRIPTION.interval}`,
    features: [
      'Unlimited access to the full Q&A archive',
      `${SUBSCRIPTION.creditsPerPeriod} FOIA credits every month`,
      'Credits never expire while subscribed',
    ],
  },
  {
    id: 'small' as const,
    name: 'FOIA Credits',
    price: dollars(CREDIT_PACKAGES.small.priceCents),
    per: ` for ${CREDIT_PACKAGES.small.credits} questions`,
    features: [
      `${CREDIT_PACKAGES.small.credits} questions to any expert`,
      'Added to your balance at once',
    ],
    popular: true,
  },
  {
    id: 'bulk' as const,
    name: 'Bulk Credits',
    price: dollars(CREDIT_PACKAGES.bulk.priceCents),
    per: ` for ${CREDIT_PACKAGES.bulk.credits} questions`,
    features: [
      `${CREDIT_PACKAGES.bulk.credits} questions to any expert`,
      'The best price per question',
    ],
  },
];

export default function Subscribe() {
  const user = useSession((state) => state.user);
  const load = useSession((state) => state.load);
  const navigate = useNavigate();
  const [starting, setStarting] = useState<string | null>(null);
  const [payment, setPayment] = useState<{ purchase: Purchase; clientSecret: string } | null>(null);
  const { data: config } = useSWR<BillingConfig>(
    user ? '/api/billing/config' : null,
    (url: string) => getJson<BillingConfig>(url),
  );
  const { data: account, mutate: mutateAccount } = useSWR<BillingAccount>(
    user ? '/api/billing/account' : null,
    (url: string) => getJson<BillingAccount>(url),
  );
  const [searchParams] = useSearchParams();
  const receipt = searchParams.get('receipt');

  if (!user) {
    return <SignInRequired>Please sign in to manage your subscription and credits.</SignInRequired>;
  }
  if (receipt) return <Receipt id={receipt} />;
  const active = user.subscriptionStatus === 'active';

  async function start(purchase: Purchase) {
    const key = purchase.kind === 'subscription' ? 'subscription' : purchase.package;
    setStarting(key);
    if (!config?.publishableKey) void paymentForm().catch(() => undefined);
    try {
      const response =
        purchase.kind === 'subscription'
          ? await apiRequest('POST', '/api/create-subscription')
          : await apiRequest('POST', '/api/purchase-credits', { package: purchase.package });
      const body = (await response.json()) as PaymentStart;
      if ('clientSecret' in body && body.clientSecret) {
        setPayment({ purchase, clientSecret: body.clientSecret });
      } else {
        setPayment(null);
        toast({ title: ALREADY_SUBSCRIBED });
        await load();
      }
    } catch (error) {
      if (handleIfUnauthorized(error, navigate)) return;
      toast(
        purchase.kind === 'subscription'
          ? {
              title: 'Subscription Error',
              description: 'Failed to create subscription',
              variant: 'destructive',
            }
          : {
              title: 'Purchase Error',
              description: 'Failed to purchase credits',
              variant: 'destructive',
            },
      );
    } finally {
      setStarting(null);
    }
  }

  async function finish(outcome: PaymentOutcome) {
    if (!payment) return;
    if (outcome.ok) {
      toast({
        title:
          payment.purchase.kind === 'subscription'
            ? 'You are now subscribed!'
            : 'Credits added to your account!',
      });
      setPayment(null);
      await load();
      navigate('/');
    } else if (outcome.stale) {
      // This payment cannot be confirmed any more (paid meanwhile, or expired): start a fresh
      // one, so pressing Pay again works instead of failing the same way.
      toast({
        title: 'Payment Failed',
        description: `${outcome.message ?? 'This payment can no longer be completed.'} Please try again.`,
        variant: 'destructive',
      });
      await start(payment.purchase);
    } else if (outcome.unexpected) {
      toast({
        title: 'Payment Error',
        description: 'An unexpected error occurred. Please try again.',
        variant: 'destructive',
      });
    } else {
      toast({ title: 'Payment Failed', description: outcome.message, variant: 'destructive' });
    }
  }

  const payLabel = payment
    ? payment.purchase.kind === 'subscription'
      ? `Pay ${dollars(SUBSCRIPTION.priceCents)} and Subscribe`
      : `Pay ${dollars(CREDIT_PACKAGES[payment.purchase.package].priceCents)}`
    : '';

  return (
    <>
      <PageHeading title="Pricing & Access">
        One subscription for the archive, credits for your questions.
      </PageHeading>
      <Status aria-label="Your account">
        <div>
          <Muted>Subscription</Muted>
          <strong data-testid="subscription-status">{active ? 'Active' : 'Inactive'}</strong>
        </div>
        <div>
          <Muted>FOIA Credits</Muted>
          <strong data-testid="credit-count">{user.foiaCredits ?? 0}</strong>
        </div>
        {!active && account?.creditsExpireAt && account.foiaCredits > 0 ? (
          <Muted style={{ flexBasis: '100%' }} data-testid="frozen-credits">
            Your {account.foiaCredits} credits are frozen. Subscribe again before{' '}
            {formatUsDate(account.creditsExpireAt)} to use them.
          </Muted>
        ) : null}
      </Status>
      {active && account?.subscriptionStatus === 'active' ? (
        <div style={{ marginBottom: '1.5rem' }}>
          <SubscriptionManager account={account} mutate={mutateAccount} />
        </div>
      ) : null}
      <Grid $min="240px">
        {PLANS.map((plan) => {
          const isSubscription = plan.id === 'subscription';
          const disabled = isSubscription ? active : !active;
          const text = isSubscription
            ? active
              ? 'Already Subscribed'
              : 'Subscribe'
            : active
              ? 'Purchase Credits'
              : 'Subscription Required';
          const purchase: Purchase = isSubscription
            ? { kind: 'subscription' }
            : { kind: 'credits', package: plan.id as CreditPackageName };
          const open =
            payment &&
            (payment.purchase.kind === 'subscription'
              ? isSubscription
              : payment.purchase.kind === 'credits' && payment.purchase.package === plan.id);
          return (
            <PlanCard key={plan.id} $featured={plan.popular} data-testid={`plan-${plan.id}`}>
              {plan.popular ? <Popular>MOST POPULAR</Popular> : null}
              <h2 style={{ fontSize: '1.2rem' }}>{plan.name}</h2>
              <div className="price">
                {plan.price}
                <small>{plan.per}</small>
              </div>
              <ul>
                {plan.features.map((feature) => (
                  <li key={feature}>{feature}</li>
                ))}
              </ul>
              {open && payment ? (
                <div data-testid="payment-form">
                  {config?.publishableKey ? (
                    <Suspense fallback={<Spinner label="Loading payment form" />}>
                      <StripePayment
                        publishableKey={config.publishableKey}
                        clientSecret={payment.clientSecret}
                        label={payLabel}
                        onDone={finish}
                      />
                    </Suspense>
                  ) : (
                    <Suspense fallback={<Spinner label="Loading payment form" />}>
                      <LocalCardForm
                        clientSecret={payment.clientSecret}
                        label={payLabel}
                        onDone={finish}
                      />
                    </Suspense>
                  )}
                  <Button
                    $variant="ghost"
                    $block
                    onClick={() => setPayment(null)}
                    style={{ marginTop: '0.5rem' }}
                  >
                    Cancel
                  </Button>
                </div>
              ) : (
                <Button
                  $block
                  disabled={disabled || starting !== null}
                  onClick={() => start(purchase)}
                >
                  {starting === plan.id ? 'Processing...' : text}
                </Button>
              )}
            </PlanCard>
          );
        })}
      </Grid>
      <BillingHistory />
    </>
  );
}
