import { type AdminUser, ROLE_NAMES, ROLES, type Role } from '@uapqa/contracts';
import {
  apiRequest,
  Button,
  DialogActions,
  Field,
  fieldErrorProps,
  Input,
  Muted,
  NativeSelect,
  serverMessage,
  toast,
} from '@uapqa/ui';
import { Dialog, DialogClose, DialogContent } from '@uapqa/ui/dialog';
import { useId, useState } from 'react';
import { useStaffErrors } from '../lib/access';

export const roleLabel = (role: Role) => ROLE_NAMES[role].replace(/^an? /, '');

/** Changes an account's role with the reason the audit log keeps. */
export function RoleDialog({
  user,
  onClose,
  onChanged,
}: {
  user: AdminUser | null;
  onClose: () => void;
  onChanged: () => void;
}) {
  const id = useId();
  const onError = useStaffErrors();
  const [role, setRole] = useState<Role | ''>('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [sending, setSending] = useState(false);
  const chosen = role || user?.role || 'user';

  async function send() {
    if (!user) return;
    if (reason.trim().length < 3) {
      setError('Please give a reason (at least 3 characters).');
      return;
    }
    setSending(true);
    try {
      await apiRequest('PATCH', `/api/admin/users/${user.id}/role`, {
        role: chosen,
        reason: reason.trim(),
      });
      toast({
        title: 'Role Changed',
        description: `${user.username} is now ${ROLE_NAMES[chosen]}, signed out to pick it up.`,
      });
      setRole('');
      setReason('');
      setError(undefined);
      onChanged();
    } catch (failure) {
      onError(failure, {
        title: 'Could not change the role',
        description: serverMessage(failure) ?? '',
      });
    } finally {
      setSending(false);
    }
  }

  return (
    <Dialog open={user !== null} onOpenChange={(open) => !open && onClose()}>
      {user ? (
        <DialogContent title={`Change the role of ${user.username}`}>
          <Muted style={{ marginBottom: '1rem' }}>
            They are signed out everywhere, and sign in again with the new role. An expert who stops
            being one leaves every list; the reason is kept in the audit log.
          </Muted>
          <Field label="Role" htmlFor={`${id}-role`}>
            <NativeSelect
              id={`${id}-role`}
              value={chosen}
              disabled={sending}
              onChange={(event) => setRole(event.target.value as Role)}
            >
              {ROLES.map((value) => (
                <option key={value} value={value}>
                  {roleLabel(value)}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <Field label="Reason" htmlFor={`${id}-reason`} error={error}>
            <Input
              id={`${id}-reason`}
              value={reason}
              maxLength={500}
              disabled={sending}
              onChange={(event) => setReason(event.target.value)}
              {...fieldErrorProps(`${id}-reason`, error)}
            />
          </Field>
          <DialogActions>
            <DialogClose asChild>
              <Button $variant="secondary">Cancel</Button>
            </DialogClose>
            <Button disabled={sending || chosen === user.role} onClick={() => void send()}>
              Change role
            </Button>
          </DialogActions>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
