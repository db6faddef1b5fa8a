import { apiRequest, Button, Field, Input, Muted, serverMessage, statusOf } from '@uapqa/ui';
import { type FormEvent, useState } from 'react';

/**
 * How a card confirmation ended. `stale`: the payment itself can no longer be confirmed (it was
 * paid meanwhile, or the provider expired it), so the page starts a new one instead.
 */
export type PaymentOutcome =
  | { ok: true }
  | { ok: false; message?: string; unexpected?: boolean; stale?: boolean };

/** The card number the local provider treats as declined (like Stripe's test card). */
export const LOCAL_DECLINE_CARD = '4000000000000002';

/**
 * The local payment provider's card form (embedded mode: no money moves). It settles the
 * payment with `POST /api/billing/local/confirm`; the card number 4000 0000 0000 0002 declines.
 */
export function LocalCardForm({
  clientSecret,
  label,
  onDone,
}: {
  clientSecret: string;
  label: string;
  onDone: (outcome: PaymentOutcome) => void;
}) {
  const [pending, setPending] = useState(false);
  const [card, setCard] = useState('4242 4242 4242 4242');
  const [expiry, setExpiry] = useState('12 / 34');
  const [cvc, setCvc] = useState('123');

  async function submit(event: FormEvent) {
    event.preventDefault();
    setPending(true);
    try {
      const outcome = card.replace(/\s/g, '') === LOCAL_DECLINE_CARD ? 'failed' : 'succeeded';
      const response = await apiRequest('POST', '/api/billing/local/confirm', {
        clientSecret,
        outcome,
      });
      const result = (await response.json()) as { status?: string; error?: { message?: string } };
      onDone(
        result.status === 'succeeded'
          ? { ok: true }
          : { ok: false, message: result.error?.message ?? 'Your card was declined.' },
      );
    } catch (error) {
      onDone(
        statusOf(error) === 409
          ? { ok: false, stale: true, message: serverMessage(error) }
          : { ok: false, unexpected: true },
      );
    } finally {
      setPending(false);
    }
  }

  return (
    <form onSubmit={submit} aria-label="Card payment">
      <Muted style={{ marginBottom: '0.75rem', fontSize: '0.85rem' }}>
        Demo payments: no money moves. Use 4000 0000 0000 0002 to see a declined card.
      </Muted>
      <Field label="Card number" htmlFor="card-number">
        <Input
          id="card-number"
          inputMode="numeric"
          autoComplete="cc-number"
          value={card}
          onChange={(e) => setCard(e.target.value)}
          required
        />
      </Field>
      <div style={{ display: 'grid', gap: '0 1rem', gridTemplateColumns: '1fr 1fr' }}>
        <Field label="Expiry" htmlFor="card-expiry">
          <Input
            id="card-expiry"
            autoComplete="cc-exp"
            value={expiry}
            onChange={(e) => setExpiry(e.target.value)}
            required
          />
        </Field>
        <Field label="CVC" htmlFor="card-cvc">
          <Input
            id="card-cvc"
            inputMode="numeric"
            autoComplete="cc-csc"
            value={cvc}
            onChange={(e) => setCvc(e.target.value)}
            required
          />
        </Field>
      </div>
      <Button type="submit" $block disabled={pending}>
        {pending ? 'Processing...' : label}
      </Button>
    </form>
  );
}
