import { CLOSED_ACCOUNT_HOLD_DAYS, type CloseAccountBody, FORMER_MEMBER } from '@uapqa/contracts';
import {
  apiRequest,
  Button,
  clearSwrCache,
  DialogActions,
  Field,
  fieldErrorProps,
  Input,
  Muted,
  serverMessage,
  statusOf,
  toast,
  useSession,
} from '@uapqa/ui';
import { Dialog, DialogClose, DialogContent } from '@uapqa/ui/dialog';
import { useNavigate } from '@uapqa/ui/router';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import styled from 'styled-components';
import type { z } from 'zod';
import { closeAccountResolver } from '../forms/resolvers';

type CloseInput = z.input<typeof CloseAccountBody>;
type CloseOutput = z.output<typeof CloseAccountBody>;

const Consequences = styled.ul`
  margin: 0 0 1rem;
  padding-left: 1.25rem;
  display: grid;
  gap: 0.35rem;
`;

/**
 * The "Close account" section of `/account`. It says what closing does before anything
 * is asked; the password is checked by the form, then a dialog asks once more. After closing the
 * member is signed out and taken to the home page.
 */
export function CloseAccount() {
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState<CloseOutput | null>(null);
  const [closing, setClosing] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<CloseInput, unknown, CloseOutput>({
    resolver: closeAccountResolver,
    defaultValues: { password: '' },
  });

  async function close() {
    if (!confirming) return;
    setClosing(true);
    try {
      const response = await apiRequest('DELETE', '/api/account', confirming);
      const { message } = (await response.json()) as { message: string };
      useSession.getState().setUser(null);
      await clearSwrCache();
      navigate('/');
      toast({ title: 'Account closed', description: message });
    } catch (failure) {
      setConfirming(null);
      const said = serverMessage(failure) ?? 'Your account was not closed. Please try again.';
      if (statusOf(failure) === 403) setError('password', { message: said }, { shouldFocus: true });
      else toast({ title: 'Not closed', description: said, variant: 'destructive' });
    } finally {
      setClosing(false);
    }
  }

  return (
    <>
      <Muted style={{ marginTop: 0 }}>
        Closing your account cannot be undone. When you close it:
      </Muted>
      <Consequences>
        <li>
          Your subscription ends at once: it is not renewed, and the current period is not refunded.
        </li>
        <li>Your remaining credits are forfeited.</li>
        <li>
          Your name, email address, username, password, profile, sign-ins and email settings are
          deleted, and we stop emailing you (you get one last email confirming the closing).
        </li>
        <li>
          Answers already published stay in the archive, shown under “{FORMER_MEMBER}”; questions
          you asked that were answered stay, anonymous as they always were.
        </li>
        <li>
          Payment records are kept without your name, because tax law requires it. Your username and
          address stay reserved for {CLOSED_ACCOUNT_HOLD_DAYS} days, then anyone may use them.
        </li>
      </Consequences>
      <Muted>Download your data first if you want a copy.</Muted>
      <form onSubmit={handleSubmit(setConfirming)} noValidate aria-label="Close account">
        <Field
          label="Your password"
          htmlFor="close-account-password"
          error={errors.password?.message}
        >
          <Input
            id="close-account-password"
            type="password"
            autoComplete="current-password"
            {...fieldErrorProps('close-account-password', errors.password?.message)}
            {...register('password')}
          />
        </Field>
        <Button type="submit" $variant="danger">
          Close my account…
        </Button>
      </form>
      <Dialog open={confirming !== null} onOpenChange={(open) => !open && setConfirming(null)}>
        <DialogContent title="Close your account for good?">
          <p>Your subscription ends now and your credits are forfeited. This cannot be undone.</p>
          <DialogActions>
            <DialogClose asChild>
              <Button $variant="ghost">Keep my account</Button>
            </DialogClose>
            <Button $variant="danger" disabled={closing} onClick={close}>
              {closing ? 'Closing…' : 'Yes, close my account'}
            </Button>
          </DialogActions>
        </DialogContent>
      </Dialog>
    </>
  );
}
