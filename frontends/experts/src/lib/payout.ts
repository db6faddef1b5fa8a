/**
 * The statement names months (`YYYY-MM`) and payout days (`YYYY-MM-DD`) in UTC; they are shown
 * in UTC too, so a payout day never reads as the day before in a browser west of Greenwich.
 */
// Written out, as the design system's dates are: a first `Intl` call costs a phone's main
// thread the loading of the browser's locale data.
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** "November 2026", or "November" without the year. */
export function formatMonth(month: string, { withYear = true } = {}): string {
  const date = new Date(`${month}-01T00:00:00Z`);
  const name = MONTHS[date.getUTCMonth()];
  return withYear ? `${name} ${date.getUTCFullYear()}` : `${name}`;
}

/** "Nov 15, 2026". */
export function formatPayoutDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  return `${MONTHS[date.getUTCMonth()]?.slice(0, 3)} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

/** "15th" and the like, for the one line that explains the schedule. */
export function ordinal(day: number): string {
  const tens = day % 100;
  if (tens >= 11 && tens <= 13) return `${day}th`;
  return `${day}${['th', 'st', 'nd', 'rd'][day % 10] ?? 'th'}`;
}
