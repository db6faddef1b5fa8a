import type { CurrentUser } from '@uapqa/contracts';
import type { ComponentType } from 'react';
import { CloseAccount } from './CloseAccount';
import { EmailPreferences } from './EmailPreferences';
import { EmailSection } from './EmailSection';
import { PasswordSection } from './PasswordSection';
import { YourData } from './YourData';

/** What every section of `/account` is given: the signed-in user. */
export interface AccountSectionProps {
  user: CurrentUser;
}

export interface AccountSection {
  /** The section's anchor (`/account#password`) and test id (`account-password`). */
  id: string;
  title: string;
  Component: ComponentType<AccountSectionProps>;
}

/**
 * The sections of `/account`, in the order shown. A new section is a component in this folder
 * and one entry here.
 */
export const ACCOUNT_SECTIONS: readonly AccountSection[] = [
  { id: 'email', title: 'Email address', Component: EmailSection },
  { id: 'password', title: 'Password', Component: PasswordSection },
  { id: 'emails', title: 'Emails', Component: EmailPreferences },
  { id: 'data', title: 'Your data', Component: YourData },
  // Last: the one that ends everything above.
  { id: 'close', title: 'Close account', Component: CloseAccount },
];
