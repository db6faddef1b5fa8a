import { Button, Muted } from '@uapqa/ui';
import { resendLink } from './ResendLink';

/** After a sign-up: the server's sentence saying where the link went, and what to do next. */
export function CheckInbox({
  email,
  message,
  onAnotherAddress,
}: {
  email: string;
  message: string;
  onAnotherAddress: () => void;
}) {
  return (
    <section aria-labelledby="check-inbox-title" data-testid="check-inbox">
      <h2 id="check-inbox-title" style={{ fontSize: '1.4rem' }}>
        Check your inbox
      </h2>
      <p role="status" style={{ overflowWrap: 'anywhere' }}>
        {message}
      </p>
      <Muted style={{ marginBottom: '1rem' }}>
        The link works for 24 hours. Nothing arrived? Look in your spam folder, or ask for it again.
      </Muted>
      <Button $variant="secondary" $block onClick={() => resendLink(email)}>
        Send the link again
      </Button>
      <Button $variant="ghost" $block onClick={onAnotherAddress} style={{ marginTop: '0.5rem' }}>
        Use another email address
      </Button>
    </section>
  );
}
