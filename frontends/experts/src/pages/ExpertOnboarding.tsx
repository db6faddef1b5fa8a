// First: zod must be told before any schema is built (see the module).
import '../lib/page-start';
import {
  EXPERT_APPLICATION_CONTACT_HOURS,
  EXPERT_QUESTIONS_PER_WEEK,
  type ExpertProfileApplication,
  MIN_LENGTH,
  UI_TIMINGS,
} from '@uapqa/contracts';
import {
  apiRequest,
  Button,
  Card,
  Field,
  getJson,
  Input,
  isUnauthorized,
  Muted,
  PageHeading,
  serverMessage,
  statusOf,
  Textarea,
  toast,
  useSession,
} from '@uapqa/ui';
import { lazyResolver } from '@uapqa/ui/lazy-resolver';
import { Notice } from '@uapqa/ui/page';
import { useNavigate } from '@uapqa/ui/router';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import styled from 'styled-components';
import useSWR from 'swr';
import type { z } from 'zod';
import { IntegerField, wholeNumber } from '../lib/integer-field';
import { LinkButton } from '../lib/link-button';

type FormInput = z.input<typeof ExpertProfileApplication>;
type FormOutput = z.output<typeof ExpertProfileApplication>;

const applicationResolver = lazyResolver(() =>
  import('../lib/schemas').then((module) => module.expertProfileApplication),
);

const Numbers = styled.div`
  display: grid;
  gap: 0 1rem;
  grid-template-columns: repeat(auto-fit, minmax(180px, 1fr));
`;

/** The expert application form (exported for component tests). */
export function ExpertProfileForm({ onSubmit }: { onSubmit: (body: FormOutput) => Promise<void> }) {
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: applicationResolver,
    defaultValues: {
      brandName: '',
      bio: '',
      credentials: '',
      expertise: '',
      website: '',
      socialLinks: '',
    },
  });

  return (
    <form
      onSubmit={handleSubmit(onSubmit)}
      onFocus={() => void applicationResolver.preload()}
      noValidate
      aria-label="Expert application"
    >
      <Field label="Brand name" htmlFor="expert-brand" error={errors.brandName?.message}>
        <Input
          id="expert-brand"
          placeholder="The name members will see"
          {...register('brandName')}
        />
      </Field>
      <Field
        label={`Bio (at least ${MIN_LENGTH.bio} characters)`}
        htmlFor="expert-bio"
        error={errors.bio?.message}
      >
        <Textarea id="expert-bio" {...register('bio')} />
      </Field>
      <Field label="Credentials" htmlFor="expert-credentials" error={errors.credentials?.message}>
        <Textarea
          id="expert-credentials"
          placeholder="Publications, investigations, positions held"
          {...register('credentials')}
        />
      </Field>
      <Field label="Area of expertise" htmlFor="expert-expertise" error={errors.expertise?.message}>
        <Input
          id="expert-expertise"
          placeholder="e.g. Government disclosure, radar cases"
          {...register('expertise')}
        />
      </Field>
      <Field label="Website (optional)" htmlFor="expert-website" error={errors.website?.message}>
        <Input id="expert-website" type="url" placeholder="https://" {...register('website')} />
      </Field>
      <Field
        label="Social links (optional: web addresses starting with https://, one per line)"
        htmlFor="expert-social"
        error={errors.socialLinks?.message}
      >
        <Textarea id="expert-social" placeholder="https://" {...register('socialLinks')} />
      </Field>
      <Numbers>
        <IntegerField
          id="expert-experience"
          label="Years of experience"
          error={errors.experienceYears?.message}
          min={0}
          {...register('experienceYears', wholeNumber)}
        />
        <IntegerField
          id="expert-per-week"
          label="Questions per week"
          error={errors.questionsPerWeek?.message}
          min={EXPERT_QUESTIONS_PER_WEEK.min}
          max={EXPERT_QUESTIONS_PER_WEEK.max}
          {...register('questionsPerWeek', wholeNumber)}
        />
        <IntegerField
          id="expert-rate"
          label="Weekly rate (USD)"
          error={errors.weeklyRate?.message}
          min={0}
          {...register('weeklyRate', wholeNumber)}
        />
      </Numbers>
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? 'Submitting...' : 'Submit Application'}
      </Button>
    </form>
  );
}

interface ApplicationState {
  status: 'pending' | 'approved' | 'rejected';
  createdAt?: string;
}

const contactLine = `We'll review your application and contact you within ${EXPERT_APPLICATION_CONTACT_HOURS} hours.`;

/** `/expert-onboarding`: the expert application of a signed-in member. */
export default function ExpertOnboarding() {
  const user = useSession((state) => state.user);
  const navigate = useNavigate();
  const [submitted, setSubmitted] = useState(false);
  const { data: latest } = useSWR<ApplicationState | null>(
    user ? '/api/creator-profile' : null,
    async (url: string) => {
      try {
        return await getJson<ApplicationState | null>(url);
      } catch (error) {
        console.error(error);
        return null;
      }
    },
  );

  if (!user) {
    return (
      <Notice
        title="Apply for an Expert Profile"
        action={<LinkButton to="/auth">Login to Continue</LinkButton>}
      >
        Please log in to apply as an expert.
      </Notice>
    );
  }
  if (user.role === 'expert') {
    return (
      <Notice
        title="You're an approved expert"
        action={<LinkButton to="/expert-dashboard">Go to your dashboard</LinkButton>}
      />
    );
  }
  if (submitted || latest?.status === 'pending') {
    return (
      <Notice title="Application Submitted" testId="application-submitted">
        Thank you for applying. {contactLine}
      </Notice>
    );
  }

  async function submit(body: FormOutput) {
    try {
      await apiRequest('POST', '/api/creator-profile', body);
      toast({ title: 'Application Submitted', description: contactLine });
      setSubmitted(true);
    } catch (error) {
      if (isUnauthorized(error)) {
        toast({
          title: 'Unauthorized',
          description: 'You need to be logged in to apply as an expert.',
          variant: 'destructive',
        });
        useSession.setState({ user: null, status: 'ready' });
        setTimeout(() => navigate('/auth?tab=login'), UI_TIMINGS.authFailureRedirectMs);
        return;
      }
      toast({
        title: 'Submission Failed',
        description:
          statusOf(error) === 409
            ? (serverMessage(error) ??
              'There was an error submitting your application. Please try again.')
            : 'There was an error submitting your application. Please try again.',
        variant: 'destructive',
      });
    }
  }

  return (
    <div style={{ maxWidth: 760, margin: '0 auto' }}>
      <PageHeading title="Apply for an Expert Profile">
        Tell us about your work. Approved experts answer members' questions and are paid a fixed fee
        per answer. {contactLine}
      </PageHeading>
      {latest?.status === 'rejected' ? (
        <Muted role="status" style={{ marginBottom: '1rem' }}>
          Your previous application was not approved. You are welcome to apply again.
        </Muted>
      ) : null}
      <Card>
        <ExpertProfileForm onSubmit={submit} />
      </Card>
    </div>
  );
}
