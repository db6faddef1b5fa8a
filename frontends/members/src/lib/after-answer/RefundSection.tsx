import { type Question, REFUND_REQUEST_DAYS, type RefundRequestBody } from '@uapqa/contracts';
import {
  apiRequest,
  Button,
  DialogActions,
  Field,
  fieldErrorProps,
  formatUsDate,
  Muted,
  serverMessage,
  Textarea,
  toast,
} from '@uapqa/ui';
import { Dialog, DialogClose, DialogContent } from '@uapqa/ui/dialog';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { refundResolver } from './resolvers';
import { Section } from './Section';

type Input = z.input<typeof RefundRequestBody>;

const OUTCOME = {
  pending: 'Your refund request is with our team. We will email you the decision.',
  granted: 'Refund granted: the credit for this question is back in your account.',
  refused: 'Refund refused.',
} as const;

/**
 * The asker's refund request: its state once sent, else the way to send one while the refund
 * window is open. Staff read the request here too, and decide it from their dashboard.
 */
export function RefundSection({
  question,
  mine,
  now,
  onChanged,
}: {
  question: Question;
  mine: boolean;
  now: number;
  onChanged: () => void;
}) {
  const request = question.refundRequest;
  if (request) {
    return (
      <Section aria-label="Refund request" data-testid="refund-request">
        <h2>Refund request</h2>
        <Muted style={{ fontSize: '0.85rem' }}>Requested {formatUsDate(request.requestedAt)}</Muted>
        {mine ? null : <p style={{ margin: 0 }}>Reason: “{request.reason}”</p>}
        <p style={{ margin: 0 }} data-testid="refund-status">
          {mine ? OUTCOME[request.status] : `Status: ${request.status}`}
        </p>
        {request.decisionNote ? <Muted>Note from our team: “{request.decisionNote}”</Muted> : null}
      </Section>
    );
  }
  const until = question.refundableUntil ? new Date(question.refundableUntil).getTime() : 0;
  if (!mine || until <= now) return null;
  return <RefundForm question={question} until={question.refundableUntil!} onChanged={onChanged} />;
}

function RefundForm({
  question,
  until,
  onChanged,
}: {
  question: Question;
  until: string;
  onChanged: () => void;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState<RefundRequestBody | null>(null);
  const [sending, setSending] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<Input, unknown, RefundRequestBody>({
    resolver: refundResolver,
    defaultValues: { reason: '' },
  });

  async function send(body: RefundRequestBody) {
    setSending(true);
    try {
      const response = await apiRequest(
        'POST',
        `/api/questions/${question.id}/refund-request`,
        body,
      );
      const { message } = (await response.json()) as { message: string };
      toast({ title: 'Refund requested', description: message });
      setConfirming(null);
      onChanged();
    } catch (error) {
      toast({
        title: 'Refund request not sent',
        description: serverMessage(error) ?? 'Please try again.',
        variant: 'destructive',
      });
    } finally {
      setSending(false);
    }
  }

  return (
    <Section aria-label="Request a refund">
      <h2>Not what you paid for?</h2>
      <Muted>
        You can ask for this question’s credit back until {formatUsDate(until)} (
        {REFUND_REQUEST_DAYS} days after the answer). Our team reads every request and emails you
        the decision.
      </Muted>
      {open ? (
        <form
          onSubmit={handleSubmit((body) => setConfirming(body))}
          noValidate
          onFocus={() => refundResolver.preload()}
        >
          <Field
            label="Why do you want a refund?"
            htmlFor={`${id}-reason`}
            error={errors.reason?.message}
          >
            <Textarea
              id={`${id}-reason`}
              rows={3}
              {...register('reason')}
              {...fieldErrorProps(`${id}-reason`, errors.reason?.message)}
            />
          </Field>
          <Button type="submit" $variant="secondary">
            Request refund
          </Button>
        </form>
      ) : (
        <Button $variant="secondary" style={{ justifySelf: 'start' }} onClick={() => setOpen(true)}>
          Request a refund
        </Button>
      )}
      <Dialog
        open={confirming !== null}
        onOpenChange={(next) => (next ? null : setConfirming(null))}
      >
        {confirming ? (
          <DialogContent title="Send this refund request?">
            <Muted style={{ marginBottom: '1rem' }}>
              You can send one request per question. If it is granted, the credit returns to your
              account.
            </Muted>
            <DialogActions>
              <DialogClose asChild>
                <Button $variant="secondary" disabled={sending}>
                  Keep the answer
                </Button>
              </DialogClose>
              <Button disabled={sending} onClick={() => send(confirming)}>
                {sending ? 'Sending...' : 'Send request'}
              </Button>
            </DialogActions>
          </DialogContent>
        ) : null}
      </Dialog>
    </Section>
  );
}
