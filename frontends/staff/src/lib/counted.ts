import { apiRequest } from '@uapqa/ui';

/** A page of a list and how many match in all (the `X-Total-Count` header). */
export interface Counted<T> {
  items: T[];
  total: number;
}

/** SWR's fetcher for the staff's paged lists. */
export async function fetchCounted<T>(url: string): Promise<Counted<T>> {
  const response = await apiRequest('GET', url);
  return {
    items: (await response.json()) as T[],
    total: Number(response.headers.get('X-Total-Count') ?? 0),
  };
}
