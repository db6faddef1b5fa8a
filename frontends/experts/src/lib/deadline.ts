import { ANSWER_DUE_HOURS } from '@uapqa/contracts';

const HOUR = 3_600_000;
const MINUTE = 60_000;

/**
 * Time left before an approved question's deadline (`dueAt`, ANSWER_DUE_HOURS after approval):
 * "2d 5h left", "3h 12m left", "12m left", or "Overdue" once it has passed.
 */
export function timeLeft(
  dueAt: string | null | undefined,
  now: number,
): { label: string; overdue: boolean; urgent: boolean } | null {
  if (!dueAt) return null;
  const ms = new Date(dueAt).getTime() - now;
  if (Number.isNaN(ms)) return null;
  if (ms <= 0) return { label: 'Overdue', overdue: true, urgent: true };
  const days = Math.floor(ms / (24 * HOUR));
  const hours = Math.floor((ms % (24 * HOUR)) / HOUR);
  const minutes = Math.floor((ms % HOUR) / MINUTE);
  const label =
    days > 0
      ? `${days}d ${hours}h left`
      : hours > 0
        ? `${hours}h ${minutes}m left`
        : `${minutes}m left`;
  // The last sixth of the window (12 of 72 hours) is highlighted.
  return { label, overdue: false, urgent: ms <= (ANSWER_DUE_HOURS / 6) * HOUR };
}
