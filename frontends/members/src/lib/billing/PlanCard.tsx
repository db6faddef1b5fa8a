import type { CreditPackageName } from '@uapqa/contracts';
import { Badge, Button, Card } from '@uapqa/ui';
import styled from 'styled-components';
import { PaymentForm } from './PaymentForm';
import type { Plan, Purchase } from './plans';
import type { Checkout } from './purchase';

const Frame = styled(Card)<{ $featured?: boolean }>`
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

/**
 * One plan with its price and what it gives, and the button that buys it: a subscription only
 * while there is none, credits only while there is one. Its payment opens in the card.
 */
export function PlanCard({
  plan,
  active,
  checkout,
  publishableKey,
}: {
  plan: Plan;
  /** Whether the member's subscription is active. */
  active: boolean;
  checkout: Checkout;
  publishableKey: string | null | undefined;
}) {
  const { payment, starting } = checkout;
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
    <Frame $featured={plan.popular} data-testid={`plan-${plan.id}`}>
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
        <PaymentForm
          publishableKey={publishableKey}
          clientSecret={payment.clientSecret}
          label={checkout.payLabel}
          onDone={checkout.finish}
          onCancel={checkout.cancel}
        />
      ) : (
        <Button
          $block
          disabled={disabled || starting !== null}
          onClick={() => checkout.start(purchase)}
        >
          {starting === plan.id ? 'Processing...' : text}
        </Button>
      )}
    </Frame>
  );
}
