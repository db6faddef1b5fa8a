// First: zod must be told before any schema is built (see the module).
import '../lib/page-start';
import { type MyQuestionsSummary, type Question, RECENT_QUESTIONS_LIMIT } from '@uapqa/contracts';
import {
  AfterFirstPaint,
  Badge,
  Button,
  Card,
  formatUsDate,
  Grid,
  getJson,
  handleIfUnauthorized,
  Muted,
  PageHeader,
  Placeholders,
  statusTone,
  useSession,
} from '@uapqa/ui';
import { Tooltip, TooltipProvider } from '@uapqa/ui/controls';
import { Link, Navigate, useNavigate } from '@uapqa/ui/router';
import { useEffect } from 'react';
import styled from 'styled-components';
import useSWR from 'swr';
import { LinkButton } from '../lib/link-button';

const Stat = styled(Card)`
  .label { color: ${({ theme }) => theme.colors.muted}; font-size: 0.9rem; }
  .value { font-size: 1.8rem; font-weight: 700; }
`;
const Columns = styled.div`
  display: grid;
  gap: 1.5rem;
  grid-template-columns: 2fr 1fr;
  margin-top: 1.5rem;
  @media (max-width: 900px) { grid-template-columns: 1fr; }
`;
const QuestionRow = styled.li`
  list-style: none;
  padding: 0.75rem 0;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  display: grid;
  gap: 0.35rem;
`;
const QuestionTitle = styled(Link)`
  margin-right: auto;
  font-weight: 700;
  overflow-wrap: anywhere;
  color: ${({ theme }) => theme.colors.text};
  text-decoration: none;
  &:hover { color: ${({ theme }) => theme.colors.primary}; text-decoration: underline; }
`;
const Actions = styled.div`
  display: grid;
  gap: 0.75rem;
`;

export default function Dashboard() {
  const user = useSession((state) => state.user);
  const navigate = useNavigate();
  const { data: questions, isLoading } = useSWR<Question[]>(
    user ? `/api/my-questions?limit=${RECENT_QUESTIONS_LIMIT}` : null,
    async (url: string) => {
      try {
        return await getJson<Question[]>(url);
      } catch (error) {
        console.error(error);
        handleIfUnauthorized(error, navigate);
        return [];
      }
    },
  );

  // Totals of every question asked, not of the recent few loaded above.
  const { data: summary } = useSWR<MyQuestionsSummary | null>(
    user ? '/api/my-questions/summary' : null,
    async (url: string) => {
      try {
        return await getJson<MyQuestionsSummary>(url);
      } catch (error) {
        console.error(error);
        return null;
      }
    },
  );

  // Fresh balance and status each time the dashboard opens.
  const load = useSession((state) => state.load);
  useEffect(() => {
    void load();
  }, [load]);

  if (!user) return <Navigate to="/" replace />;
  if (user.role === 'expert') return <Navigate to="/creator-dashboard" replace />;
  if (user.role === 'admin') return <Navigate to="/admin-dashboard" replace />;

  const active = user.subscriptionStatus === 'active';
  const credits = user.foiaCredits ?? 0;
  const list = questions ?? [];

  return (
    <div data-testid="dashboard">
      <PageHeader>
        <Badge $tone="teal">Subscriber</Badge>
        <h1>Welcome back, {user.firstName || user.username || 'Investigator'}</h1>
        <Muted>
          Manage your subscription, ask the experts your questions and browse the archive of
          answers.
        </Muted>
      </PageHeader>

      {/* The sections follow the greeting, drawn without blocking the page. */}
      <AfterFirstPaint>
        <Grid $min="200px">
          <Stat>
            <div className="label">Subscription</div>
            <div className="value" data-testid="stat-subscription">
              {active ? 'Active' : 'Inactive'}
            </div>
          </Stat>
          <Stat>
            <div className="label">FOIA Credits</div>
            <div className="value" data-testid="stat-credits">
              {credits}
            </div>
          </Stat>
          <Stat>
            <div className="label">Questions Asked</div>
            <div className="value" data-testid="stat-asked">
              {summary ? summary.asked : '–'}
            </div>
          </Stat>
          <Stat>
            <div className="label">Questions Answered</div>
            <div className="value" data-testid="stat-answered">
              {summary ? summary.answered : '–'}
            </div>
          </Stat>
        </Grid>

        <Columns>
          <Card>
            <h2>Your Recent Questions</h2>
            {isLoading ? (
              <Placeholders count={3} height="3.5rem" />
            ) : list.length === 0 ? (
              <div style={{ textAlign: 'center', padding: '1rem 0' }}>
                <Muted style={{ marginBottom: '1rem' }}>You haven't asked any questions yet</Muted>
                <LinkButton to="/submit-question">Ask Your First Question</LinkButton>
              </div>
            ) : (
              <>
                <ul style={{ padding: 0, margin: 0 }}>
                  {list.map((question) => (
                    <QuestionRow key={question.id} data-testid="recent-question">
                      <div
                        style={{
                          display: 'flex',
                          gap: '0.5rem',
                          alignItems: 'center',
                          flexWrap: 'wrap',
                        }}
                      >
                        <QuestionTitle to={`/questions/${question.id}`}>
                          {question.title}
                        </QuestionTitle>
                        <Badge $tone={statusTone(question.status)}>{question.status}</Badge>
                      </div>
                      <Muted style={{ fontSize: '0.85rem' }}>
                        {question.category?.name || 'General'} · {formatUsDate(question.createdAt)}
                        {question.answer ? (
                          <span style={{ color: '#22c55e' }}> · ✓ Answered</span>
                        ) : null}
                      </Muted>
                    </QuestionRow>
                  ))}
                </ul>
                <Link to="/my-questions" style={{ display: 'inline-block', marginTop: '1rem' }}>
                  View All Questions
                </Link>
              </>
            )}
          </Card>
          <Card>
            <h2>Quick Actions</h2>
            <Actions>
              {active && credits > 0 ? (
                <LinkButton to="/submit-question">Submit New Question</LinkButton>
              ) : (
                // The page's only tooltip, so its provider is here: the shell renders none.
                <TooltipProvider>
                  <Tooltip content="Needs an active subscription and at least 1 FOIA credit">
                    <span style={{ display: 'grid' }}>
                      <Button disabled aria-disabled="true">
                        Submit New Question
                      </Button>
                    </span>
                  </Tooltip>
                </TooltipProvider>
              )}
              <LinkButton to="/browse-qa" $variant="secondary">
                Browse Archive
              </LinkButton>
              {active ? null : (
                <LinkButton to="/subscribe" $variant="secondary">
                  Activate Subscription
                </LinkButton>
              )}
              <LinkButton to="/subscribe" $variant="secondary">
                Buy FOIA Credits
              </LinkButton>
            </Actions>
          </Card>
        </Columns>
      </AfterFirstPaint>
    </div>
  );
}
