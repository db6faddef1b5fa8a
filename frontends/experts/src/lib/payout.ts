import { formatUtcDay, formatUtcMonth } from '@uapqa/ui';

/**
 * The statement names months (`YYYY-MM`) and payout days (`YYYY-MM-DD`) in UTC; they are shown
 * in UTC too, so a payout day never reads as the day before in a browser west of Greenwich.
 */
export function formatMonth(month: string, { withYear = true } = {}): string {
  return formatUtcMonth(`${month}-01T00:00:00Z`, { withYear });
}

export function formatPayoutDay(day: string): string {
  return formatUtcDay(`${day}T00:00:00Z`);
}

/** "15th" and the like, for the one line that explains the schedule. */
export function ordinal(day: number): string {
  const tens = day % 100;
  if (tens >= 11 && tens <= 13) return `${day}th`;
  return `${day}${['th', 'st', 'nd', 'rd'][day % 10] ?? 'th'}`;
}
