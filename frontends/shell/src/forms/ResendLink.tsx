import type { ResendVerificationBody } from '@uapqa/contracts';
import { apiRequest, Button, Field, fieldErrorProps, Input, serverMessage, toast } from '@uapqa/ui';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { resendResolver } from './resolvers';

type ResendInput = z.input<typeof ResendVerificationBody>;
type ResendOutput = z.output<typeof ResendVerificationBody>;

/** Asks for the confirmation link again; the answer never says whether the account exists. */
export async function resendLink(username: string): Promise<void> {
  try {
    const response = await apiRequest('POST', '/api/verify-email/resend', { username });
    const { message } = (await response.json()) as { message: string };
    toast({ title: 'Link sent', description: message });
  } catch (error) {
    toast({
      title: 'Could not send the link',
      description: serverMessage(error),
      variant: 'destructive',
    });
  }
}

/** "Send the link again" for a visitor whose link is gone: by email address or username. */
export function ResendLinkForm({ initial = '' }: { initial?: string }) {
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ResendInput, unknown, ResendOutput>({
    resolver: resendResolver,
    defaultValues: { username: initial },
  });
  const error = errors.username?.message;

  return (
    <form
      onSubmit={handleSubmit(({ username }) => resendLink(username))}
      noValidate
      aria-label="Send the link again"
    >
      <Field label="Email or username" htmlFor="resend-username" error={error}>
        <Input
          id="resend-username"
          autoComplete="email"
          required
          maxLength={254}
          {...fieldErrorProps('resend-username', error)}
          {...register('username')}
        />
      </Field>
      <Button type="submit" $block disabled={isSubmitting}>
        {isSubmitting ? 'Sending...' : 'Send the link again'}
      </Button>
    </form>
  );
}
