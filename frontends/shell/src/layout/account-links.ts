import type { Role } from '@uapqa/contracts';
import { homeOf } from '@uapqa/ui';

export interface AccountLink {
  label: string;
  to: string;
}

/**
 * The account menu's pages for a role. Asking, one's questions and billing are a member's
 * business: experts and staff have their dashboards instead.
 */
export function accountLinks(role: Role): AccountLink[] {
  const dashboard = { label: 'Dashboard', to: homeOf(role) };
  const account = { label: 'Account', to: '/account' };
  if (role !== 'user') return [dashboard, account];
  return [
    dashboard,
    { label: 'My Questions', to: '/my-questions' },
    { label: 'Ask', to: '/submit-question' },
    { label: 'Billing', to: '/subscribe' },
    account,
  ];
}
