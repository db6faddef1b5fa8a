import type { ChangeEmailBody } from '@uapqa/contracts';
import { apiRequest, Button, Field, fieldErrorProps, Input, serverMessage, toast } from '@uapqa/ui';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { changeEmailResolver } from '../forms/resolvers';
import type { AccountSectionProps } from './sections';

type FieldsInput = z.input<typeof ChangeEmailBody>;
type FieldsOutput = z.output<typeof ChangeEmailBody>;

/**
 * A new address, with the password: a link goes to it, and the account keeps its address until
 * the link is opened.
 */
export function EmailSection({ user }: AccountSectionProps) {
  const [pending, setPending] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FieldsInput, unknown, FieldsOutput>({
    resolver: changeEmailResolver,
    defaultValues: { email: '', password: '' },
  });

  async function change(body: FieldsOutput) {
    try {
      const response = await apiRequest('POST', '/api/account/email', body);
      const { message } = (await response.json()) as { message: string };
      reset();
      setPending(message);
      toast({ title: 'Check your new inbox', description: message });
    } catch (error) {
      const message = serverMessage(error) ?? 'The address could not be changed.';
      if (/password/.test(message)) return setError('password', { message });
      if (/already the address/.test(message)) return setError('email', { message });
      toast({ title: 'Address not changed', description: message, variant: 'destructive' });
    }
  }

  return (
    <form onSubmit={handleSubmit(change)} noValidate aria-label="Change your email address">
      <p>
        Your account's address is{' '}
        <strong data-testid="account-email" style={{ overflowWrap: 'anywhere' }}>
          {user.email}
        </strong>
        .
      </p>
      {pending ? (
        <p role="status" data-testid="email-change-pending" style={{ overflowWrap: 'anywhere' }}>
          {pending}
        </p>
      ) : null}
      <Field label="New email address" htmlFor="account-new-email" error={errors.email?.message}>
        <Input
          id="account-new-email"
          type="email"
          autoComplete="email"
          required
          maxLength={254}
          {...fieldErrorProps('account-new-email', errors.email?.message)}
          {...register('email')}
        />
      </Field>
      <Field label="Password" htmlFor="account-email-password" error={errors.password?.message}>
        <Input
          id="account-email-password"
          type="password"
          autoComplete="current-password"
          required
          {...fieldErrorProps('account-email-password', errors.password?.message)}
          {...register('password')}
        />
      </Field>
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? 'Sending...' : 'Send confirmation link'}
      </Button>
    </form>
  );
}
