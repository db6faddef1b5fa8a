import { apiRequest, Button, Field, Input, serverMessage, toast } from '@uapqa/ui';
import { type FormEvent, useState } from 'react';

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
  const [value, setValue] = useState(initial);
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setPending(true);
    await resendLink(value.trim());
    setPending(false);
  }

  return (
    <form onSubmit={submit} aria-label="Send the link again">
      <Field label="Email or username" htmlFor="resend-username">
        <Input
          id="resend-username"
          name="username"
          autoComplete="email"
          required
          maxLength={254}
          value={value}
          onChange={(event) => setValue(event.target.value)}
        />
      </Field>
      <Button type="submit" $block disabled={pending}>
        {pending ? 'Sending...' : 'Send the link again'}
      </Button>
    </form>
  );
}
