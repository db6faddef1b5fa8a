import type { PasswordResetBody } from '@uapqa/contracts';
import { apiRequest, Button, Field, fieldErrorProps, Input, serverMessage, toast } from '@uapqa/ui';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { passwordResetResolver } from './resolvers';

type ResetInput = z.input<typeof PasswordResetBody>;
type ResetOutput = z.output<typeof PasswordResetBody>;

/**
 * "Forgot your password?": mails a link to choose a new one. The answer is the same whoever the
 * address belongs to, so the form says only what the server said.
 */
export function ForgotPasswordForm({
  onBack,
  nested = false,
}: {
  onBack?: () => void;
  /** Inside a page that has its own title: the form's heading is then a second-level one. */
  nested?: boolean;
}) {
  const Heading = nested ? 'h2' : 'h1';
  const [sent, setSent] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ResetInput, unknown, ResetOutput>({
    resolver: passwordResetResolver,
    defaultValues: { email: '' },
  });
  const error = errors.email?.message;

  async function send(body: ResetOutput) {
    try {
      const response = await apiRequest('POST', '/api/password-reset', body);
      const { message } = (await response.json()) as { message: string };
      setSent(message);
      toast({ title: 'Check your inbox', description: message });
    } catch (failure) {
      toast({
        title: 'Could not send the link',
        description: serverMessage(failure),
        variant: 'destructive',
      });
    }
  }

  return (
    <form onSubmit={handleSubmit(send)} noValidate aria-label="Forgot password">
      <Heading style={{ fontSize: nested ? '1.2rem' : '1.5rem' }}>Reset your password</Heading>
      <p>
        Enter the email address of your account: we will send you a link to choose a new password.
      </p>
      {sent ? (
        <p role="status" data-testid="reset-link-sent" style={{ overflowWrap: 'anywhere' }}>
          {sent}
        </p>
      ) : null}
      <Field label="Email" htmlFor="forgot-email" error={error}>
        <Input
          id="forgot-email"
          type="email"
          autoComplete="email"
          required
          maxLength={254}
          {...fieldErrorProps('forgot-email', error)}
          {...register('email')}
        />
      </Field>
      <Button type="submit" $block disabled={isSubmitting}>
        {isSubmitting ? 'Sending...' : 'Send Reset Link'}
      </Button>
      {onBack ? (
        <Button $variant="ghost" $block onClick={onBack} style={{ marginTop: '0.5rem' }}>
          Back to Sign In
        </Button>
      ) : null}
    </form>
  );
}
