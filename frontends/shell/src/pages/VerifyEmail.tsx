import type { VerifyEmailBody } from '@uapqa/contracts';
import {
  apiRequest,
  Button,
  Card,
  Field,
  fieldErrorProps,
  Input,
  Muted,
  serverMessage,
  toast,
  useSession,
} from '@uapqa/ui';
import { Link, useNavigate, useSearchParams } from '@uapqa/ui/router';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { isLinkFailure, isUsedLink } from '../forms/link-failure';
import { ResendLinkForm } from '../forms/ResendLink';

const INVALID =
  'This confirmation link is not valid. Please open the whole link from the email, or ask for a new one.';

/**
 * `/verify-email?token=…`: the link of the confirmation email. The password chosen at sign-up
 * is typed again: only whoever chose it can confirm the account, so a sign-up someone else made
 * with this address never becomes an account with their password.
 */
export function VerifyEmail() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const load = useSession((state) => state.load);
  /** A link already opened: its address is confirmed, so the way on is to sign in. */
  const [used, setUsed] = useState(false);
  const [failure, setFailure] = useState<string | null>(token ? null : INVALID);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Pick<VerifyEmailBody, 'password'>>({ defaultValues: { password: '' } });
  const passwordError = errors.password?.message;

  async function confirm({ password }: Pick<VerifyEmailBody, 'password'>) {
    if (!password) {
      setError('password', { message: 'Please enter the password you chose when you signed up.' });
      return;
    }
    try {
      await apiRequest('POST', '/api/verify-email', { token, password });
      await load();
      toast({
        title: 'Email confirmed',
        description: 'Your account is ready. Welcome to UAP Answers!',
      });
      navigate('/subscribe', { replace: true });
    } catch (error) {
      if (isLinkFailure(error)) {
        setUsed(isUsedLink(error));
        setFailure(serverMessage(error) ?? 'This confirmation link did not work.');
        return;
      }
      setError('password', {
        message: serverMessage(error) ?? 'This did not work. Please try again.',
      });
    }
  }

  return (
    <div style={{ display: 'grid', gap: '1.5rem', maxWidth: 480, margin: '0 auto' }}>
      <Card data-testid="verify-email">
        <h1 style={{ fontSize: '1.4rem', marginTop: 0 }}>Confirm your email address</h1>
        {failure ? (
          <>
            <p role="alert" data-testid="verify-email-failure">
              {failure}
            </p>
            {used ? (
              <Button $block onClick={() => navigate('/auth?tab=login')}>
                Sign in
              </Button>
            ) : (
              <>
                <Muted style={{ marginBottom: '1rem' }}>
                  Already confirmed? <Link to="/auth?tab=login">Sign in</Link>. Otherwise, we can
                  send you a new link:
                </Muted>
                <ResendLinkForm />
              </>
            )}
          </>
        ) : (
          <form onSubmit={handleSubmit(confirm)} noValidate aria-label="Confirm your email address">
            <p>To finish creating your account, enter the password you chose when you signed up.</p>
            <Field label="Password" htmlFor="verify-password" error={passwordError}>
              <Input
                id="verify-password"
                type="password"
                autoComplete="current-password"
                required
                {...fieldErrorProps('verify-password', passwordError)}
                {...register('password')}
              />
            </Field>
            <Button type="submit" $block disabled={isSubmitting}>
              {isSubmitting ? 'Confirming...' : 'Confirm and sign in'}
            </Button>
          </form>
        )}
      </Card>
    </div>
  );
}
