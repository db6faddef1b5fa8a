import { FOLLOW_UP_DUE_HOURS, type FollowUpBody, type Question } from '@uapqa/contracts';
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
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { followUpResolver } from './resolvers';
import { Section } from './Section';

type Input = z.input<typeof FollowUpBody>;

/**
 * The asker's one follow-up and the expert's reply, for readers of the whole answer; the asker
 * who has not asked one yet gets the form.
 */
export function FollowUpSection({
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
  const { followUp } = question;
  if (!followUp) {
    return mine && question.answer && !question.answer.truncated ? (
      <FollowUpForm question={question} onChanged={onChanged} />
    ) : null;
  }
  const missed = !followUp.reply && new Date(followUp.dueAt).getTime() < now;
  return (
    <Section aria-label="Follow-up" data-testid="follow-up">
      <h2>Follow-up question</h2>
      <Muted style={{ fontSize: '0.85rem' }}>Asked {formatUsDate(followUp.askedAt)}</Muted>
      <p style={{ margin: 0, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
        {followUp.content}
      </p>
      {followUp.reply ? (
        <>
          <h2>The expert’s reply</h2>
          <AnswerText data-testid="follow-up-reply">{followUp.reply.content}</AnswerText>
        </>
      ) : missed ? (
        <Muted>The expert did not reply before the deadline.</Muted>
      ) : (
        <Muted>Awaiting the expert’s reply, due by {formatUsDate(followUp.dueAt)}.</Muted>
      )}
    </Section>
  );
}

function FollowUpForm({ question, onChanged }: { question: Question; onChanged: () => void }) {
  const id = useId();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<Input, unknown, FollowUpBody>({
    resolver: followUpResolver,
    defaultValues: { content: '' },
  });

  async function ask(body: FollowUpBody) {
    try {
      const response = await apiRequest('POST', `/api/questions/${question.id}/follow-up`, body);
      const { message } = (await response.json()) as { message: string };
      toast({ title: 'Follow-up sent', description: message });
      onChanged();
    } catch (error) {
      toast({
        title: 'Follow-up not sent',
        description: serverMessage(error) ?? 'Please try again.',
        variant: 'destructive',
      });
    }
  }

  return (
    <Section aria-label="Ask a follow-up">
      <h2>Ask a follow-up</h2>
      <Muted>
        You can ask the expert one follow-up question about this answer, at no cost. They reply
        within {FOLLOW_UP_DUE_HOURS} hours.
      </Muted>
      <form onSubmit={handleSubmit(ask)} noValidate onFocus={() => followUpResolver.preload()}>
        <Field
          label="Your follow-up question"
          htmlFor={`${id}-content`}
          error={errors.content?.message}
        >
          <Textarea
            id={`${id}-content`}
            rows={3}
            {...register('content')}
            {...fieldErrorProps(`${id}-content`, errors.content?.message)}
          />
        </Field>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Sending...' : 'Send follow-up'}
        </Button>
      </form>
    </Section>
  );
}
