import {
  ALREADY_SUBSCRIBED,
  type BillingConfig,
  CREDIT_PACKAGES,
  type PaymentStart,
  SUBSCRIPTION,
} from '@uapqa/contracts';
import { apiRequest, handleIfUnauthorized, toast, useSession } from '@uapqa/ui';
import { useNavigate } from '@uapqa/ui/router';
import { useState } from 'react';
import type { PaymentOutcome } from '../payment';
import { paymentForm } from './PaymentForm';
import { dollars, type Purchase } from './plans';

export type Checkout = ReturnType<typeof usePurchase>;

/**
 * A purchase from its start (billing's client secret) to its outcome: which one is starting,
 * the payment open, and what to do with its result.
 */
export function usePurchase(config: BillingConfig | undefined) {
  const load = useSession((state) => state.load);
  const navigate = useNavigate();
  const [starting, setStarting] = useState<string | null>(null);
  const [payment, setPayment] = useState<{ purchase: Purchase; clientSecret: string } | null>(null);

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

  return { starting, payment, payLabel, start, finish, cancel: () => setPayment(null) };
}
