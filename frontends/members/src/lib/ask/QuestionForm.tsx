import { expertPagePath, type SubmitQuestionBody } from '@uapqa/contracts';
import { Button, Field, Input, Muted, Textarea } from '@uapqa/ui';
import { Checkbox, Select } from '@uapqa/ui/controls';
import { lazyResolver } from '@uapqa/ui/lazy-resolver';
import { Link, useSearchParams } from '@uapqa/ui/router';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { expertProfile } from '../experts';
import { type FormData, heldNote } from './ask-form-data';

type FormInput = z.input<typeof SubmitQuestionBody>;
export type FormOutput = z.output<typeof SubmitQuestionBody>;

const questionResolver = lazyResolver(() =>
  import('../schemas').then((module) => module.submitQuestion),
);

/** The ask form itself. */
export function QuestionForm({
  data,
  onSubmit,
}: {
  data: FormData;
  onSubmit: (body: FormOutput) => Promise<void>;
}) {
  const [params] = useSearchParams();
  const {
    control,
    register,
    handleSubmit,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: questionResolver,
    defaultValues: {
      // An expert's page asks with `?expert=<user id>`: the form opens with them chosen.
      assignedCreatorId: data.experts.find(
        (expert) => String(expert.userId) === params.get('expert'),
      )?.userId,
      title: '',
      content: '',
      context: '',
      sources: '',
      tagIds: [],
    },
  });

  const chosenExpertId = watch('assignedCreatorId');
  const chosenExpert = data.experts.find((expert) => expert.userId === Number(chosenExpertId));
  const chosenNote = heldNote(data, chosenExpert);

  return (
    <form
      onSubmit={handleSubmit(onSubmit)}
      onFocus={() => void questionResolver.preload()}
      noValidate
      aria-label="Ask a question"
    >
      <Field label="Expert" htmlFor="ask-expert" error={errors.assignedCreatorId?.message}>
        <Controller
          control={control}
          name="assignedCreatorId"
          render={({ field }) => (
            <Select
              id="ask-expert"
              label="Expert"
              placeholder="Select an expert"
              value={field.value ? String(field.value) : ''}
              onValueChange={(value) => field.onChange(value ? Number(value) : undefined)}
              options={data.experts.map((expert) => ({
                value: String(expert.userId),
                label: expertProfile(expert).name,
              }))}
            />
          )}
        />
        {chosenExpert ? (
          <Link
            to={expertPagePath(chosenExpert.handle)}
            style={{ display: 'inline-block', marginTop: '0.4rem', fontSize: '0.9rem' }}
            data-testid="chosen-expert-profile"
          >
            View {expertProfile(chosenExpert).name}’s profile
          </Link>
        ) : null}
        {chosenNote ? (
          <Muted role="status" data-testid="places-held" style={{ marginTop: '0.4rem' }}>
            {chosenNote}
          </Muted>
        ) : null}
      </Field>
      <Field label="Category" htmlFor="ask-category" error={errors.categoryId?.message}>
        <Controller
          control={control}
          name="categoryId"
          render={({ field }) => (
            <Select
              id="ask-category"
              label="Category"
              placeholder="Select a category"
              value={field.value ? String(field.value) : ''}
              onValueChange={(value) =>
                field.onChange(value ? Number.parseInt(value, 10) : undefined)
              }
              options={data.categories.map((category) => ({
                value: String(category.id),
                label: category.name,
              }))}
            />
          )}
        />
      </Field>
      <Field label="Topics" error={errors.tagIds?.message ?? errors.tagIds?.root?.message}>
        <Controller
          control={control}
          name="tagIds"
          render={({ field }) => {
            const value = (field.value ?? []) as number[];
            return (
              <div
                style={{
                  display: 'grid',
                  gridTemplateColumns: 'repeat(auto-fill, minmax(160px, 1fr))',
                }}
              >
                {data.tags.map((tag) => (
                  <Checkbox
                    key={tag.id}
                    id={`ask-tag-${tag.id}`}
                    label={tag.name}
                    checked={value.includes(tag.id)}
                    onCheckedChange={(checked) =>
                      field.onChange(
                        checked ? [...value, tag.id] : value.filter((id) => id !== tag.id),
                      )
                    }
                  />
                ))}
              </div>
            );
          }}
        />
      </Field>
      <Field label="Your question" htmlFor="ask-title" error={errors.title?.message}>
        <Input id="ask-title" placeholder="What would you like to know?" {...register('title')} />
      </Field>
      <Field label="Details" htmlFor="ask-content" error={errors.content?.message}>
        <Textarea
          id="ask-content"
          placeholder="Give the expert the details they need"
          {...register('content')}
        />
      </Field>
      <Field label="Context (optional)" htmlFor="ask-context" error={errors.context?.message}>
        <Textarea id="ask-context" {...register('context')} />
      </Field>
      <Field label="Sources (optional)" htmlFor="ask-sources" error={errors.sources?.message}>
        <Textarea id="ask-sources" {...register('sources')} />
      </Field>
      <Muted id="ask-public-note" data-testid="ask-public-note" style={{ marginBottom: '0.75rem' }}>
        Once an expert answers it, your question (its title, details, context and sources) and the
        answer become public in the archive, for anyone to read, without your name. Leave out
        anything you would not publish. <Link to="/terms">Terms of Service</Link>
      </Muted>
      <Button type="submit" disabled={isSubmitting} aria-describedby="ask-public-note">
        {isSubmitting ? 'Submitting...' : 'Submit Question'}
      </Button>
      {data.experts.length === 0 ? (
        <Muted style={{ marginTop: '0.75rem' }}>No experts are accepting questions yet.</Muted>
      ) : null}
    </form>
  );
}
