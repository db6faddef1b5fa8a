/**
 * The statement names months (`YYYY-MM`) and payout days (`YYYY-MM-DD`) in UTC; they are shown
 * in UTC too, so a payout day never reads as the day before in a browser west of Greenwich.
 */
export function formatMonth(month: string, { withYear = true } = {}): string {
  return new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'long',
    ...(withYear ? { year: 'numeric' } : {}),
    timeZone: 'UTC',
  });
}

export function formatPayoutDay(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** "15th" and the like, for the one line that explains the schedule. */
export function ordinal(day: number): string {
  const tens = day % 100;
  if (tens >= 11 && tens <= 13) return `${day}th`;
  return `${day}${['th', 'st', 'nd', 'rd'][day % 10] ?? 'th'}`;
}
