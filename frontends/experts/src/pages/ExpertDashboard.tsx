// First: zod must be told before any schema is built (see the module).
import '../lib/page-start';
import { ANSWER_DUE_HOURS, type ExpertEarnings, type Question } from '@uapqa/contracts';
import {
  Card,
  Grid,
  getJson,
  handleIfUnauthorized,
  Muted,
  PageHeading,
  Placeholders,
  statusOf,
  useNow,
  useSession,
  useSignInIfLoggedOutOnArrival,
} from '@uapqa/ui';
import { formatCents, LoggedOutNotice, Notice } from '@uapqa/ui/page';
import { useNavigate } from '@uapqa/ui/router';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@uapqa/ui/tabs';
import { useState } from 'react';
import styled from 'styled-components';
import useSWR from 'swr';
import { EarningsStatement, nextPayoutLine } from './EarningsStatement';
import { isAnswered, isPending, QuestionItem } from './QuestionItem';

export { isAnswered, isPending } from './QuestionItem';

const QUESTIONS_KEY = '/api/creator/questions';
const EARNINGS_KEY = '/api/billing/earnings';

const Stat = styled(Card)`
  .label { color: ${({ theme }) => theme.colors.muted}; font-size: 0.9rem; }
  .value { font-size: 1.8rem; font-weight: 700; }
`;
const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 1rem;
`;
function QuestionList({
  questions,
  empty,
  now,
  answeringId,
  setAnsweringId,
  onSubmitted,
}: {
  questions: Question[];
  empty: string;
  now: number;
  answeringId: string | null;
  setAnsweringId: (id: string | null) => void;
  onSubmitted: () => Promise<void>;
}) {
  if (questions.length === 0) return <Muted style={{ padding: '1rem 0' }}>{empty}</Muted>;
  return (
    <List>
      {questions.map((question) => (
        <QuestionItem
          key={question.id}
          question={question}
          now={now}
          answering={answeringId === question.id}
          onAnswer={() => setAnsweringId(question.id)}
          onClose={() => setAnsweringId(null)}
          onSubmitted={async () => {
            setAnsweringId(null);
            await onSubmitted();
          }}
        />
      ))}
    </List>
  );
}

/** The expert's own figures and questions (role expert only). */
export function ExpertDashboardView() {
  const navigate = useNavigate();
  const now = useNow(30_000);
  const [answeringId, setAnsweringId] = useState<string | null>(null);
  const [denied, setDenied] = useState(false);
  const onError = (error: unknown) => {
    if (handleIfUnauthorized(error, navigate)) return;
    if (statusOf(error) === 403) setDenied(true);
    else console.error(error);
  };
  const questions = useSWR<Question[]>(QUESTIONS_KEY, (url: string) => getJson<Question[]>(url), {
    onError,
  });
  const earnings = useSWR<ExpertEarnings>(
    EARNINGS_KEY,
    (url: string) => getJson<ExpertEarnings>(url),
    { onError },
  );

  if (denied) {
    return (
      <Notice title="Access Denied" testId="access-denied">
        Access Denied: You don't have expert permissions.
      </Notice>
    );
  }

  const list = questions.data ?? [];
  const pending = list.filter(isPending);
  const answered = list.filter(isAnswered);
  const tabs = [
    {
      value: 'pending',
      label: 'Pending',
      questions: pending,
      empty: 'No questions are waiting for your answer.',
    },
    {
      value: 'answered',
      label: 'Answered',
      questions: answered,
      empty: "You haven't answered any questions yet.",
    },
    {
      value: 'all',
      label: 'All Questions',
      questions: list,
      empty: 'No questions have been assigned to you yet.',
    },
  ];
  const figure = (value: string | number | undefined, failed: boolean) =>
    value ?? (failed ? '—' : '…');

  async function refresh() {
    await Promise.all([questions.mutate(), earnings.mutate()]);
  }

  return (
    <div data-testid="expert-dashboard">
      <PageHeading title="Expert Dashboard">
        Answer the questions assigned to you within {ANSWER_DUE_HOURS} hours of their approval. You
        are paid a fixed fee for every answer.
      </PageHeading>
      <Grid $min="150px">
        <Stat>
          <div className="label">Questions Received</div>
          <div className="value" data-testid="stat-received">
            {figure(questions.data ? list.length : undefined, Boolean(questions.error))}
          </div>
        </Stat>
        <Stat>
          <div className="label">Questions Answered</div>
          <div className="value" data-testid="stat-answered">
            {figure(questions.data ? answered.length : undefined, Boolean(questions.error))}
          </div>
        </Stat>
        <Stat>
          <div className="label">Total Earnings</div>
          <div className="value" data-testid="stat-earnings">
            {figure(
              earnings.data ? formatCents(earnings.data.totalEarningsCents) : undefined,
              Boolean(earnings.error),
            )}
          </div>
          {earnings.data ? (
            <Muted style={{ fontSize: '0.8rem' }}>
              {formatCents(earnings.data.feeCents)} per answer
            </Muted>
          ) : null}
        </Stat>
        <Stat>
          <div className="label">Next Payout</div>
          <div className="value" data-testid="stat-payout">
            {figure(
              earnings.data ? formatCents(earnings.data.nextPayout.amountCents) : undefined,
              Boolean(earnings.error),
            )}
          </div>
          {earnings.data ? (
            <Muted style={{ fontSize: '0.8rem' }} data-testid="payout-line">
              {nextPayoutLine(earnings.data)}
            </Muted>
          ) : null}
        </Stat>
      </Grid>

      <Card style={{ marginTop: '1.5rem' }}>
        <h2>Your Questions</h2>
        {questions.isLoading ? (
          <Placeholders count={3} height="4rem" />
        ) : questions.error && !questions.data ? (
          <Muted role="alert">We couldn't load your questions. Please reload the page.</Muted>
        ) : (
          <Tabs defaultValue="pending">
            <TabsList aria-label="Questions">
              {tabs.map((tab) => (
                <TabsTrigger key={tab.value} value={tab.value}>
                  {tab.label} ({tab.questions.length})
                </TabsTrigger>
              ))}
            </TabsList>
            {tabs.map((tab) => (
              <TabsContent key={tab.value} value={tab.value}>
                <QuestionList
                  questions={tab.questions}
                  empty={tab.empty}
                  now={now}
                  answeringId={answeringId}
                  setAnsweringId={setAnsweringId}
                  onSubmitted={refresh}
                />
              </TabsContent>
            ))}
          </Tabs>
        )}
      </Card>
      {earnings.data ? <EarningsStatement earnings={earnings.data} /> : null}
    </div>
  );
}

/** `/expert-dashboard` and `/creator-dashboard`: both names lead to this one screen. */
export default function ExpertDashboard() {
  const user = useSession((state) => state.user);
  const navigate = useNavigate();
  useSignInIfLoggedOutOnArrival(user, navigate);
  if (!user) return <LoggedOutNotice />;
  if (user.role !== 'expert') {
    return (
      <Notice title="Access Denied" testId="access-denied">
        Access Denied: You don't have expert permissions.
      </Notice>
    );
  }
  return <ExpertDashboardView />;
}
