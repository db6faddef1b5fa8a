import type { RegisterFields } from '@uapqa/contracts';
import { apiRequest, Button, Field, fieldErrorProps, Input, serverMessage, toast } from '@uapqa/ui';
import { useState } from 'react';
import { type FieldErrors, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { CheckInbox } from './CheckInbox';
import { registrationResolver } from './resolvers';

type RegisterInput = z.input<typeof RegisterFields>;
type RegisterOutput = z.output<typeof RegisterFields>;

/** The fields, by the names the schema gives them: their ids, labels and inputs' attributes. */
const FIELDS = {
  firstName: { id: 'reg-first', label: 'First name', autoComplete: 'given-name' },
  lastName: { id: 'reg-last', label: 'Last name', autoComplete: 'family-name' },
  username: { id: 'reg-username', label: 'Username', autoComplete: 'username', required: true },
  email: { id: 'reg-email', label: 'Email', type: 'email', autoComplete: 'email', required: true },
  password: {
    id: 'reg-password',
    label: 'Password',
    type: 'password',
    autoComplete: 'new-password',
    required: true,
  },
  confirmPassword: {
    id: 'reg-confirm',
    label: 'Confirm password',
    type: 'password',
    autoComplete: 'new-password',
    required: true,
  },
} as const;

/**
 * The register form of `/auth`, checked with `RegisterFields` (the API's `RegisterBody` and the
 * password typed twice); once sent, the check-your-inbox panel takes its place. `invite` is the
 * secret of an approved expert's invitation link, sent with the sign-up: it lets that address
 * register while waitlist mode closes registration.
 */
export function RegisterForm({ invite }: { invite?: string } = {}) {
  /** After a sign-up: where the link went, and the server's sentence saying so. */
  const [sent, setSent] = useState<{ email: string; message: string } | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<RegisterInput, unknown, RegisterOutput>({
    resolver: registrationResolver,
    defaultValues: {
      firstName: '',
      lastName: '',
      username: '',
      email: '',
      password: '',
      confirmPassword: '',
    },
  });

  async function signUp(body: RegisterOutput) {
    try {
      const response = await apiRequest(
        'POST',
        '/api/register',
        invite ? { ...body, invite } : body,
      );
      const { message } = (await response.json()) as { message: string };
      setSent({ email: body.email, message });
    } catch (error) {
      toast({
        title: 'Registration failed',
        description: serverMessage(error),
        variant: 'destructive',
      });
    }
  }

  /**
   * Passwords that differ are also a toast. The confirmation has no other rule, so any refusal
   * of it is that one (and the form need not import the contracts, which would bring zod).
   */
  function refused(refusals: FieldErrors<RegisterInput>) {
    const differ = refusals.confirmPassword?.message;
    if (differ) toast({ title: differ, variant: 'destructive' });
  }

  if (sent) {
    // Another address starts a new sign-up: the form comes back empty.
    const anotherAddress = () => {
      reset();
      setSent(null);
    };
    return <CheckInbox {...sent} onAnotherAddress={anotherAddress} />;
  }

  const field = (name: keyof typeof FIELDS) => {
    const { id, label, ...input } = FIELDS[name];
    const error = errors[name]?.message;
    return (
      <Field label={label} htmlFor={id} error={error}>
        <Input id={id} {...input} {...fieldErrorProps(id, error)} {...register(name)} />
      </Field>
    );
  };

  return (
    <form onSubmit={handleSubmit(signUp, refused)} noValidate aria-label="Register">
      <div
        style={{
          display: 'grid',
          gap: '0 1rem',
          gridTemplateColumns: 'repeat(auto-fit, minmax(140px, 1fr))',
        }}
      >
        {field('firstName')}
        {field('lastName')}
      </div>
      {field('username')}
      {field('email')}
      {field('password')}
      {field('confirmPassword')}
      <Button type="submit" $block disabled={isSubmitting}>
        {isSubmitting ? 'Creating Account...' : 'Create Account'}
      </Button>
    </form>
  );
}
