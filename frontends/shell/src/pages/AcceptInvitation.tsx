import type { CurrentUser } from '@uapqa/contracts';
import { apiRequest, Card, HttpError, homeOf, serverMessage, toast, useSession } from '@uapqa/ui';
import { Link, useNavigate, useSearchParams } from '@uapqa/ui/router';
import { useState } from 'react';
import { isLinkFailure } from '../forms/link-failure';
import { NewPasswordForm } from '../forms/NewPasswordForm';

const INVALID =
  'This invitation link is not valid. Please open the whole link from the email, or ask the person who invited you for a new one.';

/**
 * `/accept-invitation?token=…`: the link of an admin's invitation. The invited person chooses
 * a password, which creates the account (its role was chosen by the admin) and signs them in.
 */
export function AcceptInvitation() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const setUser = useSession((state) => state.setUser);
  /** Why the link cannot be used (used, expired, not valid, or its name taken meanwhile). */
  const [failure, setFailure] = useState<string | null>(token ? null : INVALID);
  async function create(password: string) {
    try {
      const response = await apiRequest('POST', '/api/invitations/accept', { token, password });
      const user = (await response.json()) as CurrentUser;
      setUser(user);
      toast({ title: 'Welcome!', description: `Your account ${user.username} is ready.` });
      navigate(homeOf(user.role), { replace: true });
    } catch (error) {
      if (isLinkFailure(error) || (error instanceof HttpError && error.status === 409)) {
        setFailure(serverMessage(error) ?? INVALID);
        return;
      }
      toast({
        title: 'Could not create the account',
        description: serverMessage(error),
        variant: 'destructive',
      });
    }
  }

  return (
    <div style={{ display: 'grid', gap: '1.5rem', maxWidth: 480, margin: '0 auto' }}>
      <Card data-testid="accept-invitation">
        {failure ? (
          <>
            <h1 style={{ fontSize: '1.4rem', marginTop: 0 }}>This invitation cannot be used</h1>
            <p role="alert">{failure}</p>
            <p>
              Already have an account? <Link to="/auth?tab=login">Sign in</Link>.
            </p>
          </>
        ) : (
          <NewPasswordForm
            id="invitation"
            title="Create your account"
            intro="You were invited to UAP Answers. Choose the password of your account: once it is saved, you are signed in."
            labels={{ password: 'Password', confirm: 'Confirm password' }}
            submit={{ idle: 'Create account', busy: 'Creating your account...' }}
            onSave={create}
          />
        )}
      </Card>
    </div>
  );
}
