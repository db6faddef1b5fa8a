import type { BillingReceipt } from '@uapqa/contracts';
import { Badge, Button, Card, formatUsDate, getJson, Muted, Spinner, statusOf } from '@uapqa/ui';
import { formatCents, Notice } from '@uapqa/ui/page';
import { Link } from '@uapqa/ui/router';
import styled, { createGlobalStyle } from 'styled-components';
import useSWR from 'swr';

/** On paper only the receipt is printed, in black on white. */
const PrintOnlyReceipt = createGlobalStyle`
  @media print {
    body { background: #fff !important; color: #000 !important; }
    header, footer, nav, [data-print="hide"] { display: none !important; }
    [data-testid="receipt"] { border: none !important; background: #fff !important; color: #000 !important; }
    [data-testid="receipt"] * { color: #000 !important; }
  }
`;
const Sheet = styled(Card)`
  max-width: 640px;
  margin: 0 auto;
  dl {
    display: grid;
    grid-template-columns: minmax(7rem, auto) 1fr;
    gap: 0.6rem 1rem;
    margin: 1.25rem 0;
  }
  dt { color: ${({ theme }) => theme.colors.muted}; }
  dd { margin: 0; overflow-wrap: anywhere; }
  .total { font-size: 1.4rem; font-weight: 700; }
`;
const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.75rem;
  justify-content: space-between;
  align-items: center;
  max-width: 640px;
  margin: 0 auto 1rem;
`;

/** A printable receipt of one of the member's payments (`/subscribe?receipt=<id>`). */
export function Receipt({ id }: { id: string }) {
  const { data, error } = useSWR<BillingReceipt>(
    `/api/billing/payments/${encodeURIComponent(id)}`,
    (url: string) => getJson<BillingReceipt>(url),
  );
  if (error) {
    return (
      <Notice
        title={statusOf(error) === 404 ? 'Receipt Not Found' : 'Receipt Unavailable'}
        action={<Link to="/subscribe">Back to your account</Link>}
      >
        {statusOf(error) === 404
          ? 'There is no such payment on your account.'
          : 'The receipt could not be loaded. Please try again later.'}
      </Notice>
    );
  }
  if (!data) return <Spinner label="Loading receipt" />;
  return (
    <>
      <PrintOnlyReceipt />
      <Actions data-print="hide">
        <Link to="/subscribe">← Back to your account</Link>
        <Button $variant="secondary" onClick={() => window.print()}>
          Print Receipt
        </Button>
      </Actions>
      <Sheet as="article" aria-labelledby="receipt-title" data-testid="receipt">
        <h1 id="receipt-title" style={{ fontSize: '1.6rem' }}>
          Receipt <Badge $tone="green">Paid</Badge>
        </h1>
        <Muted>UAP Answers · thank you for your payment.</Muted>
        <dl>
          <dt>Receipt number</dt>
          <dd>{data.id}</dd>
          <dt>Date paid</dt>
          <dd>{formatUsDate(data.paidAt)}</dd>
          {data.email ? (
            <>
              <dt>Billed to</dt>
              <dd>{data.email}</dd>
            </>
          ) : null}
          <dt>Item</dt>
          <dd data-testid="receipt-item">{data.description}</dd>
          <dt>Amount paid</dt>
          <dd className="total" data-testid="receipt-amount">
            {formatCents(data.amountCents)} {data.currency.toUpperCase()}
          </dd>
        </dl>
        {data.receiptUrl ? (
          <a href={data.receiptUrl} target="_blank" rel="noreferrer">
            The payment provider's receipt
          </a>
        ) : null}
      </Sheet>
    </>
  );
}
