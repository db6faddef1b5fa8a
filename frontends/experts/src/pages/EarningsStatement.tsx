import type { EarningsPeriod, ExpertEarnings } from '@uapqa/contracts';
import { Badge, type BadgeTone, Card, Muted } from '@uapqa/ui';
import { formatCents } from '@uapqa/ui/page';
import { useId } from 'react';
import styled from 'styled-components';
import { formatMonth, formatPayoutDay, ordinal } from '../lib/payout';

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  margin-top: 1rem;
  font-size: 0.95rem;
  th, td {
    padding: 0.6rem 0.5rem;
    text-align: left;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    vertical-align: top;
  }
  th:first-child, td:first-child { padding-left: 0; }
  th:last-child, td:last-child { padding-right: 0; }
  thead th {
    color: ${({ theme }) => theme.colors.muted};
    font-size: 0.8rem;
    font-weight: 600;
  }
  .number { text-align: right; font-variant-numeric: tabular-nums; }
  tfoot th, tfoot td { font-weight: 700; border-bottom: none; }
  .when { display: block; color: ${({ theme }) => theme.colors.muted}; font-size: 0.8rem; margin-top: 0.2rem; }
  @media (max-width: 480px) {
    font-size: 0.85rem;
    th, td { padding: 0.5rem 0.3rem; }
  }
`;

const STATUS: Record<EarningsPeriod['status'], { label: string; tone: BadgeTone; when: string }> = {
  open: { label: 'Open', tone: 'blue', when: 'pays' },
  due: { label: 'Due', tone: 'yellow', when: 'pays' },
  paid: { label: 'Paid', tone: 'green', when: 'paid' },
};

/**
 * The one line under Next Payout that says what it is made of: the closed months, all due, and
 * the open month, which joins the payout only when it ends before the payout day.
 */
export function nextPayoutLine(earnings: ExpertEarnings): string {
  const { nextPayout } = earnings;
  const day = formatPayoutDay(nextPayout.date);
  const open = earnings.periods.find((period) => period.status === 'open');
  const closed = `${formatCents(nextPayout.closedCents)} due`;
  if (!open) return `${day}: ${closed}.`;
  const month = formatMonth(open.month, { withYear: false });
  if (open.payoutDate === nextPayout.date) {
    return `${day}: ${closed} + ${formatCents(nextPayout.openCents)} accruing in ${month} (open).`;
  }
  return `${day}: ${closed}; ${month} (open, ${formatCents(open.amountCents)} so far) pays ${formatPayoutDay(open.payoutDate)}.`;
}

/** Each payout period (a calendar month) with its answers, amount and status, newest first. */
export function EarningsStatement({ earnings }: { earnings: ExpertEarnings }) {
  const headingId = useId();
  return (
    <Card style={{ marginTop: '1.5rem' }} data-testid="earnings-statement">
      <h2 id={headingId}>Earnings Statement</h2>
      <Muted style={{ fontSize: '0.9rem' }}>
        Each month's answers are paid on the {ordinal(earnings.payoutDayOfMonth)} of the next month
        (UTC); a balance not yet paid goes out with the next payout.
      </Muted>
      <Table aria-labelledby={headingId}>
        <thead>
          <tr>
            <th scope="col">Month</th>
            <th scope="col" className="number">
              Answered
            </th>
            <th scope="col" className="number">
              Amount
            </th>
            <th scope="col">Status</th>
          </tr>
        </thead>
        <tbody>
          {earnings.periods.map((period) => {
            const status = STATUS[period.status];
            return (
              <tr key={period.month} data-testid="statement-period">
                <th scope="row" style={{ fontWeight: 600 }}>
                  {formatMonth(period.month)}
                </th>
                <td className="number">{period.answeredCount}</td>
                <td className="number">{formatCents(period.amountCents)}</td>
                <td>
                  <Badge $tone={status.tone}>{status.label}</Badge>
                  <span className="when">
                    {status.when} {formatPayoutDay(period.payoutDate)}
                  </span>
                </td>
              </tr>
            );
          })}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Total</th>
            <td className="number" data-testid="statement-total-answered">
              {earnings.answeredCount}
            </td>
            <td className="number" data-testid="statement-total-amount">
              {formatCents(earnings.totalEarningsCents)}
            </td>
            <td />
          </tr>
        </tfoot>
      </Table>
    </Card>
  );
}
