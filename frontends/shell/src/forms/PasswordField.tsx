import { Field, fieldErrorProps, Input } from '@uapqa/ui';
import type { UseFormRegisterReturn } from 'react-hook-form';

/**
 * A labelled password input with its error, wired to react-hook-form: every form that asks for
 * a password (current or new) writes it the same way, so its label, autocomplete hint and error
 * announcement cannot drift between forms.
 */
export function PasswordField({
  id,
  label,
  autoComplete,
  error,
  registration,
}: {
  id: string;
  label: string;
  autoComplete: 'current-password' | 'new-password';
  error: string | undefined;
  registration: UseFormRegisterReturn;
}) {
  return (
    <Field label={label} htmlFor={id} error={error}>
      <Input
        id={id}
        type="password"
        autoComplete={autoComplete}
        required
        {...fieldErrorProps(id, error)}
        {...registration}
      />
    </Field>
  );
}
