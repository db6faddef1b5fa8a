import { apiRequest, Card, serverMessage, toast } from '@uapqa/ui';
import { Link, useNavigate, useSearchParams } from '@uapqa/ui/router';
import { useState } from 'react';
import { ForgotPasswordForm } from '../forms/ForgotPassword';
import { isLinkFailure } from '../forms/link-failure';
import { NewPasswordForm } from '../forms/NewPasswordForm';

const INVALID =
  'This password reset link is not valid. Please open the whole link from the email, or ask for a new one below.';

/** `/reset-password?token=…`: the link of the password-reset email; a new password, twice. */
export function ResetPassword() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  /** Why the link cannot be used (used, expired, not valid): the page then offers a new one. */
  const [failure, setFailure] = useState<string | null>(token ? null : INVALID);
  async function save(password: string) {
    try {
      const response = await apiRequest('POST', '/api/password-reset/confirm', { token, password });
      const { message } = (await response.json()) as { message: string };
      toast({ title: 'Password changed', description: message });
      navigate('/auth?tab=login', { replace: true });
    } catch (error) {
      if (isLinkFailure(error)) {
        setFailure(serverMessage(error) ?? INVALID);
        return;
      }
      toast({
        title: 'Could not change the password',
        description: serverMessage(error),
        variant: 'destructive',
      });
    }
  }

  return (
    <div style={{ display: 'grid', gap: '1.5rem', maxWidth: 480, margin: '0 auto' }}>
      <Card data-testid="reset-password">
        {failure ? (
          <>
            <h1 style={{ fontSize: '1.4rem', marginTop: 0 }}>This link cannot be used</h1>
            <p role="alert" data-testid="reset-password-failure">
              {failure}
            </p>
            <p>
              Remember your password? <Link to="/auth?tab=login">Sign in</Link>.
            </p>
            <ForgotPasswordForm nested />
          </>
        ) : (
          <NewPasswordForm
            id="reset"
            title="Choose a new password"
            intro="Once it is saved, every device signed in to your account is signed out, and you sign in with the new password."
            labels={{ password: 'New password', confirm: 'Confirm new password' }}
            submit={{ idle: 'Save new password', busy: 'Saving...' }}
            onSave={save}
          />
        )}
      </Card>
    </div>
  );
}
