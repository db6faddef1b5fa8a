import type { AdminUser } from '@uapqa/contracts';
import {
  apiRequest,
  Button,
  DialogActions,
  Field,
  fieldErrorProps,
  Muted,
  serverMessage,
  Textarea,
  toast,
} from '@uapqa/ui';
import { Dialog, DialogClose, DialogContent } from '@uapqa/ui/dialog';
import { useId, useState } from 'react';
import { useStaffErrors } from '../lib/access';

/**
 * Suspends an account, or reinstates it, with the reason the admin types: the server keeps it
 * and the list shows it back. Closes on success and hands the updated account over.
 */
export function SuspensionDialog({
  user,
  onClose,
  onChanged,
}: {
  user: AdminUser | null;
  onClose: () => void;
  onChanged: (user: AdminUser) => void;
}) {
  const id = useId();
  const onError = useStaffErrors();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [sending, setSending] = useState(false);
  const suspending = user?.suspendedAt === null;

  async function send() {
    if (!user) return;
    if (reason.trim().length < 3) {
      setError('Please give a reason (at least 3 characters).');
      return;
    }
    setSending(true);
    try {
      const response = await apiRequest('POST', `/api/admin/users/${user.id}/suspension`, {
        suspended: suspending,
        reason: reason.trim(),
      });
      const updated = (await response.json()) as AdminUser;
      toast({
        title: suspending ? 'Account Suspended' : 'Account Reinstated',
        description: `${updated.username} ${suspending ? 'can no longer sign in.' : 'can sign in again.'}`,
      });
      setReason('');
      setError(undefined);
      onChanged(updated);
    } catch (failure) {
      const message = serverMessage(failure);
      if (message && /reason/i.test(message)) setError(message);
      else onError(failure, { title: 'Could not change the account', description: message ?? '' });
    } finally {
      setSending(false);
    }
  }

  const field = `${id}-reason`;
  return (
    <Dialog open={user !== null} onOpenChange={(open) => !open && onClose()}>
      {user ? (
        <DialogContent title={`${suspending ? 'Suspend' : 'Reinstate'} ${user.username}?`}>
          <Muted style={{ marginBottom: '1rem' }}>
            {suspending
              ? 'They are signed out everywhere at once, cannot sign in, and their subscription is not renewed. The reason is kept with the account.'
              : 'They can sign in again. A subscription stopped by the suspension is not resumed: they can resume it from their billing page.'}
          </Muted>
          <Field label="Reason" htmlFor={field} error={error}>
            <Textarea
              id={field}
              value={reason}
              maxLength={500}
              disabled={sending}
              onChange={(event) => setReason(event.target.value)}
              {...fieldErrorProps(field, error)}
            />
          </Field>
          <DialogActions>
            <DialogClose asChild>
              <Button $variant="secondary">Cancel</Button>
            </DialogClose>
            <Button
              $variant={suspending ? 'danger' : 'primary'}
              disabled={sending}
              onClick={() => void send()}
            >
              {suspending ? 'Suspend account' : 'Reinstate account'}
            </Button>
          </DialogActions>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
