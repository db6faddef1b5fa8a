import {
  apiRequest,
  Button,
  Card,
  Field,
  Input,
  Muted,
  serverMessage,
  statusOf,
  toast,
  useSession,
  useWaitlist,
} from '@uapqa/ui';
import { Link, Navigate, useNavigate, useSearchParams } from '@uapqa/ui/router';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@uapqa/ui/tabs';
import { type FormEvent, useState } from 'react';
import styled from 'styled-components';
import { EmailSignup } from '../forms/EmailSignup';
import { resendLink } from '../forms/ResendLink';

const Notice = styled.div`
  margin-bottom: 1rem;
  padding: 0.75rem 1rem;
  border-radius: 8px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surfaceRaised};
`;

function LoginForm({ onForgot }: { onForgot: () => void }) {
  const navigate = useNavigate();
  const load = useSession((state) => state.load);
  const [pending, setPending] = useState(false);
  /** The account whose address is not confirmed yet, and what the server said of it. */
  const [unconfirmed, setUnconfirmed] = useState<{ username: string; message: string } | null>(
    null,
  );
  const [resending, setResending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const username = String(form.get('username') ?? '');
    setPending(true);
    setUnconfirmed(null);
    try {
      await apiRequest('POST', '/api/login', {
        username,
        password: String(form.get('password') ?? ''),
      });
      await load();
      toast({ title: 'Welcome back!', description: 'You have successfully logged in.' });
      navigate('/');
    } catch (error) {
      // The right password of an account whose address is not confirmed yet.
      if (statusOf(error) === 403) {
        setUnconfirmed({
          username,
          message: serverMessage(error) ?? 'Please confirm your email address first.',
        });
        return;
      }
      toast({ title: 'Login failed', description: serverMessage(error), variant: 'destructive' });
    } finally {
      setPending(false);
    }
  }

  return (
    <form onSubmit={submit} aria-label="Sign in">
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
      <Field label="Username" htmlFor="login-username">
        <Input id="login-username" name="username" autoComplete="username" required />
      </Field>
      <Field label="Password" htmlFor="login-password">
        <Input
          id="login-password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
        />
      </Field>
      <Button type="submit" $block disabled={pending}>
        {pending ? 'Signing In...' : 'Sign In'}
      </Button>
      <Button $variant="ghost" $block onClick={onForgot} style={{ marginTop: '0.5rem' }}>
        Forgot your password?
      </Button>
    </form>
  );
}

function RegisterForm() {
  const [pending, setPending] = useState(false);
  const [mismatch, setMismatch] = useState(false);
  /** After a sign-up: where the link went, and the server's sentence saying so. */
  const [sent, setSent] = useState<{ email: string; message: string } | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const value = (name: string) => String(form.get(name) ?? '').trim();
    const password = String(form.get('password') ?? '');
    if (password !== String(form.get('confirmPassword') ?? '')) {
      setMismatch(true);
      toast({ title: 'Passwords do not match', variant: 'destructive' });
      return;
    }
    setMismatch(false);
    setPending(true);
    try {
      const response = await apiRequest('POST', '/api/register', {
        username: value('username'),
        email: value('email'),
        password,
        firstName: value('firstName') || undefined,
        lastName: value('lastName') || undefined,
      });
      const { message } = (await response.json()) as { message: string };
      setSent({ email: value('email'), message });
    } catch (error) {
      toast({
        title: 'Registration failed',
        description: serverMessage(error),
        variant: 'destructive',
      });
    } finally {
      setPending(false);
    }
  }

  if (sent) {
    return (
      <section aria-labelledby="check-inbox-title" data-testid="check-inbox">
        <h2 id="check-inbox-title" style={{ fontSize: '1.4rem' }}>
          Check your inbox
        </h2>
        <p role="status" style={{ overflowWrap: 'anywhere' }}>
          {sent.message}
        </p>
        <Muted style={{ marginBottom: '1rem' }}>
          The link works for 24 hours. Nothing arrived? Look in your spam folder, or ask for it
          again.
        </Muted>
        <Button $variant="secondary" $block onClick={() => resendLink(sent.email)}>
          Send the link again
        </Button>
        <Button
          $variant="ghost"
          $block
          onClick={() => setSent(null)}
          style={{ marginTop: '0.5rem' }}
        >
          Use another email address
        </Button>
      </section>
    );
  }

  return (
    <form onSubmit={submit} aria-label="Register">
      <div
        style={{
          display: 'grid',
          gap: '0 1rem',
          gridTemplateColumns: 'repeat(auto-fit, minmax(140px, 1fr))',
        }}
      >
        <Field label="First name" htmlFor="reg-first">
          <Input id="reg-first" name="firstName" autoComplete="given-name" />
        </Field>
        <Field label="Last name" htmlFor="reg-last">
          <Input id="reg-last" name="lastName" autoComplete="family-name" />
        </Field>
      </div>
      <Field label="Username" htmlFor="reg-username">
        <Input id="reg-username" name="username" autoComplete="username" required />
      </Field>
      <Field label="Email" htmlFor="reg-email">
        <Input id="reg-email" name="email" type="email" autoComplete="email" required />
      </Field>
      <Field label="Password" htmlFor="reg-password">
        <Input
          id="reg-password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
        />
      </Field>
      <Field
        label="Confirm password"
        htmlFor="reg-confirm"
        error={mismatch ? 'Passwords do not match' : undefined}
      >
        <Input
          id="reg-confirm"
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          required
        />
      </Field>
      <Button type="submit" $block disabled={pending}>
        {pending ? 'Creating Account...' : 'Create Account'}
      </Button>
    </form>
  );
}

function ForgotPassword({ onBack }: { onBack: () => void }) {
  const [email, setEmail] = useState('');
  return (
    <form
      aria-label="Forgot password"
      onSubmit={(event) => {
        event.preventDefault();
        toast({
          title: 'Password Reset',
          description: 'Please contact support to reset your password.',
        });
      }}
    >
      <h1 style={{ fontSize: '1.5rem' }}>Reset your password</h1>
      <Field label="Email" htmlFor="forgot-email">
        <Input
          id="forgot-email"
          type="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
      </Field>
      <Button type="submit" $block>
        Send Reset Link
      </Button>
      <Button $variant="ghost" $block onClick={onBack} style={{ marginTop: '0.5rem' }}>
        Back to Sign In
      </Button>
    </form>
  );
}

function WaitlistPanel() {
  return (
    <div data-testid="waitlist-panel">
      <h2 style={{ fontSize: '1.4rem' }}>Join the Waitlist</h2>
      <Muted style={{ marginBottom: '1rem' }}>
        Registration is closed for now: we are opening membership in waves. Leave your email and you
        will be among the first to get access. Already a member? Sign in above.
      </Muted>
      <EmailSignup kind="waitlist" source="page" />
    </div>
  );
}

/** `?tab=register` and `?tab=waitlist` open the second tab; anything else opens Sign In. */
function tabFrom(value: string | null): 'login' | 'register' {
  return value === 'register' || value === 'waitlist' ? 'register' : 'login';
}

/**
 * Sign in, and register or (in waitlist mode) join the waitlist. Waitlist mode closes only
 * registration: members and staff must still be able to sign in, not least the admin who turns
 * waitlist mode off again.
 */
export function Auth() {
  const user = useSession((state) => state.user);
  const { waitlistEnabled } = useWaitlist();
  const [params, setParams] = useSearchParams();
  const [forgot, setForgot] = useState(false);
  if (user) return <Navigate to="/" replace />;
  const tab = tabFrom(params.get('tab'));
  const secondTab = waitlistEnabled ? 'waitlist' : 'register';

  return (
    <div style={{ display: 'grid', gap: '1.5rem', maxWidth: 480, margin: '0 auto' }}>
      <Card>
        {forgot ? null : (
          <h1 style={{ fontSize: '1.5rem', textAlign: 'center' }}>
            {waitlistEnabled ? 'Sign in or join the waitlist' : 'Sign in or register'}
          </h1>
        )}
        {forgot ? (
          <ForgotPassword onBack={() => setForgot(false)} />
        ) : (
          <Tabs
            value={tab}
            onValueChange={(value) =>
              setParams({ tab: value === 'register' ? secondTab : 'login' }, { replace: true })
            }
          >
            <TabsList
              aria-label={waitlistEnabled ? 'Sign in or join the waitlist' : 'Sign in or register'}
            >
              <TabsTrigger value="login">Sign In</TabsTrigger>
              <TabsTrigger value="register">
                {waitlistEnabled ? 'Join Waitlist' : 'Register'}
              </TabsTrigger>
            </TabsList>
            <TabsContent value="login">
              <LoginForm onForgot={() => setForgot(true)} />
            </TabsContent>
            <TabsContent value="register">
              {waitlistEnabled ? <WaitlistPanel /> : <RegisterForm />}
            </TabsContent>
          </Tabs>
        )}
      </Card>
      <Card>
        <h2 style={{ fontSize: '1.2rem' }}>Have a question for an expert?</h2>
        {waitlistEnabled ? (
          <Muted>
            Members sign in and <Link to="/submit-question">ask their question</Link> to the
            verified expert of their choice. New memberships open soon: join the waitlist to hear
            first.
          </Muted>
        ) : (
          <Muted>
            Sign in or create an account, subscribe, and{' '}
            <Link to="/submit-question">ask your question</Link> to the verified expert of your
            choice.
          </Muted>
        )}
      </Card>
    </div>
  );
}
