import { Button, Card, Field, Input, Muted, toast, useSession, useWaitlist } from '@uapqa/ui';
import { Link, Navigate, useSearchParams } from '@uapqa/ui/router';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@uapqa/ui/tabs';
import { useState } from 'react';
import { EmailSignup } from '../forms/EmailSignup';
import { LoginForm } from '../forms/LoginForm';
import { RegisterForm } from '../forms/RegisterForm';

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
