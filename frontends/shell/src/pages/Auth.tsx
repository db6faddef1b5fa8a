import { Card, Muted, useSession, useWaitlist } from '@uapqa/ui';
import { Link, Navigate, useSearchParams } from '@uapqa/ui/router';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@uapqa/ui/tabs';
import { EmailSignup } from '../forms/EmailSignup';
import { ForgotPasswordForm } from '../forms/ForgotPassword';
import { LoginForm } from '../forms/LoginForm';
import { RegisterForm } from '../forms/RegisterForm';

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

/**
 * `?tab=register` and `?tab=waitlist` open the second tab, `?tab=forgot` the password reset
 * (the emails' "reset your password" link); anything else opens Sign In.
 */
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
  if (user) return <Navigate to="/" replace />;
  // An approved expert's invitation link opens registration to them, waitlist mode or not.
  const invite = params.get('invite') || undefined;
  const closed = waitlistEnabled && !invite;
  const forgot = params.get('tab') === 'forgot';
  const setForgot = (on: boolean) => setParams({ tab: on ? 'forgot' : 'login' }, { replace: true });
  const tab = tabFrom(params.get('tab') ?? (invite ? 'register' : null));
  const secondTab = closed ? 'waitlist' : 'register';

  return (
    <div style={{ display: 'grid', gap: '1.5rem', maxWidth: 480, margin: '0 auto' }}>
      <Card>
        {forgot ? null : (
          <h1 style={{ fontSize: '1.5rem', textAlign: 'center' }}>
            {closed ? 'Sign in or join the waitlist' : 'Sign in or register'}
          </h1>
        )}
        {forgot ? (
          <ForgotPasswordForm onBack={() => setForgot(false)} />
        ) : (
          <Tabs
            value={tab}
            onValueChange={(value) =>
              setParams(
                { tab: value === 'register' ? secondTab : 'login', ...(invite ? { invite } : {}) },
                { replace: true },
              )
            }
          >
            <TabsList aria-label={closed ? 'Sign in or join the waitlist' : 'Sign in or register'}>
              <TabsTrigger value="login">Sign In</TabsTrigger>
              <TabsTrigger value="register">{closed ? 'Join Waitlist' : 'Register'}</TabsTrigger>
            </TabsList>
            <TabsContent value="login">
              <LoginForm onForgot={() => setForgot(true)} />
            </TabsContent>
            <TabsContent value="register">
              {invite ? (
                <Muted data-testid="invitation-note" style={{ margin: '1rem 0' }}>
                  Your expert invitation: create your account with the email address the invitation
                  was sent to.
                </Muted>
              ) : null}
              {closed ? <WaitlistPanel /> : <RegisterForm invite={invite} />}
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
