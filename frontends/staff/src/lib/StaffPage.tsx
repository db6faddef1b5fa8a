import { AfterFirstPaint, PageHeading, useSession, useSignInIfLoggedOutOnArrival } from '@uapqa/ui';
import { LoggedOutNotice, Notice } from '@uapqa/ui/page';
import { useNavigate } from '@uapqa/ui/router';
import { type ReactNode, useCallback, useState } from 'react';
import { DENIED_TEXT, StaffAccess, type StaffRole } from './access';

/**
 * The guard of a staff dashboard: logged out → 'You are logged out. Logging in
 * again...' and the login path; another role, or a 403 from any of its calls → Access Denied.
 */
export function StaffPage({
  staffRole: role,
  title,
  intro,
  children,
}: {
  staffRole: StaffRole;
  title: string;
  intro: string;
  children: ReactNode;
}) {
  const user = useSession((state) => state.user);
  const navigate = useNavigate();
  const [denied, setDenied] = useState(false);
  const onDenied = useCallback(() => setDenied(true), []);
  // A 401 met later is handled where it happens ('Session Expired').
  useSignInIfLoggedOutOnArrival(user, navigate);

  if (!user) return <LoggedOutNotice />;
  if (user.role !== role || denied) {
    return (
      <Notice title="Access Denied" testId="access-denied">
        {DENIED_TEXT[role]}
      </Notice>
    );
  }
  return (
    <StaffAccess staffRole={role} onDenied={onDenied}>
      <div data-testid={`${role}-dashboard`}>
        <PageHeading title={title}>{intro}</PageHeading>
        {/* The dashboard's many sections follow the heading, drawn without blocking the page. */}
        <AfterFirstPaint>{children}</AfterFirstPaint>
      </div>
    </StaffAccess>
  );
}
