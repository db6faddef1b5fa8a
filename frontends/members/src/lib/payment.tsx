import type { LocalCardFields } from '@uapqa/contracts';
import {
  apiRequest,
  Button,
  Field,
  fieldErrorProps,
  Input,
  Muted,
  serverMessage,
  statusOf,
} from '@uapqa/ui';
import { lazyResolver } from '@uapqa/ui/lazy-resolver';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';

type CardInput = z.input<typeof LocalCardFields>;
type CardOutput = z.output<typeof LocalCardFields>;

const cardResolver = lazyResolver(() => import('./schemas').then((module) => module.localCard));

/**
 * How a card confirmation ended. `stale`: the payment itself can no longer be confirmed (it was
 * paid meanwhile, or the provider expired it), so the page starts a new one instead.
 */
export type PaymentOutcome =
  | { ok: true }
  | { ok: false; message?: string; unexpected?: boolean; stale?: boolean };

/**
 * The local payment provider's card form (embedded mode: no money moves), checked with
 * `LocalCardFields`. It settles the payment with `POST /api/billing/local/confirm`; the card
 * number 4000 0000 0000 0002 declines.
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
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<CardInput, unknown, CardOutput>({
    resolver: cardResolver,
    defaultValues: { cardNumber: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' },
  });

  async function pay({ outcome }: CardOutput) {
    try {
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
    }
  }

  const { cardNumber, expiry, cvc } = errors;
  return (
    <form
      onSubmit={handleSubmit(pay)}
      onFocus={() => void cardResolver.preload()}
      noValidate
      aria-label="Card payment"
    >
      <Muted style={{ marginBottom: '0.75rem', fontSize: '0.85rem' }}>
        Demo payments: no money moves. Use 4000 0000 0000 0002 to see a declined card.
      </Muted>
      <Field label="Card number" htmlFor="card-number" error={cardNumber?.message}>
        <Input
          id="card-number"
          inputMode="numeric"
          autoComplete="cc-number"
          required
          {...fieldErrorProps('card-number', cardNumber?.message)}
          {...register('cardNumber')}
        />
      </Field>
      <div style={{ display: 'grid', gap: '0 1rem', gridTemplateColumns: '1fr 1fr' }}>
        <Field label="Expiry" htmlFor="card-expiry" error={expiry?.message}>
          <Input
            id="card-expiry"
            autoComplete="cc-exp"
            required
            {...fieldErrorProps('card-expiry', expiry?.message)}
            {...register('expiry')}
          />
        </Field>
        <Field label="CVC" htmlFor="card-cvc" error={cvc?.message}>
          <Input
            id="card-cvc"
            inputMode="numeric"
            autoComplete="cc-csc"
            required
            {...fieldErrorProps('card-cvc', cvc?.message)}
            {...register('cvc')}
          />
        </Field>
      </div>
      <Button type="submit" $block disabled={isSubmitting}>
        {isSubmitting ? 'Processing...' : label}
      </Button>
    </form>
  );
}
