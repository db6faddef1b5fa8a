import type { WaitlistJoinBody } from '@uapqa/contracts';
import { Button, ErrorText, fieldErrorId, fieldErrorProps, Input, toast } from '@uapqa/ui';
import type { LazyResolver } from '@uapqa/ui/lazy-resolver';
import { useId, useLayoutEffect, useRef } from 'react';
import { type FieldErrors, useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  EMAIL_INPUT,
  type Handover,
  KINDS,
  Row,
  type SignupKind,
  type SignupSource,
} from './EmailSignup';
import { newsletterResolver, waitlistResolver } from './resolvers';

type SignupInput = z.input<typeof WaitlistJoinBody>;
type SignupOutput = z.output<typeof WaitlistJoinBody>;

/** Each list's endpoint and what the form says while and after sending. */
const SENDING = {
  waitlist: {
    path: '/api/waitlist/join',
    pending: 'Joining...',
    failTitle: 'Waitlist Join Failed',
    success: {
      title: 'Welcome to the waitlist!',
      description: "You'll be notified first when we launch.",
    },
  },
  newsletter: {
    path: '/api/newsletter/subscribe',
    pending: 'Subscribing...',
    failTitle: 'Subscription Failed',
    success: {
      title: 'Check your inbox',
      description: 'Open the link we emailed you to confirm your subscription.',
    },
  },
} as const;

// One form for both lists: the newsletter's body is the waitlist's, with fewer sources.
const RESOLVERS = { waitlist: waitlistResolver, newsletter: newsletterResolver } as Record<
  SignupKind,
  LazyResolver<SignupInput, unknown, SignupOutput>
>;

/**
 * The waitlist or newsletter sign-up, checked with the API's schema; it takes the place of
 * `EmailSignup`'s stand-in, and so starts from what the stand-in hands over.
 */
export function EmailSignupForm({
  kind,
  source,
  handover,
}: {
  kind: SignupKind;
  source: SignupSource;
  handover: Handover;
}) {
  const copy = { ...KINDS[kind], ...SENDING[kind] };
  const resolver = RESOLVERS[kind];
  const id = useId();
  const box = useRef<HTMLInputElement | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<SignupInput, unknown, SignupOutput>({
    resolver,
    defaultValues: { email: handover.email, source },
  });

  async function join(body: SignupOutput) {
    try {
      const response = await fetch(copy.path, {
        method: 'POST',
        credentials: 'include',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (!response.ok) {
        const answer = (await response.json().catch(() => ({}))) as { message?: string };
        toast({
          title: copy.failTitle,
          description: answer.message || 'Please try again.',
          variant: 'destructive',
        });
        return;
      }
      toast(copy.success);
      reset({ email: '', source });
    } catch {
      toast({ title: 'Error', description: copy.networkError, variant: 'destructive' });
    }
  }

  /** The schema's sentence as a toast too: a blank box is 'Email Required', as it always was. */
  function refused(refusals: FieldErrors<SignupInput>) {
    const message = refusals.email?.message;
    if (!message) return;
    const blank = !getValues('email').trim();
    toast({
      title: blank ? 'Email Required' : copy.failTitle,
      description: message,
      variant: 'destructive',
    });
  }
  const send = handleSubmit(join, refused);

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, as the form replaces the stand-in
  useLayoutEffect(() => {
    const field = box.current;
    if (handover.focused && field) {
      handover.focused = false;
      field.focus();
      // A new box's caret starts at its beginning, and an email box cannot be told where it
      // goes; writing its value puts it at the end, after what was typed.
      const { value } = field;
      field.value = '';
      field.value = value;
    }
    if (handover.submitted) {
      handover.submitted = false;
      void send();
    }
  }, []);

  const { ref, ...email } = register('email');
  const error = errors.email?.message;
  return (
    <Row aria-label={copy.label} noValidate onFocus={() => void resolver.preload()} onSubmit={send}>
      <Input
        id={id}
        {...EMAIL_INPUT}
        disabled={isSubmitting}
        {...fieldErrorProps(id, error)}
        {...email}
        ref={(element) => {
          ref(element);
          box.current = element;
        }}
      />
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? copy.pending : copy.button}
      </Button>
      {error ? (
        <ErrorText id={fieldErrorId(id)} role="alert">
          {error}
        </ErrorText>
      ) : null}
    </Row>
  );
}
