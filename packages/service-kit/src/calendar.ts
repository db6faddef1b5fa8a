/** The first instant of `now`'s month in UTC: every service's "this month" in the staff figures. */
export function startOfMonthUtc(now = new Date()): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}
