import type { NewPasswordFields } from '@uapqa/contracts';
import { Button } from '@uapqa/ui';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { PasswordField } from './PasswordField';
import { newPasswordResolver } from './resolvers';

type FieldsOutput = z.output<typeof NewPasswordFields>;

/**
 * The form of a mailed link that sets a password (a reset, an invitation): a heading, what
 * happens next, the new password twice (checked to match) and one button. `onSave` gets the
 * password; the page says what happened.
 */
export function NewPasswordForm({
  id,
  title,
  intro,
  labels,
  submit,
  onSave,
}: {
  id: string;
  title: string;
  intro: ReactNode;
  labels: { password: string; confirm: string };
  submit: { idle: string; busy: string };
  onSave: (password: string) => Promise<void>;
}) {
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof NewPasswordFields>, unknown, FieldsOutput>({
    resolver: newPasswordResolver,
    defaultValues: { password: '', confirmPassword: '' },
  });
  return (
    <form onSubmit={handleSubmit(({ password }) => onSave(password))} noValidate aria-label={title}>
      <h1 style={{ fontSize: '1.4rem', marginTop: 0 }}>{title}</h1>
      <p>{intro}</p>
      <PasswordField
        id={`${id}-password`}
        label={labels.password}
        autoComplete="new-password"
        error={errors.password?.message}
        registration={register('password')}
      />
      <PasswordField
        id={`${id}-confirm`}
        label={labels.confirm}
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        registration={register('confirmPassword')}
      />
      <Button type="submit" $block disabled={isSubmitting}>
        {isSubmitting ? submit.busy : submit.idle}
      </Button>
    </form>
  );
}
