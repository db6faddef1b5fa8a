import type { ChangePasswordFields } from '@uapqa/contracts';
import { apiRequest, Button, serverMessage, toast } from '@uapqa/ui';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { PasswordField } from '../forms/PasswordField';
import { changePasswordResolver } from '../forms/resolvers';

type FieldsInput = z.input<typeof ChangePasswordFields>;
type FieldsOutput = z.output<typeof ChangePasswordFields>;

/** A new password, with the current one; every other device is signed out, this one stays. */
export function PasswordSection() {
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FieldsInput, unknown, FieldsOutput>({
    resolver: changePasswordResolver,
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });

  async function change(body: FieldsOutput) {
    try {
      const response = await apiRequest('POST', '/api/account/password', body);
      const { message } = (await response.json()) as { message: string };
      reset();
      toast({ title: 'Password changed', description: message });
    } catch (error) {
      const message = serverMessage(error) ?? 'The password could not be changed.';
      if (/current password/.test(message)) {
        setError('currentPassword', { message });
        return;
      }
      toast({ title: 'Password not changed', description: message, variant: 'destructive' });
    }
  }

  return (
    <form onSubmit={handleSubmit(change)} noValidate aria-label="Change your password">
      <p>Changing your password signs you out on every other device.</p>
      <PasswordField
        id="account-current-password"
        label="Current password"
        autoComplete="current-password"
        error={errors.currentPassword?.message}
        registration={register('currentPassword')}
      />
      <PasswordField
        id="account-new-password"
        label="New password"
        autoComplete="new-password"
        error={errors.newPassword?.message}
        registration={register('newPassword')}
      />
      <PasswordField
        id="account-confirm-password"
        label="Confirm new password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        registration={register('confirmPassword')}
      />
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? 'Saving...' : 'Change password'}
      </Button>
    </form>
  );
}
