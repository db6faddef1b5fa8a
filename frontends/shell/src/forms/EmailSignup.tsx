import { Button, Input, toast } from '@uapqa/ui';
import { useLayoutEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import type { EmailSignupForm } from './EmailSignupForm';

// What the stand-in and the real form share is here, in the stand-in's module: in a module of
// its own it was one more file for the first paint of `/` to fetch.

/** What each sign-up shows before it is used; the rest of its words come with the form. */
export const KINDS = {
  waitlist: {
    label: 'Join the waitlist',
    button: 'Join Waitlist',
    networkError: 'Unable to join waitlist. Please try again.',
  },
  newsletter: {
    label: 'Newsletter',
    button: 'Subscribe',
    networkError: 'Unable to subscribe. Please try again.',
  },
} as const;

export type SignupKind = keyof typeof KINDS;
export type SignupSource = 'hero' | 'footer' | 'page';

/** The address box, and its button beside it; an error takes the line below both. */
export const Row = styled.form`
  display: flex;
  gap: 0.5rem;
  flex-wrap: wrap;
  & > input { flex: 1 1 12rem; }
  & > p { flex-basis: 100%; }
`;

/** The address box of the stand-in and of the form: to the visitor, one and the same. */
export const EMAIL_INPUT = {
  type: 'email',
  placeholder: 'Enter your email',
  'aria-label': 'Email address',
} as const;

/**
 * What the stand-in leaves the form that takes its place: the address typed so far, whether
 * its box had the focus, and whether it was sent before the form was there. The form takes
 * `focused` and `submitted` once.
 */
export interface Handover {
  email: string;
  focused: boolean;
  submitted: boolean;
}

const loadForm = () => import('./EmailSignupForm');

/**
 * The waitlist and newsletter sign-ups. `/` shows them, and its first paint must not carry
 * react-hook-form and zod: a plain stand-in is drawn first, and the real form takes its place
 * as soon as the visitor reaches for it (points at it, focuses it, or sends it), keeping what
 * they typed, the focus, and a press of the button that came first.
 */
export function EmailSignup({ kind, source }: { kind: SignupKind; source: SignupSource }) {
  const handover = useRef<Handover>({ email: '', focused: false, submitted: false }).current;
  const [Form, setForm] = useState<typeof EmailSignupForm | null>(null);
  const loading = useRef(false);

  function reach() {
    if (loading.current) return;
    loading.current = true;
    loadForm().then(
      (module) => setForm(() => module.EmailSignupForm),
      () => {
        // Tried again at the next reach; a press that found no form fails as a request would.
        loading.current = false;
        if (!handover.submitted) return;
        handover.submitted = false;
        toast({ title: 'Error', description: KINDS[kind].networkError, variant: 'destructive' });
      },
    );
  }

  if (Form) return <Form key={kind} kind={kind} source={source} handover={handover} />;
  return <StandIn kind={kind} handover={handover} onReach={reach} />;
}

function StandIn({
  kind,
  handover,
  onReach,
}: {
  kind: SignupKind;
  handover: Handover;
  onReach: () => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  // The cleanup runs as the form replaces the stand-in, while its box is still on the page.
  useLayoutEffect(
    () => () => {
      handover.focused = input.current !== null && document.activeElement === input.current;
    },
    [handover],
  );

  return (
    <Row
      aria-label={KINDS[kind].label}
      noValidate
      onPointerEnter={onReach}
      onFocus={onReach}
      onSubmit={(event) => {
        event.preventDefault();
        handover.submitted = true;
        onReach();
      }}
    >
      <Input
        ref={input}
        {...EMAIL_INPUT}
        defaultValue={handover.email}
        onChange={(event) => {
          handover.email = event.target.value;
        }}
      />
      <Button type="submit">{KINDS[kind].button}</Button>
    </Row>
  );
}
