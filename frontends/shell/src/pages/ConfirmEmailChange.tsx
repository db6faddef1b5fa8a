import { apiRequest, Card, Spinner, serverMessage, useSession } from '@uapqa/ui';
import { useSearchParams } from '@uapqa/ui/router';
import { useEffect, useState } from 'react';
import { ButtonLink } from '../layout/nav';

/*
 * A link works once: the page may mount twice (React's strict mode, a remount), so each token is
 * sent once per page load and every mount shares the answer.
 */
const confirmations = new Map<string, Promise<string>>();

function confirm(token: string): Promise<string> {
  let pending = confirmations.get(token);
  if (!pending) {
    pending = apiRequest('POST', '/api/account/email/confirm', { token })
      .then((response) => response.json() as Promise<{ message: string }>)
      .then(({ message }) => message);
    confirmations.set(token, pending);
  }
  return pending;
}

/** `/confirm-email-change?token=…`: the link mailed to the new address of an account. */
export function ConfirmEmailChange() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const user = useSession((state) => state.user);
  const load = useSession((state) => state.load);
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(
    token
      ? null
      : {
          ok: false,
          message:
            'This confirmation link is not valid. Please open the whole link from the email.',
        },
  );

  useEffect(() => {
    if (!token) return;
    let current = true;
    confirm(token).then(
      async (message) => {
        await load();
        if (current) setOutcome({ ok: true, message });
      },
      (error: unknown) => {
        if (current) {
          setOutcome({ ok: false, message: serverMessage(error) ?? 'This link did not work.' });
        }
      },
    );
    return () => {
      current = false;
    };
  }, [token, load]);

  return (
    <div style={{ display: 'grid', gap: '1.5rem', maxWidth: 480, margin: '0 auto' }}>
      <Card data-testid="confirm-email-change">
        <h1 style={{ fontSize: '1.4rem', marginTop: 0 }}>Confirm your new email address</h1>
        {outcome ? (
          <>
            <p
              role={outcome.ok ? 'status' : 'alert'}
              data-testid="confirm-email-change-outcome"
              style={{ overflowWrap: 'anywhere' }}
            >
              {outcome.message}
            </p>
            <ButtonLink to={user ? '/account' : '/auth?tab=login'} $block>
              {user ? 'Back to your account' : 'Sign in'}
            </ButtonLink>
          </>
        ) : (
          <Spinner label="Confirming your new email address" />
        )}
      </Card>
    </div>
  );
}
