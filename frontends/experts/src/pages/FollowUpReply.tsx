import type { FollowUpAnswerBody, Question } from '@uapqa/contracts';
import {
  apiRequest,
  Button,
  Field,
  fieldErrorProps,
  formatUsDate,
  Muted,
  serverMessage,
  Textarea,
  toast,
} from '@uapqa/ui';
import { AnswerText } from '@uapqa/ui/answer-text';
import { lazyResolver } from '@uapqa/ui/lazy-resolver';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';

const replyResolver = lazyResolver(() =>
  import('../lib/schemas').then((module) => module.followUpReply),
);

type Input = z.input<typeof FollowUpAnswerBody>;

/**
 * The asker's follow-up on the expert's dashboard: the question, the reply once given, else the
 * deadline and a form to reply before it.
 */
export function FollowUpReply({
  question,
  now,
  onReplied,
}: {
  question: Question;
  now: number;
  onReplied: () => Promise<void>;
}) {
  const followUp = question.followUp;
  if (!followUp) return null;
  const open = !followUp.reply && new Date(followUp.dueAt).getTime() > now;
  return (
    <div data-testid="expert-follow-up">
      <div className="label">Follow-up from the member · {formatUsDate(followUp.askedAt)}</div>
      <p style={{ whiteSpace: 'pre-line', margin: '0.25rem 0' }}>{followUp.content}</p>
      {followUp.reply ? (
        <>
          <div className="label">Your reply · {formatUsDate(followUp.reply.answeredAt)}</div>
          <AnswerText>{followUp.reply.content}</AnswerText>
        </>
      ) : open ? (
        <ReplyForm question={question} dueAt={followUp.dueAt} onReplied={onReplied} />
      ) : (
        <Muted style={{ fontSize: '0.85rem' }}>The deadline to reply has passed.</Muted>
      )}
    </div>
  );
}

function ReplyForm({
  question,
  dueAt,
  onReplied,
}: {
  question: Question;
  dueAt: string;
  onReplied: () => Promise<void>;
}) {
  const id = useId();
  const [writing, setWriting] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<Input, unknown, FollowUpAnswerBody>({
    resolver: replyResolver,
    defaultValues: { content: '' },
  });

  async function reply(body: FollowUpAnswerBody) {
    try {
      await apiRequest(
        'POST',
        `/api/answers/${encodeURIComponent(question.id)}/follow-up-reply`,
        body,
      );
      toast({ title: 'Reply sent', description: 'The member has been emailed your reply.' });
      await onReplied();
    } catch (error) {
      toast({
        title: 'Reply not sent',
        description: serverMessage(error) ?? 'Please try again.',
        variant: 'destructive',
      });
    }
  }

  if (!writing) {
    return (
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: '0.5rem', alignItems: 'center' }}>
        <Button onClick={() => setWriting(true)}>Reply to follow-up</Button>
        <Muted style={{ fontSize: '0.85rem' }}>Due by {formatUsDate(dueAt)}</Muted>
      </div>
    );
  }
  return (
    <form
      aria-label="Reply to the follow-up"
      onSubmit={handleSubmit(reply)}
      noValidate
      onFocus={() => void replyResolver.preload()}
      style={{ display: 'grid', gap: '0.5rem' }}
    >
      <Field label="Your reply" htmlFor={id} error={errors.content?.message}>
        <Textarea
          id={id}
          rows={4}
          {...register('content')}
          {...fieldErrorProps(id, errors.content?.message)}
        />
      </Field>
      <div style={{ display: 'flex', gap: '0.5rem' }}>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Sending...' : 'Send reply'}
        </Button>
        <Button $variant="secondary" onClick={() => setWriting(false)} disabled={isSubmitting}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
