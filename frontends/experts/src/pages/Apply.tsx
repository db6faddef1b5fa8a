// First: zod must be told before any schema is built (see the module).
import '../lib/page-start';
import {
  EXPERT_DURATION_MONTHS,
  EXPERT_MIN_COMMITMENT,
  EXPERT_QUESTIONS_PER_WEEK,
  type ExpertApplication,
  FORM_TEXT_MAX,
} from '@uapqa/contracts';
import {
  apiRequest,
  Button,
  Card,
  Field,
  Input,
  Muted,
  PageHeading,
  Textarea,
  toast,
} from '@uapqa/ui';
import { lazyResolver } from '@uapqa/ui/lazy-resolver';
import { Notice } from '@uapqa/ui/page';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import styled from 'styled-components';
import type { z } from 'zod';
import { IntegerField, wholeNumber } from '../lib/integer-field';
import { LinkButton } from '../lib/link-button';

type FormInput = z.input<typeof ExpertApplication>;
type FormOutput = z.output<typeof ExpertApplication>;

const applicationResolver = lazyResolver(() =>
  import('../lib/schemas').then((module) => module.expertApplication),
);

const Pair = styled.div`
  display: grid;
  gap: 0 1rem;
  grid-template-columns: repeat(auto-fit, minmax(220px, 1fr));
`;

const REQUIRED = ['name', 'email', 'phone'] as const;

/**
 * `POST /api/expert-applications`, sent without credentials: the form is public
 * and carries no session, so a visitor's cookies have no business in it.
 */
export async function sendExpertApplication(body: FormOutput): Promise<void> {
  await apiRequest('POST', '/api/expert-applications', body, { credentials: 'omit' });
}

/** The public expert application form (exported for component tests). */
export function ExpertApplicationForm({
  onSubmit,
}: {
  onSubmit: (body: FormOutput) => Promise<void>;
}) {
  const {
    register,
    handleSubmit,
    getValues,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: applicationResolver,
    defaultValues: {
      name: '',
      email: '',
      phone: '',
      website: '',
      duration: EXPERT_MIN_COMMITMENT.months,
      questionsPerWeek: EXPERT_MIN_COMMITMENT.questionsPerWeek,
      description: '',
    },
  });
  const descriptionLength = (watch('description') ?? '').length;

  return (
    <form
      onFocus={() => void applicationResolver.preload()}
      onSubmit={handleSubmit(onSubmit, () => {
        const values = getValues();
        if (REQUIRED.some((name) => !String(values[name] ?? '').trim())) {
          toast({
            title: 'Missing Information',
            description: 'Please fill in all required fields.',
            variant: 'destructive',
          });
        }
      })}
      noValidate
      aria-label="Expert application"
    >
      <Pair>
        <Field label="Full name *" htmlFor="apply-name" error={errors.name?.message}>
          <Input
            id="apply-name"
            autoComplete="name"
            maxLength={FORM_TEXT_MAX.name}
            {...register('name')}
          />
        </Field>
        <Field label="Email *" htmlFor="apply-email" error={errors.email?.message}>
          <Input id="apply-email" type="email" autoComplete="email" {...register('email')} />
        </Field>
        <Field label="Phone *" htmlFor="apply-phone" error={errors.phone?.message}>
          <Input
            id="apply-phone"
            type="tel"
            autoComplete="tel"
            maxLength={FORM_TEXT_MAX.phone}
            {...register('phone')}
          />
        </Field>
        <Field label="Website (optional)" htmlFor="apply-website" error={errors.website?.message}>
          <Input
            id="apply-website"
            type="url"
            placeholder="https://"
            maxLength={FORM_TEXT_MAX.website}
            {...register('website')}
          />
        </Field>
        <IntegerField
          id="apply-duration"
          label={`Commitment in months (${EXPERT_DURATION_MONTHS.min}–${EXPERT_DURATION_MONTHS.max})`}
          error={errors.duration?.message}
          min={EXPERT_DURATION_MONTHS.min}
          max={EXPERT_DURATION_MONTHS.max}
          {...register('duration', wholeNumber)}
        />
        <IntegerField
          id="apply-per-week"
          label={`Questions per week (${EXPERT_QUESTIONS_PER_WEEK.min}–${EXPERT_QUESTIONS_PER_WEEK.max})`}
          error={errors.questionsPerWeek?.message}
          min={EXPERT_QUESTIONS_PER_WEEK.min}
          max={EXPERT_QUESTIONS_PER_WEEK.max}
          {...register('questionsPerWeek', wholeNumber)}
        />
      </Pair>
      <Field
        label="About you and your work (optional)"
        htmlFor="apply-description"
        error={errors.description?.message}
      >
        <Textarea
          id="apply-description"
          maxLength={FORM_TEXT_MAX.description}
          aria-describedby="apply-description-count"
          {...register('description')}
        />
        <Muted id="apply-description-count" style={{ textAlign: 'right', fontSize: '0.85rem' }}>
          {descriptionLength} / {FORM_TEXT_MAX.description} characters
        </Muted>
      </Field>
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? 'Submitting...' : 'Submit Application'}
      </Button>
    </form>
  );
}

/** `/apply`: the public expert application. */
export default function Apply() {
  const [sent, setSent] = useState(false);

  if (sent) {
    return (
      <Notice
        title="Application Submitted"
        testId="application-submitted"
        action={<LinkButton to="/experts">Back to the experts page</LinkButton>}
      >
        Thank you for applying. Our team will review your application and get in touch.
      </Notice>
    );
  }

  async function submit(body: FormOutput) {
    try {
      await sendExpertApplication(body);
      toast({
        title: 'Application Submitted',
        description: 'Thank you! Our team will review your application and get in touch.',
      });
      setSent(true);
    } catch (error) {
      console.error(error);
      toast({
        title: 'Submission Failed',
        description: 'There was an error submitting your application. Please try again.',
        variant: 'destructive',
      });
    }
  }

  return (
    <div style={{ maxWidth: 760, margin: '0 auto' }}>
      <PageHeading title="Apply to Become an Expert">
        Answer members' questions on your own schedule. The minimum commitment is{' '}
        {EXPERT_MIN_COMMITMENT.questionsPerWeek} questions per week for{' '}
        {EXPERT_MIN_COMMITMENT.months} month. Fields marked * are required.
      </PageHeading>
      <Card>
        <ExpertApplicationForm onSubmit={submit} />
      </Card>
    </div>
  );
}
