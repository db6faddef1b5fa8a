import {
  apiRequest,
  Button,
  Card,
  HttpError,
  Muted,
  Spinner,
  serverMessage,
  toast,
  useSession,
} from '@uapqa/ui';
import { Link, useNavigate, useSearchParams } from '@uapqa/ui/router';
import { useEffect, useState } from 'react';
import { ResendLinkForm } from '../forms/ResendLink';

/*
 * A link works once: the page may mount twice (React's strict mode, a remount), so each token is
 * sent once per page load and every mount shares the answer.
 */
const confirmations = new Map<string, Promise<void>>();

function confirm(token: string): Promise<void> {
  let pending = confirmations.get(token);
  if (!pending) {
    pending = apiRequest('POST', '/api/verify-email', { token }).then(() => undefined);
    confirmations.set(token, pending);
  }
  return pending;
}

/** `/verify-email?token=…`: the link of the confirmation email. */
export function VerifyEmail() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const load = useSession((state) => state.load);
  /** A link already opened: its address is confirmed, so the way on is to sign in. */
  const [used, setUsed] = useState(false);
  const [failure, setFailure] = useState<string | null>(
    token
      ? null
      : 'This confirmation link is not valid. Please open the whole link from the email, or ask for a new one.',
  );

  useEffect(() => {
    if (!token) return;
    let current = true;
    confirm(token).then(
      async () => {
        await load();
        if (!current) return;
        toast({
          title: 'Email confirmed',
          description: 'Your account is ready. Welcome to UAP Answers!',
        });
        navigate('/subscribe', { replace: true });
      },
      (error: unknown) => {
        if (!current) return;
        setUsed(error instanceof HttpError && error.body.includes('"reason":"used"'));
        setFailure(serverMessage(error) ?? 'This confirmation link did not work.');
      },
    );
    return () => {
      current = false;
    };
  }, [token, load, navigate]);

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
          <Spinner label="Confirming your email address" />
        )}
      </Card>
    </div>
  );
}
