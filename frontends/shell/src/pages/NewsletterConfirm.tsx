import type { FormAccepted } from '@uapqa/contracts';
import { apiRequest, Card, Spinner, serverMessage } from '@uapqa/ui';
import { Link, useSearchParams } from '@uapqa/ui/router';
import { useEffect, useState } from 'react';

const NOT_VALID =
  'This confirmation link is not valid. Please open the whole link from the email, or sign up again from the form at the bottom of any page.';

/*
 * A link works once: the page may mount twice (React's strict mode, a remount), so each token is
 * sent once per page load and every mount shares the answer.
 */
const confirmations = new Map<string, Promise<FormAccepted>>();

function confirm(token: string): Promise<FormAccepted> {
  let pending = confirmations.get(token);
  if (!pending) {
    pending = apiRequest(
      'POST',
      '/api/newsletter/confirm',
      { token },
      { credentials: 'omit' },
    ).then((response) => response.json() as Promise<FormAccepted>);
    confirmations.set(token, pending);
  }
  return pending;
}

/** `/newsletter/confirm?token=…`: the link of the newsletter's confirmation email. */
export function NewsletterConfirm() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(
    token ? null : { ok: false, message: NOT_VALID },
  );

  useEffect(() => {
    if (!token) return;
    let current = true;
    confirm(token).then(
      (answer) => current && setOutcome({ ok: true, message: answer.message }),
      (error: unknown) =>
        current && setOutcome({ ok: false, message: serverMessage(error) ?? NOT_VALID }),
    );
    return () => {
      current = false;
    };
  }, [token]);

  return (
    <div style={{ maxWidth: 480, margin: '0 auto' }}>
      <Card data-testid="newsletter-confirm">
        <h1 style={{ fontSize: '1.4rem', marginTop: 0 }}>Newsletter subscription</h1>
        {!outcome ? (
          <Spinner label="Confirming your subscription" />
        ) : (
          <>
            <p role={outcome.ok ? 'status' : 'alert'}>{outcome.message}</p>
            <p style={{ marginBottom: 0 }}>
              <Link to="/browse-qa">Browse the archive</Link>
            </p>
          </>
        )}
      </Card>
    </div>
  );
}
