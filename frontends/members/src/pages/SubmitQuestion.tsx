// First: zod must be told before any schema is built (see the module).
import '../lib/page-start';
import {
  CREDITS_PER_QUESTION,
  type Creator,
  expertPagePath,
  type MyWindowPlaces,
  type QuestionWindow,
  type SubmitQuestionBody,
  type TaxonomyItem,
} from '@uapqa/contracts';
import {
  apiRequest,
  Button,
  Card,
  Columns,
  Field,
  getJson,
  handleIfUnauthorized,
  Input,
  Muted,
  PageHeading,
  Spinner,
  serverMessage,
  Textarea,
  toast,
  useNow,
  useSession,
} from '@uapqa/ui';
import { Checkbox, Select } from '@uapqa/ui/controls';
import { lazyResolver } from '@uapqa/ui/lazy-resolver';
import { Notice } from '@uapqa/ui/page';
import { Link, useNavigate, useSearchParams } from '@uapqa/ui/router';
import { startTransition, useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import styled from 'styled-components';
import type { z } from 'zod';
import { expertProfile } from '../lib/experts';
import { LinkButton } from '../lib/link-button';
import { SignInRequired } from '../lib/sign-in-required';
import { describeHeldPlaces, describeWindow, windowState } from '../lib/windows';

type CreatorWithWindow = Creator & { window?: Omit<QuestionWindow, 'creatorId'> };
type FormInput = z.input<typeof SubmitQuestionBody>;
type FormOutput = z.output<typeof SubmitQuestionBody>;

const questionResolver = lazyResolver(() =>
  import('../lib/schemas').then((module) => module.submitQuestion),
);

const Cost = styled(Card)`
  .cost { font-size: 2rem; font-weight: 700; color: ${({ theme }) => theme.colors.primary}; }
`;
const WindowList = styled.ul`
  list-style: none;
  padding: 0;
  margin: 0;
  display: grid;
  gap: 0.6rem;
  font-size: 0.9rem;
`;

interface FormData {
  /** The experts the member may ask: never themselves. */
  creators: CreatorWithWindow[];
  categories: TaxonomyItem[];
  tags: TaxonomyItem[];
  /** The places the member holds in each expert's current window, by expert user id. */
  places?: Map<number, MyWindowPlaces>;
}

const firstName = (creator: CreatorWithWindow) =>
  creator.user?.firstName || expertProfile(creator).name;

/** What the member is told of their places with this expert, once they hold all they may. */
const heldNote = (data: FormData, creator: CreatorWithWindow | undefined) =>
  creator ? describeHeldPlaces(data.places?.get(creator.userId), firstName(creator)) : '';

/** The ask form itself (exported for component tests). */
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
      assignedCreatorId: data.creators.find(
        (creator) => String(creator.userId) === params.get('expert'),
      )?.userId,
      title: '',
      content: '',
      context: '',
      sources: '',
      tagIds: [],
    },
  });

  const chosenExpertId = watch('assignedCreatorId');
  const chosenExpert = data.creators.find((creator) => creator.userId === Number(chosenExpertId));
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
              options={data.creators.map((creator) => ({
                value: String(creator.userId),
                label: expertProfile(creator).name,
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
      {data.creators.length === 0 ? (
        <Muted style={{ marginTop: '0.75rem' }}>No experts are accepting questions yet.</Muted>
      ) : null}
    </form>
  );
}

function ExpertWindows({ data }: { data: FormData }) {
  const { creators } = data;
  const now = useNow(1000);
  return (
    <Card>
      <h2 style={{ fontSize: '1.1rem' }}>Question windows</h2>
      <Muted style={{ marginBottom: '0.75rem', fontSize: '0.85rem' }}>
        Each expert takes a limited number of questions per window, first come first served.
      </Muted>
      <WindowList>
        {creators.map((creator) => (
          <li key={creator.userId} data-testid="expert-window">
            <strong>{expertProfile(creator).name}</strong>
            <Muted style={{ fontSize: '0.85rem' }}>
              {describeWindow(windowState(creator.window, now))}
            </Muted>
            {heldNote(data, creator) ? (
              <Muted style={{ fontSize: '0.85rem' }} data-testid="expert-window-held">
                {heldNote(data, creator)}
              </Muted>
            ) : null}
          </li>
        ))}
      </WindowList>
    </Card>
  );
}

export default function SubmitQuestion() {
  const user = useSession((state) => state.user);
  const load = useSession((state) => state.load);
  const navigate = useNavigate();
  const [data, setData] = useState<FormData | null>(null);

  useEffect(() => {
    if (!user) return;
    let cancelled = false;
    Promise.all([
      getJson<CreatorWithWindow[]>('/api/creators'),
      getJson<TaxonomyItem[]>('/api/categories'),
      getJson<TaxonomyItem[]>('/api/tags'),
      getJson<MyWindowPlaces[]>('/api/my-questions/places'),
    ])
      .then(([creators, categories, tags, places]) => {
        if (cancelled) return;
        // A transition: the form is drawn in slices, so the page answers taps while it is.
        startTransition(() =>
          setData({
            // An expert asking a question cannot ask themselves.
            creators: creators.filter((creator) => creator.userId !== user.id),
            categories,
            tags,
            places: new Map(places.map((held) => [held.creatorId, held])),
          }),
        );
      })
      .catch((error) => {
        if (handleIfUnauthorized(error, navigate)) return;
        toast({
          title: 'Error',
          description: 'Failed to load form data. Please try again.',
          variant: 'destructive',
        });
      });
    return () => {
      cancelled = true;
    };
  }, [user, navigate]);

  if (!user) {
    return <SignInRequired>Please sign in to ask the experts a question.</SignInRequired>;
  }
  if (user.subscriptionStatus !== 'active') {
    return (
      <Notice
        title="Subscription Required"
        action={<LinkButton to="/subscribe">Subscribe Now</LinkButton>}
      >
        An active subscription is needed to submit questions.
      </Notice>
    );
  }
  const credits = user.foiaCredits ?? 0;
  if (credits < CREDITS_PER_QUESTION) {
    return (
      <Notice
        title="Insufficient Credits"
        action={<LinkButton to="/subscribe">Purchase Credits</LinkButton>}
      >
        You need at least {CREDITS_PER_QUESTION} FOIA credit to submit a question.
      </Notice>
    );
  }

  async function submit(body: FormOutput) {
    try {
      await apiRequest('POST', '/api/questions', body);
      toast({
        title: 'Question Submitted!',
        description:
          'Your question has been sent to moderation. You will be notified when it is answered.',
      });
      await load();
      navigate('/');
    } catch (error) {
      if (handleIfUnauthorized(error, navigate)) return;
      toast({
        title: 'Submission Failed',
        description: serverMessage(error) || 'Failed to submit question. Please try again.',
        variant: 'destructive',
      });
    }
  }

  return (
    <>
      <PageHeading title="Ask an Expert">
        Put your question to the verified expert of your choice.
      </PageHeading>
      <Columns $columns="2fr 1fr">
        {/* A screen tall while the form loads: on a phone the panels below it then wait under
            the fold, instead of jumping down a screen and more when the form arrives. */}
        <Card style={data ? undefined : { minHeight: '100vh' }}>
          {data ? <QuestionForm data={data} onSubmit={submit} /> : <Spinner label="Loading form" />}
        </Card>
        <div style={{ display: 'grid', gap: '1rem' }}>
          <Cost data-testid="cost-panel">
            <Muted>Cost</Muted>
            <div className="cost">{CREDITS_PER_QUESTION} Credit</div>
            <Muted>
              Your balance: <strong data-testid="balance">{credits}</strong>{' '}
              {credits === 1 ? 'credit' : 'credits'}
            </Muted>
            <Muted style={{ marginTop: '0.75rem', fontSize: '0.85rem' }}>
              Your question goes to moderation first. We'll notify you when the expert answers it.
            </Muted>
          </Cost>
          {data ? <ExpertWindows data={data} /> : null}
        </div>
      </Columns>
    </>
  );
}
