import { describe, expect, it } from 'vitest';
import { formatCents, formatCount, formatDollars, formatUsDate } from '../src/us-format.js';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

describe('US formats, written as Intl writes them', () => {
  const days = [
    '2026-01-01T00:00:00Z',
    '2026-02-28T23:59:59Z',
    '2024-02-29T12:00:00Z',
    '2026-11-22T10:00:00Z',
    '1999-12-31T23:30:00-08:00',
  ];

  it.each(days)('dates %s in the reader’s time zone', (value) => {
    const date = new Date(value);
    expect(formatUsDate(value)).toBe(
      date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' }),
    );
    expect(formatUsDate(date)).toBe(formatUsDate(value));
  });

  it.each([0, 1, 5, 99, 100, 1999, 126000, 100000000, 123456789, -500, -123456])(
    'money and counts for %i',
    (cents) => {
      expect(formatCents(cents)).toBe(usd.format(cents / 100));
      expect(formatDollars(cents / 100)).toBe(usd.format(cents / 100));
      expect(formatCount(cents)).toBe(cents.toLocaleString('en-US'));
    },
  );
});
