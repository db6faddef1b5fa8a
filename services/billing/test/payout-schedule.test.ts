import { describe, expect, it } from 'vitest';
import { buildStatement, type MonthTotals } from '../src/earnings.js';

/**
 * The payout rule on fixed days (the API suite runs on whatever today is, so it sees only one
 * side of the 15th): a month is paid on the 15th of the next, and a balance left unpaid goes out
 * with the next payout day.
 */
const FEE = 3500;
const month = (key: string, answered: number, paidOutAt: Date | null = null): MonthTotals => ({
  month: key,
  answeredCount: answered,
  amountCents: answered * FEE,
  unpaidCents: paidOutAt ? 0 : answered * FEE,
  lastPaidOutAt: paidOutAt,
});

describe('the payout schedule', () => {
  const history = [month('2026-10', 2), month('2026-11', 3)];

  it('before the 15th: the closed months go out on this 15th, the open month on the next', () => {
    const statement = buildStatement(history, FEE, new Date('2026-11-10T12:00:00Z'));
    expect(statement.periods.map((p) => [p.month, p.status, p.payoutDate])).toEqual([
      ['2026-11', 'open', '2026-12-15'],
      ['2026-10', 'due', '2026-11-15'],
    ]);
    expect(statement.nextPayout).toEqual({
      date: '2026-11-15',
      amountCents: 2 * FEE,
      closedCents: 2 * FEE,
      openCents: 0,
    });
  });

  it('on the 15th itself, the payout is today', () => {
    const statement = buildStatement(history, FEE, new Date('2026-11-15T23:59:59Z'));
    expect(statement.nextPayout.date).toBe('2026-11-15');
    expect(statement.nextPayout.openCents).toBe(0);
  });

  it('after the 15th: unpaid closed months roll into the next payout with the open month', () => {
    const statement = buildStatement(history, FEE, new Date('2026-11-16T00:00:00Z'));
    expect(statement.periods.map((p) => [p.month, p.status, p.payoutDate])).toEqual([
      ['2026-11', 'open', '2026-12-15'],
      ['2026-10', 'due', '2026-12-15'],
    ]);
    expect(statement.nextPayout).toEqual({
      date: '2026-12-15',
      amountCents: 5 * FEE,
      closedCents: 2 * FEE,
      openCents: 3 * FEE,
    });
  });

  it('turns the year: December is paid on January 15th', () => {
    const statement = buildStatement([month('2026-12', 1)], FEE, new Date('2026-12-20T08:00:00Z'));
    expect(statement.periods).toEqual([
      expect.objectContaining({ month: '2026-12', status: 'open', payoutDate: '2027-01-15' }),
    ]);
    expect(statement.nextPayout).toMatchObject({ date: '2027-01-15', openCents: FEE });
  });

  it('shows a month a payout covered as paid, on its day, and leaves it out of the next', () => {
    const paid = month('2026-09', 4, new Date('2026-10-15T09:00:00Z'));
    const statement = buildStatement([paid, ...history], FEE, new Date('2026-11-20T12:00:00Z'));
    expect(statement.periods.at(-1)).toMatchObject({
      month: '2026-09',
      status: 'paid',
      payoutDate: '2026-10-15',
    });
    expect(statement.totalEarningsCents).toBe(9 * FEE);
    expect(statement.unpaidCents).toBe(5 * FEE);
    expect(statement.nextPayout.amountCents).toBe(5 * FEE);
  });

  it('lists the current month even before its first answer', () => {
    const statement = buildStatement([], FEE, new Date('2027-02-03T00:00:00Z'));
    expect(statement.periods).toEqual([
      {
        month: '2027-02',
        answeredCount: 0,
        amountCents: 0,
        unpaidCents: 0,
        status: 'open',
        payoutDate: '2027-03-15',
      },
    ]);
    expect(statement.nextPayout).toEqual({
      date: '2027-02-15',
      amountCents: 0,
      closedCents: 0,
      openCents: 0,
    });
  });
});
