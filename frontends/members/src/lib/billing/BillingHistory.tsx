import type { BillingHistory as History } from '@uapqa/contracts';
import { Card, formatUsDate, getJson, Muted, Placeholders } from '@uapqa/ui';
import { formatCents } from '@uapqa/ui/page';
import { Link } from '@uapqa/ui/router';
import styled from 'styled-components';
import useSWR from 'swr';

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
`;
const Item = styled.li`
  display: grid;
  grid-template-columns: 1fr auto;
  align-items: center;
  gap: 0.25rem 1rem;
  padding: 0.75rem 0;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  &:last-child { border-bottom: none; }
  .what { font-weight: 600; overflow-wrap: anywhere; }
  .amount { font-weight: 700; text-align: right; }
  a { color: ${({ theme }) => theme.colors.primary}; font-size: 0.9rem; text-align: right; }
`;

/** Every paid payment, newest first, each with its receipt. */
export function BillingHistory() {
  const { data, error, isLoading } = useSWR<History>('/api/billing/payments', (url: string) =>
    getJson<History>(url),
  );
  return (
    <Card as="section" aria-labelledby="billing-history" style={{ marginTop: '1.5rem' }}>
      <h2 id="billing-history" style={{ fontSize: '1.2rem' }}>
        Billing History
      </h2>
      {isLoading ? (
        <Placeholders count={2} height="3rem" />
      ) : error ? (
        <Muted>Your billing history could not be loaded. Please try again later.</Muted>
      ) : !data || data.length === 0 ? (
        <Muted>No payments yet.</Muted>
      ) : (
        <List>
          {data.map((payment) => (
            <Item key={payment.id} data-testid="payment">
              <span className="what">{payment.description}</span>
              <span className="amount">{formatCents(payment.amountCents)}</span>
              <Muted style={{ fontSize: '0.85rem' }}>{formatUsDate(payment.paidAt)}</Muted>
              <Link
                to={`/subscribe?receipt=${encodeURIComponent(payment.id)}`}
                aria-label={`Receipt for ${payment.description}, ${formatUsDate(payment.paidAt)}`}
              >
                Receipt
              </Link>
            </Item>
          ))}
        </List>
      )}
    </Card>
  );
}
