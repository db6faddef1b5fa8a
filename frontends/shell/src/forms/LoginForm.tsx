import type { LoginBody } from '@uapqa/contracts';
import {
  apiRequest,
  Button,
  Field,
  fieldErrorProps,
  homeOf,
  Input,
  serverMessage,
  statusOf,
  toast,
  useSession,
} from '@uapqa/ui';
import { useNavigate } from '@uapqa/ui/router';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import styled from 'styled-components';
import type { z } from 'zod';
import { resendLink } from './ResendLink';
import { loginResolver } from './resolvers';

type LoginInput = z.input<typeof LoginBody>;
type LoginOutput = z.output<typeof LoginBody>;

const Notice = styled.div`
  margin-bottom: 1rem;
  padding: 0.75rem 1rem;
  border-radius: 8px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surfaceRaised};
`;

/** The sign-in form of `/auth`, checked with the API's `LoginBody`. */
export function LoginForm({ onForgot }: { onForgot: () => void }) {
  const navigate = useNavigate();
  const load = useSession((state) => state.load);
  /** The account whose address is not confirmed yet, and what the server said of it. */
  const [unconfirmed, setUnconfirmed] = useState<{ username: string; message: string } | null>(
    null,
  );
  const [resending, setResending] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginInput, unknown, LoginOutput>({
    resolver: loginResolver,
    defaultValues: { username: '', password: '' },
  });

  async function signIn(body: LoginOutput) {
    setUnconfirmed(null);
    try {
      await apiRequest('POST', '/api/login', body);
      await load();
      toast({ title: 'Welcome back!', description: 'You have successfully logged in.' });
      // Straight to the role's dashboard, not by way of the landing page's redirect.
      const user = useSession.getState().user;
      navigate(user ? homeOf(user.role) : '/');
    } catch (error) {
      // The right password of an account whose address is not confirmed yet.
      if (statusOf(error) === 403) {
        setUnconfirmed({
          username: body.username,
          message: serverMessage(error) ?? 'Please confirm your email address first.',
        });
        return;
      }
      toast({ title: 'Login failed', description: serverMessage(error), variant: 'destructive' });
    }
  }

  return (
    <form onSubmit={handleSubmit(signIn)} noValidate aria-label="Sign in">
      {unconfirmed ? (
        <Notice role="alert" data-testid="unconfirmed-email">
          <p style={{ margin: '0 0 0.75rem' }}>{unconfirmed.message}</p>
          <Button
            $variant="secondary"
            disabled={resending}
            onClick={async () => {
              setResending(true);
              await resendLink(unconfirmed.username);
              setResending(false);
            }}
          >
            {resending ? 'Sending...' : 'Send the link again'}
          </Button>
        </Notice>
      ) : null}
      <Field label="Username" htmlFor="login-username" error={errors.username?.message}>
        <Input
          id="login-username"
          autoComplete="username"
          required
          {...fieldErrorProps('login-username', errors.username?.message)}
          {...register('username')}
        />
      </Field>
      <Field label="Password" htmlFor="login-password" error={errors.password?.message}>
        <Input
          id="login-password"
          type="password"
          autoComplete="current-password"
          required
          {...fieldErrorProps('login-password', errors.password?.message)}
          {...register('password')}
        />
      </Field>
      <Button type="submit" $block disabled={isSubmitting}>
        {isSubmitting ? 'Signing In...' : 'Sign In'}
      </Button>
      <Button $variant="ghost" $block onClick={onForgot} style={{ marginTop: '0.5rem' }}>
        Forgot your password?
      </Button>
    </form>
  );
}
