import type { Expert, PaymentReport } from '@uapqa/contracts';
import { Button, getJson, Muted, Placeholders } from '@uapqa/ui';
import { useId } from 'react';
import styled from 'styled-components';
import useSWR from 'swr';
import { useStaffErrors } from '../lib/access';
import { downloadCsv, toCsv } from '../lib/csv';
import { Section } from '../lib/sections';

/**
 * A table wider than a phone scrolls inside it. Its own opaque background (the cells' too) keeps
 * the contrast of the columns it half shows decidable, as the staff's scroll lists do.
 */
const Scroll = styled.div.attrs({ tabIndex: 0 })`
  overflow-x: auto;
  margin-bottom: 1rem;
  background: ${({ theme }) => theme.colors.surface};
  th, td { background: ${({ theme }) => theme.colors.surface}; }
  table { border-collapse: collapse; width: 100%; font-size: 0.85rem; }
  th, td {
    padding: 0.35rem 0.6rem;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    text-align: right;
    white-space: nowrap;
  }
  th:first-child, td:first-child { text-align: left; }
`;
const Heading = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 0.5rem;
  h3 { margin: 0; font-size: 1rem; }
`;

const dollars = (cents: number) => (cents / 100).toFixed(2);

const MONTH_COLUMNS = [
  'Month',
  'Subscriptions ($)',
  'Credit packs ($)',
  'Credits issued',
  'Credits refunded',
  'Credits adjusted',
  'Credits spent',
  'Credits lost',
  'Active subscribers',
  'Churned',
];
const EXPERT_COLUMNS = ['Expert', 'Answers', 'Earned ($)', 'Due ($)', 'Paid ($)', 'Payout day'];

/** Revenue, credits and subscribers by month, and each expert's earnings; each as CSV too. */
export function PaymentReports() {
  const id = useId();
  const onError = useStaffErrors();
  const report = useSWR<PaymentReport>('/api/admin/reports/payments', getJson, {
    onError: (error) => onError(error),
  });
  const expertList = useSWR<Expert[]>('/api/creators', getJson);
  const expertName = (expertId: number) => {
    const expert = expertList.data?.find((each) => each.userId === expertId);
    return expert?.brandName ?? `expert ${expertId}`;
  };
  const months = [...(report.data?.months ?? [])]
    .reverse()
    .map((m) => [
      m.month,
      dollars(m.subscriptionRevenueCents),
      dollars(m.packRevenueCents),
      m.creditsIssued,
      m.creditsRefunded,
      m.creditsAdjusted,
      m.creditsSpent,
      m.creditsLost,
      m.activeSubscribers,
      m.churnedSubscribers,
    ]);
  const experts = (report.data?.experts ?? []).map((e) => [
    expertName(e.expertId),
    e.answers,
    dollars(e.earnedCents),
    dollars(e.dueCents),
    dollars(e.paidCents),
    e.nextPayoutOn,
  ]);
  const table = (label: string, columns: string[], rows: Array<Array<string | number>>) => (
    <Scroll role="region" aria-label={label}>
      <table>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={String(row[0])}>
              {row.map((cell, i) =>
                i === 0 ? (
                  <th key={columns[i]} scope="row">
                    {cell}
                  </th>
                ) : (
                  <td key={columns[i]}>{cell}</td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </Scroll>
  );

  return (
    // min-width 0: a grid item may shrink below its table's width; the table scrolls instead.
    <Section aria-labelledby={`${id}-title`} style={{ minWidth: 0 }}>
      <h2 id={`${id}-title`}>Payment Reports</h2>
      {!report.data ? (
        <Placeholders count={3} height="2rem" />
      ) : (
        <>
          <Heading>
            <h3>By month (UTC)</h3>
            <Button
              $variant="secondary"
              onClick={() => downloadCsv('payments-by-month.csv', toCsv(MONTH_COLUMNS, months))}
            >
              Download CSV
            </Button>
          </Heading>
          {table('Payments by month', MONTH_COLUMNS, months)}
          <Heading>
            <h3>Experts' earnings</h3>
            <Button
              $variant="secondary"
              disabled={experts.length === 0}
              onClick={() => downloadCsv('expert-earnings.csv', toCsv(EXPERT_COLUMNS, experts))}
            >
              Download CSV
            </Button>
          </Heading>
          {experts.length === 0 ? (
            <Muted>No expert has earned anything yet.</Muted>
          ) : (
            table("Experts' earnings", EXPERT_COLUMNS, experts)
          )}
        </>
      )}
    </Section>
  );
}
