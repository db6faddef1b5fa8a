import type { WaitlistStatus } from '@uapqa/contracts';
import { useEffect, useState } from 'react';
import useSWR from 'swr';
import { getJson } from './api.js';

/** The site settings query: GET /api/waitlist/status. */
export const WAITLIST_STATUS_KEY = '/api/waitlist/status';

export function useWaitlist(): { waitlistEnabled: boolean; isLoading: boolean } {
  const { data, isLoading } = useSWR<WaitlistStatus>(
    '/api/waitlist/status',
    async (url: string) => {
      try {
        return await getJson<WaitlistStatus>(url);
      } catch {
        throw new Error('Failed to fetch waitlist status');
      }
    },
  );
  return { waitlistEnabled: data?.waitlistEnabled ?? false, isLoading };
}

/** The current time, refreshed every `intervalMs` (countdowns and deadlines tick on screen). */
export function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
