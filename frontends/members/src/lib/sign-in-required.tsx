import { Notice } from '@uapqa/ui/page';
import type { ReactNode } from 'react';
import { LinkButton } from './link-button';

/** In place of a page a visitor must sign in for: `children` says what signing in allows. */
export function SignInRequired({ children }: { children: ReactNode }) {
  return (
    <Notice
      title="Authentication Required"
      action={<LinkButton to="/auth?tab=login">Sign In</LinkButton>}
    >
      {children}
    </Notice>
  );
}
