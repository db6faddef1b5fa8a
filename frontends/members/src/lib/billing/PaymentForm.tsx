import { Button, Spinner } from '@uapqa/ui';
import { lazy, Suspense } from 'react';
import type { PaymentOutcome } from '../payment';

const StripePayment = lazy(() => import('../StripePayment'));
// The card form (and react-hook-form with it) is fetched when a payment starts: a visitor, or a
// member reading their plan, never needs it.
export const paymentForm = () => import('../payment');
const LocalCardForm = lazy(() =>
  paymentForm().then((module) => ({ default: module.LocalCardForm })),
);

/** The open payment of a plan: Stripe's form with a publishable key, the local one without. */
export function PaymentForm({
  publishableKey,
  clientSecret,
  label,
  onDone,
  onCancel,
}: {
  publishableKey: string | null | undefined;
  clientSecret: string;
  label: string;
  onDone: (outcome: PaymentOutcome) => Promise<void>;
  onCancel: () => void;
}) {
  return (
    <div data-testid="payment-form">
      {publishableKey ? (
        <Suspense fallback={<Spinner label="Loading payment form" />}>
          <StripePayment
            publishableKey={publishableKey}
            clientSecret={clientSecret}
            label={label}
            onDone={onDone}
          />
        </Suspense>
      ) : (
        <Suspense fallback={<Spinner label="Loading payment form" />}>
          <LocalCardForm clientSecret={clientSecret} label={label} onDone={onDone} />
        </Suspense>
      )}
      <Button $variant="ghost" $block onClick={onCancel} style={{ marginTop: '0.5rem' }}>
        Cancel
      </Button>
    </div>
  );
}
