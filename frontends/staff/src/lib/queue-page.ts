import type { ModerationItem } from '@uapqa/contracts';
import { apiRequest } from '@uapqa/ui';

/** A page of the moderation queue, with the total and the next page's cursor from its headers. */
export interface QueuePage {
  items: ModerationItem[];
  total: number | null;
  nextCursor: string | null;
}

export async function fetchQueuePage(url: string): Promise<QueuePage> {
  const response = await apiRequest('GET', url);
  const items = (await response.json()) as ModerationItem[];
  const total = response.headers.get('X-Total-Count');
  return {
    items,
    total: total === null ? null : Number(total),
    nextCursor: response.headers.get('X-Next-Cursor'),
  };
}
