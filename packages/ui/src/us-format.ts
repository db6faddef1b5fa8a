/**
 * Dates, money and counts as the site shows them, in US English only.
 *
 * Written out rather than through `Intl`: a page's first use of `Intl` makes the browser load
 * its locale data, which measured 140–320 ms of main thread on a phone-speed CPU (4× slowed),
 * before the first paint of every page that shows a date or a price. These forms are all the site
 * needs, and the tests hold them equal to what `Intl` writes.
 */

const SHORT_MONTHS = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
] as const;

/** "1,234,567": groups of three digits. */
function grouped(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** Dates in the US short form, in the reader's time zone, e.g. "Nov 22, 2026". */
export function formatUsDate(value: string | Date): string {
  const date = new Date(value);
  return `${SHORT_MONTHS[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()}`;
}

/** US dollars from cents, e.g. "$1,260.00"; "-$5.00" below zero. */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const whole = Math.round(Math.abs(cents));
  const dollars = Math.floor(whole / 100);
  const rest = String(whole % 100).padStart(2, '0');
  return `${sign}$${grouped(String(dollars))}.${rest}`;
}

/** US dollars, e.g. "$1,260.00". */
export function formatDollars(dollars: number): string {
  return formatCents(Math.round(dollars * 100));
}

/** A whole count with thousands separators, e.g. "12,480". */
export function formatCount(count: number): string {
  const sign = count < 0 ? '-' : '';
  return `${sign}${grouped(String(Math.round(Math.abs(count))))}`;
}
