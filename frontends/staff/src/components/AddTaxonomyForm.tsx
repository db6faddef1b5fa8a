import type { TaxonomyBody } from '@uapqa/contracts';
import { apiRequest, Button, Field, fieldErrorProps, Input, toast } from '@uapqa/ui';
import { lazyResolver } from '@uapqa/ui/lazy-resolver';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import styled from 'styled-components';
import type { z } from 'zod';
import { useStaffErrors } from '../lib/access';
import type { TaxonomyKind } from './Taxonomy';

type TaxonomyInput = z.input<typeof TaxonomyBody>;
type TaxonomyOutput = z.output<typeof TaxonomyBody>;

const taxonomyResolver = lazyResolver(() =>
  import('../lib/schemas').then((module) => module.taxonomy),
);

// A grid, so the button takes the form's whole width.
const Form = styled.form`
  display: grid;
`;

/** Adds a category or topic: a name, and a description or nothing, checked with `TaxonomyBody`. */
export function AddTaxonomyForm({
  kind,
  onAdded,
}: {
  kind: TaxonomyKind;
  onAdded: () => Promise<unknown>;
}) {
  const id = useId();
  const onError = useStaffErrors();
  const lower = kind.noun.toLowerCase();
  const {
    register,
    handleSubmit,
    reset,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<TaxonomyInput, unknown, TaxonomyOutput>({
    resolver: taxonomyResolver,
    defaultValues: { name: '', description: '' },
  });
  const blank = !(watch('name') ?? '').trim();

  async function add(body: TaxonomyOutput) {
    try {
      await apiRequest('POST', kind.adminUrl, body);
      toast({ title: kind.added, description: `"${body.name}" was added.` });
      reset();
      await onAdded();
    } catch (error) {
      onError(error, {
        title: kind.addFailed,
        description: `The ${lower} could not be added. Please try again.`,
      });
    }
  }

  const name = `${id}-name`;
  const description = `${id}-description`;
  return (
    <Form aria-label={`Add ${lower}`} noValidate onSubmit={handleSubmit(add)}>
      <Field label={`New ${lower} name`} htmlFor={name} error={errors.name?.message}>
        <Input
          id={name}
          disabled={isSubmitting}
          {...fieldErrorProps(name, errors.name?.message)}
          {...register('name')}
        />
      </Field>
      <Field
        label="Description (optional)"
        htmlFor={description}
        error={errors.description?.message}
      >
        <Input
          id={description}
          disabled={isSubmitting}
          {...fieldErrorProps(description, errors.description?.message)}
          {...register('description')}
        />
      </Field>
      <Button type="submit" disabled={isSubmitting || blank}>
        {isSubmitting ? 'Adding...' : `Add ${kind.noun}`}
      </Button>
    </Form>
  );
}
