// First: zod must be told before any schema is built (see the module).
import '../lib/page-start';
import { ANSWER_DUE_HOURS, type ExpertEarnings, type Question } from '@uapqa/contracts';
import {
  Badge,
  Button,
  Card,
  formatUsDate,
  Grid,
  getJson,
  handleIfUnauthorized,
  Muted,
  PageHeading,
  Placeholders,
  statusOf,
  statusTone,
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
import { timeLeft } from '../lib/deadline';
import { AnswerForm } from './AnswerForm';
import { EarningsStatement, nextPayoutLine } from './EarningsStatement';

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
const Meta = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
  align-items: center;
  font-size: 0.85rem;
  color: ${({ theme }) => theme.colors.muted};
`;
const Deadline = styled.span<{ $urgent: boolean }>`
  font-weight: 700;
  color: ${({ theme, $urgent }) => ($urgent ? theme.colors.danger : theme.colors.yellow)};
`;
const Block = styled.div`
  margin-top: 0.75rem;
  /*
   * The writer's line breaks are kept; a space where a line wraps is dropped rather than left
   * hanging past the card's edge (pre-wrap), and a long address breaks.
   */
  white-space: pre-line;
  overflow-wrap: anywhere;
  .label { font-weight: 600; font-size: 0.85rem; color: ${({ theme }) => theme.colors.muted}; }
`;
const Row = styled.div`
  display: flex;
  gap: 0.5rem;
  margin-top: 0.75rem;
`;

/**
 * A question counts as pending for the expert while approved and unanswered: moderation has let it
 * through and the 72-hour clock runs. One withdrawn because the expert was delisted is not.
 */
export function isPending(question: Question): boolean {
  return question.status === 'approved' && !question.answer && !question.withdrawnAt;
}
export function isAnswered(question: Question): boolean {
  return Boolean(question.answer) || question.status === 'answered';
}

function QuestionItem({
  question,
  now,
  answering,
  onAnswer,
  onClose,
  onSubmitted,
}: {
  question: Question;
  now: number;
  answering: boolean;
  onAnswer: () => void;
  onClose: () => void;
  onSubmitted: () => Promise<void>;
}) {
  const pending = isPending(question);
  const left = pending ? timeLeft(question.dueAt, now) : null;
  // Approved and unanswered reads as pending to the expert; with an answer, as answered.
  const status = isAnswered(question)
    ? 'answered'
    : question.withdrawnAt
      ? 'withdrawn'
      : pending
        ? 'pending'
        : question.status;
  const label = status.charAt(0).toUpperCase() + status.slice(1);
  return (
    <Card as="li" data-testid="expert-question">
      <div style={{ display: 'flex', gap: '0.75rem', alignItems: 'flex-start' }}>
        <h3 style={{ fontSize: '1.05rem', marginRight: 'auto' }}>{question.title}</h3>
        <Badge $tone={statusTone(status)} data-testid="question-status">
          {label}
        </Badge>
      </div>
      <Meta>
        <span>{question.category?.name || 'General'}</span>
        <span>· Asked {formatUsDate(question.createdAt)}</span>
        {question.tags.map((tag) => (
          <Badge key={tag.id} $tone="gray">
            {tag.name}
          </Badge>
        ))}
        {left ? (
          <Deadline $urgent={left.urgent} data-testid="time-left">
            · {left.label}
          </Deadline>
        ) : null}
        {question.dueAt && pending ? <span>(due {formatUsDate(question.dueAt)})</span> : null}
      </Meta>
      <Block>{question.content}</Block>
      {question.context ? (
        <Block>
          <div className="label">Context</div>
          {question.context}
        </Block>
      ) : null}
      {question.sources ? (
        <Block>
          <div className="label">Sources</div>
          {question.sources}
        </Block>
      ) : null}
      {question.moderationNotes ? (
        <Block>
          <div className="label">Moderator notes</div>
          {question.moderationNotes}
        </Block>
      ) : null}
      {question.answer ? (
        <Block>
          <div className="label">Your answer · {formatUsDate(question.answer.createdAt)}</div>
          {question.answer.content}
        </Block>
      ) : null}
      {pending && !left?.overdue ? (
        answering ? (
          <AnswerForm questionId={question.id} onSubmitted={onSubmitted} onCancel={onClose} />
        ) : (
          <Row>
            <Button onClick={onAnswer}>Answer</Button>
          </Row>
        )
      ) : null}
      {question.withdrawnAt && !question.answer ? (
        <Muted style={{ marginTop: '0.75rem', fontSize: '0.85rem' }} data-testid="withdrawn">
          You are no longer listed as an expert, so this question was withdrawn and the member's
          credit refunded.
        </Muted>
      ) : null}
      {pending && left?.overdue ? (
        <Muted style={{ marginTop: '0.75rem', fontSize: '0.85rem' }}>
          The {ANSWER_DUE_HOURS}-hour deadline has passed; the member's credit is refunded.
        </Muted>
      ) : null}
    </Card>
  );
}

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
        Access Denied: You don't have creator permissions.
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
        Access Denied: You don't have creator permissions.
      </Notice>
    );
  }
  return <ExpertDashboardView />;
}
