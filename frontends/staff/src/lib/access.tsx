import { serverMessage, statusOf, toast, useSession } from '@uapqa/ui';
import { useNavigate } from '@uapqa/ui/router';
import { createContext, type ReactNode, useCallback, useContext, useMemo } from 'react';

export type StaffRole = 'admin' | 'moderator';

/** The permission sentence of each dashboard, shown to a role that may not open it. */
export const DENIED_TEXT: Record<StaffRole, string> = {
  admin: "You don't have admin permissions",
  moderator: "You don't have moderator permissions",
};

interface AccessContext {
  role: StaffRole;
  /** Called on a 403: the page shows Access Denied in place of its content. */
  onDenied: () => void;
}

const Access = createContext<AccessContext>({ role: 'moderator', onDenied: () => {} });

export function StaffAccess({
  staffRole: role,
  onDenied,
  children,
}: {
  staffRole: StaffRole;
  onDenied: () => void;
  children: ReactNode;
}) {
  const value = useMemo(() => ({ role, onDenied }), [role, onDenied]);
  return <Access.Provider value={value}>{children}</Access.Provider>;
}

export interface FailureToast {
  title: string;
  description: string;
}

/**
 * How a staff dashboard reacts to a failed call: 401 →  'Session
 * Expired' / 'Please log in again.' and /auth?tab=login; 403 → 'Access Denied'; anything else → the given
 * toast with the server's message, or its default (or only a log line when none is given).
 */
export function useStaffErrors(): (error: unknown, failure?: FailureToast) => void {
  const navigate = useNavigate();
  const { role, onDenied } = useContext(Access);
  return useCallback(
    (error: unknown, failure?: FailureToast) => {
      const status = statusOf(error);
      if (status === 401) {
        toast({
          title: 'Session Expired',
          description: 'Please log in again.',
          variant: 'destructive',
        });
        useSession.setState({ user: null, status: 'ready' });
        navigate('/auth?tab=login');
        return;
      }
      if (status === 403) {
        toast({ title: 'Access Denied', description: DENIED_TEXT[role], variant: 'destructive' });
        onDenied();
        return;
      }
      if (!failure) {
        console.error(error);
        return;
      }
      toast({
        title: failure.title,
        description: serverMessage(error) || failure.description,
        variant: 'destructive',
      });
    },
    [navigate, role, onDenied],
  );
}
