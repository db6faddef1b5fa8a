import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { Button } from '@uapqa/ui';
import { type FormEvent, useMemo, useState } from 'react';
import type { PaymentOutcome } from './payment';

const stripes = new Map<string, Promise<Stripe | null>>();

function StripeForm({
  label,
  onDone,
}: {
  label: string;
  onDone: (outcome: PaymentOutcome) => void;
}) {
  const stripe = useStripe();
  const elements = useElements();
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!stripe || !elements) return;
    setPending(true);
    try {
      const { error } = await stripe.confirmPayment({
        elements,
        confirmParams: { return_url: window.location.origin },
        redirect: 'if_required',
      });
      // A declined card leaves the PaymentIntent payable: the member corrects the card and
      // presses again on the same form. Only a payment Stripe no longer accepts (paid
      // meanwhile, or its invoice expired) needs a new one.
      if (!error) onDone({ ok: true });
      else if (error.code === 'payment_intent_unexpected_state')
        onDone({ ok: false, stale: true, message: error.message });
      else onDone({ ok: false, message: error.message ?? 'Your payment was not completed.' });
    } catch {
      onDone({ ok: false, unexpected: true });
    } finally {
      setPending(false);
    }
  }

  return (
    <form onSubmit={submit} aria-label="Card payment">
      <PaymentElement />
      <Button type="submit" $block disabled={!stripe || pending} style={{ marginTop: '1rem' }}>
        {pending ? 'Processing...' : label}
      </Button>
    </form>
  );
}

/** Stripe Elements, loaded only when billing gives a publishable key. */
export default function StripePayment({
  publishableKey,
  clientSecret,
  label,
  onDone,
}: {
  publishableKey: string;
  clientSecret: string;
  label: string;
  onDone: (outcome: PaymentOutcome) => void;
}) {
  const stripe = useMemo(() => {
    let promise = stripes.get(publishableKey);
    if (!promise) {
      promise = loadStripe(publishableKey);
      stripes.set(publishableKey, promise);
    }
    return promise;
  }, [publishableKey]);
  return (
    <Elements stripe={stripe} options={{ clientSecret, appearance: { theme: 'night' } }}>
      <StripeForm label={label} onDone={onDone} />
    </Elements>
  );
}
