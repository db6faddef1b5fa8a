import type { ModerationDecided, ModerationItem, ModerationUndone } from '@uapqa/contracts';
import { apiRequest, toast } from '@uapqa/ui';

/**
 * A moderation decision is held by the service before it is announced (the member and the
 * expert emailed, a rejection refunded), and can be undone meanwhile: the toast that confirms it
 * offers Undo for exactly that long.
 */

const questionPath = (id: string, action: 'status' | 'undo') =>
  `/api/admin/questions/${encodeURIComponent(id)}/${action}`;

/** Sends a decision; the service's answer says until when it can be undone. */
export async function sendDecision(id: string, body: unknown): Promise<ModerationDecided> {
  return (await apiRequest('PATCH', questionPath(id, 'status'), body)).json();
}

/** Takes a held decision back; the item as it is again, pending. */
export async function undoDecision(id: string): Promise<ModerationItem> {
  const answer = (await (await apiRequest('POST', questionPath(id, 'undo'))).json()) as
    | ModerationUndone
    | undefined;
  if (!answer?.item) throw new Error('The decision could not be undone.');
  return answer.item;
}

/**
 * How long the decision stays undoable, in ms, or null when it was announced at once. Measured
 * between two times of the server's own clock, so a browser whose clock is off still offers Undo
 * for the right length of time.
 */
export function holdMs(decided: Pick<ModerationDecided, 'decidedAt' | 'undoUntil'>): number | null {
  if (!decided.undoUntil || !decided.decidedAt) return null;
  const ms = Date.parse(decided.undoUntil) - Date.parse(decided.decidedAt);
  return Number.isFinite(ms) && ms > 0 ? ms : null;
}

/** "Question approved" (or rejected), with Undo while the decision is held. */
export function toastDecided(title: string, decided: ModerationDecided, onUndo: () => void): void {
  const verb = decided.status === 'rejected' ? 'rejected' : 'approved';
  const hold = holdMs(decided);
  if (hold === null) {
    toast({ title: `Question ${verb}`, description: `“${title}” was ${verb}.` });
    return;
  }
  toast({
    title: `Question ${verb}`,
    description: `“${title}” was ${verb}. Nobody is told for ${Math.round(hold / 1000)} seconds: until then you can undo it.`,
    duration: hold,
    action: {
      label: 'Undo',
      altText: 'Press F8 to reach this notification, then its Undo button.',
      onAction: onUndo,
    },
  });
}

/**
 * The items loaded beyond the first page with `item` back among them, in the queue's order
 * (oldest first). Nothing changes while only the first page is loaded: reading it again brings
 * the item back if it belongs there, and Load More would find it otherwise.
 */
export function withItemBack(extra: ModerationItem[], item: ModerationItem): ModerationItem[] {
  if (extra.length === 0 || extra.some((other) => other.id === item.id)) return extra;
  const age = (each: ModerationItem) => Date.parse(each.createdAt);
  const at = extra.findIndex((other) => age(other) > age(item));
  return at === -1 ? [...extra, item] : [...extra.slice(0, at), item, ...extra.slice(at)];
}

/**
 * Undo pressed in a decision's toast: takes the decision back and confirms with "Decision
 * undone"; `restored` then shows the item again. A failure (too late: the decision was sent) is
 * for `failed` to tell.
 */
export async function undoFromToast(
  item: Pick<ModerationItem, 'id' | 'title'>,
  then: { restored(item: ModerationItem): Promise<unknown>; failed(error: unknown): void },
): Promise<void> {
  let restored: ModerationItem;
  try {
    restored = await undoDecision(item.id);
  } catch (error) {
    then.failed(error);
    return;
  }
  toast({ title: 'Decision undone', description: `“${item.title}” is back in the queue.` });
  await then.restored(restored);
}
