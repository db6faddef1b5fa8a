// First: zod must be told before any schema is built (see the module).
import '../lib/page-start';
import { CREDITS_PER_QUESTION } from '@uapqa/contracts';
import {
  apiRequest,
  Card,
  Columns,
  handleIfUnauthorized,
  Muted,
  PageHeading,
  Spinner,
  serverMessage,
  toast,
  useSession,
} from '@uapqa/ui';
import { Notice } from '@uapqa/ui/page';
import { useNavigate } from '@uapqa/ui/router';
import styled from 'styled-components';
import { useAskFormData } from '../lib/ask/ask-form-data';
import { ExpertWindows } from '../lib/ask/ExpertWindows';
import { type FormOutput, QuestionForm } from '../lib/ask/QuestionForm';
import { LinkButton } from '../lib/link-button';
import { SignInRequired } from '../lib/sign-in-required';

const Cost = styled(Card)`
  .cost { font-size: 2rem; font-weight: 700; color: ${({ theme }) => theme.colors.primary}; }
`;

export default function SubmitQuestion() {
  const user = useSession((state) => state.user);
  const load = useSession((state) => state.load);
  const navigate = useNavigate();
  const data = useAskFormData(user);

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
