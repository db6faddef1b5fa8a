import type { Question, RatingBody } from '@uapqa/contracts';
import {
  apiRequest,
  Button,
  ErrorText,
  Field,
  fieldErrorProps,
  Muted,
  serverMessage,
  Textarea,
  toast,
} from '@uapqa/ui';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import styled from 'styled-components';
import type { z } from 'zod';
import { ratingResolver } from './resolvers';
import { Section } from './Section';
import { Stars } from './Stars';

const Choice = styled.fieldset`
  border: 0;
  margin: 0;
  padding: 0;
  legend { font-weight: 600; margin-bottom: 0.35rem; }
  div { display: flex; flex-wrap: wrap; gap: 0.25rem 0.75rem; }
  label { display: inline-flex; align-items: center; gap: 0.3rem; cursor: pointer; min-height: 44px; }
  input { accent-color: ${({ theme }) => theme.colors.yellow}; width: 1.1rem; height: 1.1rem; }
`;

type Input = z.input<typeof RatingBody>;

/**
 * The asker's rating of the answer, once: stars and an optional comment. Everyone sees the
 * stars once given; the comment is for readers of the whole answer.
 */
export function RateAnswer({
  question,
  mine,
  onChanged,
}: {
  question: Question;
  mine: boolean;
  onChanged: () => void;
}) {
  if (question.rating) {
    return (
      <Section aria-label="Rating" data-testid="rating">
        <h2>{mine ? 'Your rating' : 'The asker’s rating'}</h2>
        <div>
          <Stars stars={question.rating.stars} />
        </div>
        {question.rating.comment ? <Muted>“{question.rating.comment}”</Muted> : null}
      </Section>
    );
  }
  return mine && question.answer ? <RatingForm question={question} onChanged={onChanged} /> : null;
}

function RatingForm({ question, onChanged }: { question: Question; onChanged: () => void }) {
  const id = useId();
  const {
    control,
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<Input, unknown, RatingBody>({
    resolver: ratingResolver,
    defaultValues: { comment: '' },
  });

  async function rate(body: RatingBody) {
    try {
      const response = await apiRequest('POST', `/api/questions/${question.id}/rating`, body);
      const { message } = (await response.json()) as { message: string };
      toast({ title: 'Rating saved', description: message });
      onChanged();
    } catch (error) {
      toast({
        title: 'Rating not saved',
        description: serverMessage(error) ?? 'Please try again.',
        variant: 'destructive',
      });
    }
  }

  return (
    <Section aria-label="Rate this answer">
      <h2>How useful was this answer?</h2>
      <Muted>Your stars show on this page; they make up the expert’s rating.</Muted>
      <form onSubmit={handleSubmit(rate)} noValidate onFocus={() => ratingResolver.preload()}>
        <Choice aria-describedby={errors.stars ? `${id}-stars-error` : undefined}>
          <legend>Your rating</legend>
          {/* Radios hand their value over as text; the contract wants the number of stars. */}
          <Controller
            control={control}
            name="stars"
            render={({ field }) => (
              <div>
                {[1, 2, 3, 4, 5].map((stars) => (
                  <label key={stars}>
                    <input
                      type="radio"
                      name={field.name}
                      value={stars}
                      checked={field.value === stars}
                      onChange={() => field.onChange(stars)}
                      onBlur={field.onBlur}
                    />
                    {stars} {stars === 1 ? 'star' : 'stars'}
                  </label>
                ))}
              </div>
            )}
          />
          {errors.stars ? (
            <ErrorText id={`${id}-stars-error`} role="alert">
              {errors.stars.message}
            </ErrorText>
          ) : null}
        </Choice>
        <Field label="Comment (optional)" htmlFor={`${id}-comment`} error={errors.comment?.message}>
          <Textarea
            id={`${id}-comment`}
            rows={3}
            {...register('comment')}
            {...fieldErrorProps(`${id}-comment`, errors.comment?.message)}
          />
        </Field>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving...' : 'Submit rating'}
        </Button>
      </form>
    </Section>
  );
}
