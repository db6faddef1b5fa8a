import type { UnsubscribeDetails, UnsubscribeDone } from '@uapqa/contracts';
import { Button, Card, HttpError, Muted, Spinner, serverMessage, useSession } from '@uapqa/ui';
import { Link, useSearchParams } from '@uapqa/ui/router';
import { useState } from 'react';
import useSWR from 'swr';
import { EmailPreferences } from '../account/EmailPreferences';

const NOT_VALID =
  'This unsubscribe link is not valid. Please open the whole link from the email, or change your email settings on your account page.';

/** The same request a mail client makes for a one-click unsubscribe (RFC 8058). */
async function unsubscribe(token: string): Promise<UnsubscribeDone> {
  const response = await fetch(`/api/unsubscribe?token=${encodeURIComponent(token)}`, {
    method: 'POST',
    credentials: 'omit',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: 'List-Unsubscribe=One-Click',
  });
  if (!response.ok) {
    throw new HttpError(response.status, await response.text(), response.statusText);
  }
  return response.json() as Promise<UnsubscribeDone>;
}

/**
 * `/unsubscribe?token=…`: where an email's unsubscribe link leads a person. It says what will be
 * switched off and waits for a press, so a link scanner that opens the link changes nothing.
 */
export function Unsubscribe() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const user = useSession((state) => state.user);
  const { data, error } = useSWR<UnsubscribeDetails>(
    token ? `/api/unsubscribe/details?token=${encodeURIComponent(token)}` : null,
  );
  const [done, setDone] = useState<UnsubscribeDone | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  async function confirm() {
    setSending(true);
    setFailure(null);
    try {
      setDone(await unsubscribe(token));
    } catch (problem) {
      setFailure(serverMessage(problem) ?? 'That did not work. Please try again.');
    } finally {
      setSending(false);
    }
  }

  const invalid = !token ? NOT_VALID : error ? (serverMessage(error) ?? NOT_VALID) : null;
  return (
    <div style={{ display: 'grid', gap: '1.5rem', maxWidth: 560, margin: '0 auto' }}>
      <Card data-testid="unsubscribe">
        <h1 style={{ fontSize: '1.4rem', marginTop: 0 }}>Unsubscribe</h1>
        {invalid ? (
          <p role="alert">{invalid}</p>
        ) : done ? (
          <p role="status" data-testid="unsubscribe-done">
            {done.message}
          </p>
        ) : !data ? (
          <Spinner label="Reading the link" />
        ) : (
          <>
            <p>
              Switch off <strong>{data.label.toLowerCase()}</strong> emails
              {data.address ? ` sent to ${data.address}` : ''}?
            </p>
            {data.subscribed ? null : (
              <Muted>They are already off. Pressing the button again changes nothing.</Muted>
            )}
            {failure ? <p role="alert">{failure}</p> : null}
            <Button $block onClick={() => void confirm()} disabled={sending}>
              {sending ? 'Unsubscribing...' : `Unsubscribe from ${data.label.toLowerCase()}`}
            </Button>
            <Muted style={{ margin: '1rem 0 0' }}>
              Security emails and receipts are always sent.{' '}
              {user ? null : (
                <>
                  <Link to="/auth?tab=login">Sign in</Link> to see all your email settings.
                </>
              )}
            </Muted>
          </>
        )}
      </Card>
      {user && (done || invalid) ? (
        <Card as="section" aria-labelledby="emails-title">
          <h2 id="emails-title" style={{ fontSize: '1.2rem', marginTop: 0 }}>
            All your emails
          </h2>
          <EmailPreferences />
        </Card>
      ) : null}
    </div>
  );
}
