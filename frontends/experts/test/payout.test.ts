import { describe, expect, it } from 'vitest';
import { formatMonth, formatPayoutDay } from '../src/lib/payout.js';

describe('the statement’s months and payout days, in UTC as Intl writes them', () => {
  it.each(['2026-01-15', '2026-02-28', '2024-02-29', '2026-11-01', '2026-12-31'])('%s', (day) => {
    const date = new Date(`${day}T00:00:00Z`);
    const utc = { timeZone: 'UTC' } as const;
    expect(formatPayoutDay(day)).toBe(
      date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', ...utc }),
    );
    expect(formatMonth(day.slice(0, 7))).toBe(
      date.toLocaleDateString('en-US', { month: 'long', year: 'numeric', ...utc }),
    );
    expect(formatMonth(day.slice(0, 7), { withYear: false })).toBe(
      date.toLocaleDateString('en-US', { month: 'long', ...utc }),
    );
  });
});
