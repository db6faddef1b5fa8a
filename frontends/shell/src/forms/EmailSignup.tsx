import { Button, Input, toast } from '@uapqa/ui';
import { type FormEvent, useState } from 'react';
import styled from 'styled-components';

const Row = styled.form`
  display: flex;
  gap: 0.5rem;
  flex-wrap: wrap;
  & > input { flex: 1 1 12rem; }
`;

const KINDS = {
  waitlist: {
    path: '/api/waitlist/join',
    button: 'Join Waitlist',
    pending: 'Joining...',
    failTitle: 'Waitlist Join Failed',
    networkError: 'Unable to join waitlist. Please try again.',
    success: {
      title: 'Welcome to the waitlist!',
      description: "You'll be notified first when we launch.",
    },
  },
  newsletter: {
    path: '/api/newsletter/subscribe',
    button: 'Subscribe',
    pending: 'Subscribing...',
    failTitle: 'Subscription Failed',
    networkError: 'Unable to subscribe. Please try again.',
    success: { title: 'Success!', description: "You've been subscribed to our newsletter." },
  },
} as const;

/** The waitlist and newsletter forms: the same email rule, each with its own source and toast. */
export function EmailSignup({
  kind,
  source,
}: {
  kind: keyof typeof KINDS;
  source: 'hero' | 'footer' | 'page';
}) {
  const copy = KINDS[kind];
  const [email, setEmail] = useState('');
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!email.trim()) {
      toast({
        title: 'Email Required',
        description: 'Please enter your email address.',
        variant: 'destructive',
      });
      return;
    }
    setPending(true);
    try {
      const response = await fetch(copy.path, {
        method: 'POST',
        credentials: 'include',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: email.trim(), source }),
      });
      if (!response.ok) {
        const body = (await response.json().catch(() => ({}))) as { message?: string };
        toast({
          title: copy.failTitle,
          description: body.message || 'Please try again.',
          variant: 'destructive',
        });
        return;
      }
      toast(copy.success);
      setEmail('');
    } catch {
      toast({ title: 'Error', description: copy.networkError, variant: 'destructive' });
    } finally {
      setPending(false);
    }
  }

  return (
    <Row
      onSubmit={submit}
      noValidate
      aria-label={kind === 'waitlist' ? 'Join the waitlist' : 'Newsletter'}
    >
      <Input
        type="email"
        placeholder="Enter your email"
        aria-label="Email address"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        disabled={pending}
      />
      <Button type="submit" disabled={pending}>
        {pending ? copy.pending : copy.button}
      </Button>
    </Row>
  );
}
