import type { QuestionWindow } from '@uapqa/contracts';

/** "2d 03h 04m 05s" until a moment; empty when it has passed. */
export function countdown(target: string | Date, now: number): string {
  let seconds = Math.max(0, Math.floor((new Date(target).getTime() - now) / 1000));
  if (seconds === 0) return '';
  const days = Math.floor(seconds / 86400);
  seconds -= days * 86400;
  const hours = Math.floor(seconds / 3600);
  seconds -= hours * 3600;
  const minutes = Math.floor(seconds / 60);
  seconds -= minutes * 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${days > 0 ? `${days}d ` : ''}${pad(hours)}h ${pad(minutes)}m ${pad(seconds)}s`;
}

export type WindowState =
  | { kind: 'unknown' }
  | { kind: 'upcoming'; opensIn: string; capacity: number }
  | { kind: 'open'; remaining: number; capacity: number; closesIn: string }
  | { kind: 'full'; capacity: number; reopensIn: string }
  | { kind: 'closed' };

/** Where an expert's question window stands at `now`. */
export function windowState(
  window: Omit<QuestionWindow, 'creatorId'> | undefined,
  now: number,
): WindowState {
  if (!window) return { kind: 'unknown' };
  const opens = new Date(window.opensAt).getTime();
  const closes = new Date(window.closesAt).getTime();
  if (now < opens)
    return { kind: 'upcoming', opensIn: countdown(window.opensAt, now), capacity: window.capacity };
  if (now >= closes) return { kind: 'closed' };
  if (window.remaining <= 0)
    return { kind: 'full', capacity: window.capacity, reopensIn: countdown(window.closesAt, now) };
  return {
    kind: 'open',
    remaining: window.remaining,
    capacity: window.capacity,
    closesIn: countdown(window.closesAt, now),
  };
}

export function describeWindow(state: WindowState): string {
  switch (state.kind) {
    case 'upcoming':
      return `Window opens in ${state.opensIn} · ${state.capacity} places`;
    case 'open':
      return `Open · ${state.remaining} of ${state.capacity} places left · closes in ${state.closesIn}`;
    case 'full':
      return `Window full (${state.capacity} of ${state.capacity} taken) · next window in ${state.reopensIn}`;
    case 'closed':
      return 'Window closed';
    default:
      return 'Window schedule not available';
  }
}

/**
 * Said once a member holds every place they may in one expert's window (a rejected question
 * gives its place back); empty below the cap.
 */
export function describeHeldPlaces(
  places: { held: number; limit: number } | undefined,
  expertName: string,
): string {
  if (!places || places.held < places.limit) return '';
  return `You hold ${places.held} of the ${places.limit} places you may have in ${expertName}'s window this week.`;
}
