import {
  type AccountInvitationBody,
  type AccountInvitationCreated,
  ROLE_NAMES,
  ROLES,
} from '@uapqa/contracts';
import {
  apiRequest,
  Button,
  Field,
  fieldErrorProps,
  HttpError,
  Input,
  Muted,
  NativeSelect,
  serverMessage,
  toast,
} from '@uapqa/ui';
import { lazyResolver } from '@uapqa/ui/lazy-resolver';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import styled from 'styled-components';
import type { z } from 'zod';
import { useStaffErrors } from '../lib/access';
import { Section } from '../lib/sections';

type InvitationInput = z.input<typeof AccountInvitationBody>;
type InvitationOutput = z.output<typeof AccountInvitationBody>;

const invitationResolver = lazyResolver(() =>
  import('../lib/schemas').then((module) => module.accountInvitation),
);

const Form = styled.form`
  display: grid;
  gap: 0 1rem;
  grid-template-columns: repeat(auto-fit, minmax(200px, 1fr));
  align-items: end;
`;

/** The fields a 409 can name, so the message shows under the field at fault. */
const FIELDS = ['email', 'username'] as const;

/**
 * Creates an account by invitation: the admin names the person, the username and the role; the
 * person gets a link to choose their password. The link is also shown here, to be handed over
 * another way if the email does not arrive.
 */
export function InviteAccount() {
  const id = useId();
  const onError = useStaffErrors();
  const [sent, setSent] = useState<AccountInvitationCreated | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<InvitationInput, unknown, InvitationOutput>({
    resolver: invitationResolver,
    defaultValues: { email: '', username: '', firstName: '', lastName: '', role: 'moderator' },
  });

  async function invite(body: InvitationOutput) {
    try {
      const response = await apiRequest('POST', '/api/admin/invitations', body);
      const created = (await response.json()) as AccountInvitationCreated;
      setSent(created);
      reset();
      toast({ title: 'Invitation sent', description: `A link is on its way to ${created.email}.` });
    } catch (error) {
      const message = serverMessage(error);
      const field = FIELDS.find(
        (name) => error instanceof HttpError && error.body.includes(`"field":"${name}"`),
      );
      if (message && field) return setError(field, { message }, { shouldFocus: true });
      onError(error, {
        title: 'Could not send the invitation',
        description: message ?? 'Please try again.',
      });
    }
  }

  const fieldId = (name: string) => `${id}-${name}`;
  const text = (name: 'email' | 'username' | 'firstName' | 'lastName', label: string) => (
    <Field label={label} htmlFor={fieldId(name)} error={errors[name]?.message}>
      <Input
        id={fieldId(name)}
        type={name === 'email' ? 'email' : 'text'}
        autoComplete="off"
        disabled={isSubmitting}
        {...fieldErrorProps(fieldId(name), errors[name]?.message)}
        {...register(name)}
      />
    </Field>
  );
  const link = sent ? new URL(sent.invitationPath, window.location.origin).href : '';
  return (
    <Section>
      <h2>Invite someone</h2>
      <Muted style={{ marginBottom: '1rem' }}>
        Creates an account with the role you choose. The person gets an email with a link to choose
        their password; the account exists once they have.
      </Muted>
      <Form aria-label="Invite someone" noValidate onSubmit={handleSubmit(invite)}>
        {text('email', 'Email address')}
        {text('username', 'Username')}
        {text('firstName', 'First name (optional)')}
        {text('lastName', 'Last name (optional)')}
        <Field label="Role" htmlFor={fieldId('role')} error={errors.role?.message}>
          <NativeSelect id={fieldId('role')} disabled={isSubmitting} {...register('role')}>
            {ROLES.map((role) => (
              <option key={role} value={role}>
                {ROLE_NAMES[role].replace(/^an? /, '')}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <div style={{ marginBottom: '1rem' }}>
          <Button type="submit" $block disabled={isSubmitting}>
            {isSubmitting ? 'Sending...' : 'Send invitation'}
          </Button>
        </div>
      </Form>
      {sent ? (
        <div role="status">
          <p style={{ margin: '0 0 0.5rem' }}>
            Invitation sent to <strong>{sent.email}</strong> as {ROLE_NAMES[sent.role]} (username{' '}
            {sent.username}). Its link works once, until{' '}
            {new Date(sent.expiresAt).toLocaleDateString('en-US', { dateStyle: 'medium' })}:
          </p>
          <Field label="Invitation link" htmlFor={fieldId('link')}>
            <Input id={fieldId('link')} readOnly value={link} onFocus={(e) => e.target.select()} />
          </Field>
        </div>
      ) : null}
    </Section>
  );
}
