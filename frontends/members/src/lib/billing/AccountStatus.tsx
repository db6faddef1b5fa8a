import type { BillingAccount } from '@uapqa/contracts';
import { Card, formatUsDate, Muted } from '@uapqa/ui';
import styled from 'styled-components';

const Status = styled(Card)`
  display: flex;
  gap: 2rem;
  flex-wrap: wrap;
  margin-bottom: 1.5rem;
  strong { font-size: 1.3rem; }
`;

/** The member's subscription and credits at a glance, and credits frozen by a lapse. */
export function AccountStatus({
  active,
  credits,
  account,
}: {
  active: boolean;
  credits: number;
  account: BillingAccount | undefined;
}) {
  return (
    <Status aria-label="Your account">
      <div>
        <Muted>Subscription</Muted>
        <strong data-testid="subscription-status">{active ? 'Active' : 'Inactive'}</strong>
      </div>
      <div>
        <Muted>FOIA Credits</Muted>
        <strong data-testid="credit-count">{credits}</strong>
      </div>
      {!active && account?.creditsExpireAt && account.foiaCredits > 0 ? (
        <Muted style={{ flexBasis: '100%' }} data-testid="frozen-credits">
          Your {account.foiaCredits} credits are frozen. Subscribe again before{' '}
          {formatUsDate(account.creditsExpireAt)} to use them.
        </Muted>
      ) : null}
    </Status>
  );
}
