import type { AdminUser } from '@uapqa/contracts';
import { getJson } from '@uapqa/ui';
import { useSearchParams } from '@uapqa/ui/router';
import { useEffect } from 'react';

/** Where User Management opens one account: a report's link to a person involved. */
export const USER_MANAGEMENT_ID = 'user-management';
export const userLink = (userId: number) => `/admin-dashboard?user=${userId}#${USER_MANAGEMENT_ID}`;

/**
 * The account `?user=<id>` names, handed to `show` once loaded (User Management then finds it
 * by username); a link to an account that is gone shows nothing.
 */
export function useLinkedUser(show: (user: AdminUser) => void): void {
  const [params] = useSearchParams();
  const linked = params.get('user');
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per linked account.
  useEffect(() => {
    if (!linked || !/^[1-9]\d{0,9}$/.test(linked)) return;
    let current = true;
    getJson<AdminUser>(`/api/admin/users/${linked}`)
      .then((user) => {
        if (current) show(user);
      })
      .catch(() => {});
    return () => {
      current = false;
    };
  }, [linked]);
}
