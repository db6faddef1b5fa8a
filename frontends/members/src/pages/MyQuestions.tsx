// First: zod must be told before any schema is built (see the module).
import '../lib/page-start';
import {
  type Expert,
  MY_QUESTIONS_PAGE_SIZE,
  type MyQuestionsSummary,
  type Question,
  type QuestionStatus,
} from '@uapqa/contracts';
import {
  Badge,
  Button,
  Card,
  formatUsDate,
  getJson,
  handleIfUnauthorized,
  Muted,
  PageHeader,
  PageTitle,
  Placeholders,
  useNow,
  useSession,
} from '@uapqa/ui';
import { Link, Navigate, useNavigate, useSearchParams } from '@uapqa/ui/router';
import { useEffect } from 'react';
import styled from 'styled-components';
import useSWR from 'swr';
import { LinkButton } from '../lib/link-button';
import { QuestionFacts, statusLabel } from '../lib/own-question';

const FILTERS: ReadonlyArray<{ status: QuestionStatus | ''; label: string }> = [
  { status: '', label: 'All' },
  { status: 'pending', label: 'Pending' },
  { status: 'approved', label: 'Approved' },
  { status: 'answered', label: 'Answered' },
  { status: 'rejected', label: 'Rejected' },
];

const Filters = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
`;
const Item = styled(Card)`
  display: grid;
  gap: 0.75rem;
  h2 { font-size: 1.1rem; margin: 0; overflow-wrap: anywhere; }
  h2 a { color: inherit; text-decoration: none; }
  h2 a:hover { color: ${({ theme }) => theme.colors.primary}; }
`;
const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.5rem 0.75rem;
`;
const Answer = styled.div`
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  padding-top: 0.75rem;
  p { margin: 0; white-space: pre-line; overflow-wrap: anywhere; }
`;
const Pager = styled.nav`
  display: flex;
  align-items: center;
  justify-content: center;
  gap: 1rem;
  margin-top: 1.5rem;
  padding: 0.75rem;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.lg};
`;

interface Page {
  questions: Question[];
  total: number;
}

/** Every question the member asked, a page at a time, newest first, optionally of one status. */
export default function MyQuestions() {
  const user = useSession((state) => state.user);
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const status = (FILTERS.find((f) => f.status === params.get('status'))?.status ?? '') as
    | QuestionStatus
    | '';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const now = useNow(1000);

  useEffect(() => {
    document.title = 'My Questions | UAP Answers';
  }, []);

  const query = new URLSearchParams({
    limit: String(MY_QUESTIONS_PAGE_SIZE),
    offset: String((page - 1) * MY_QUESTIONS_PAGE_SIZE),
  });
  if (status) query.set('status', status);
  const { data, isLoading, error } = useSWR<Page>(
    user ? `/api/my-questions?${query}` : null,
    async (url: string) => {
      const response = await fetch(url, { credentials: 'include' });
      if (response.status === 401) throw new Error('401: Unauthorized');
      if (!response.ok) throw new Error(`${response.status}: ${response.statusText}`);
      return {
        questions: (await response.json()) as Question[],
        total: Number(response.headers.get('X-Total-Count') ?? 0),
      };
    },
  );
  const { data: summary } = useSWR<MyQuestionsSummary>(
    user ? '/api/my-questions/summary' : null,
    getJson,
  );
  const { data: experts } = useSWR<Expert[]>('/api/creators', getJson);

  useEffect(() => {
    handleIfUnauthorized(error, navigate);
  }, [error, navigate]);

  if (!user) return <Navigate to="/auth?tab=login" replace />;

  const pages = Math.max(1, Math.ceil((data?.total ?? 0) / MY_QUESTIONS_PAGE_SIZE));
  const go = (next: { status?: QuestionStatus | ''; page?: number }) => {
    const nextStatus = next.status ?? status;
    const nextParams = new URLSearchParams();
    if (nextStatus) nextParams.set('status', nextStatus);
    if ((next.page ?? 1) > 1) nextParams.set('page', String(next.page));
    setParams(nextParams);
  };
  const count = (filter: QuestionStatus | '') =>
    summary ? (filter ? summary[filter] : summary.asked) : null;

  return (
    <div data-testid="my-questions">
      <PageHeader>
        <Row style={{ marginBottom: '0.5rem' }}>
          <PageTitle style={{ marginRight: 'auto' }}>My Questions</PageTitle>
          <LinkButton to="/submit-question">Ask a Question</LinkButton>
        </Row>
        <Muted style={{ marginBottom: '1rem' }}>
          Every question you have asked, its review, its expert and its answer.
        </Muted>
        <Filters role="group" aria-label="Filter by status">
          {FILTERS.map((filter) => {
            const n = count(filter.status);
            return (
              <Button
                key={filter.label}
                $variant={filter.status === status ? 'primary' : 'secondary'}
                aria-pressed={filter.status === status}
                onClick={() => go({ status: filter.status, page: 1 })}
              >
                {filter.label}
                {n === null ? '' : ` (${n})`}
              </Button>
            );
          })}
        </Filters>
      </PageHeader>

      {isLoading || !data ? (
        error ? (
          <Card role="alert">We couldn't load your questions. Please try again.</Card>
        ) : (
          <Placeholders count={3} height="8rem" />
        )
      ) : data.questions.length === 0 ? (
        <Card style={{ textAlign: 'center' }}>
          <h2>{status ? `No ${status} questions` : "You haven't asked any questions yet"}</h2>
          <LinkButton to="/submit-question">Ask Your First Question</LinkButton>
        </Card>
      ) : (
        <section aria-label="Your questions" style={{ display: 'grid', gap: '1rem' }}>
          {data.questions.map((question) => {
            const badge = statusLabel(question);
            return (
              <Item as="article" key={question.id} data-testid="my-question">
                <Row>
                  <Badge $tone={badge.tone} data-testid="status">
                    {badge.label}
                  </Badge>
                  <Muted as="span" style={{ fontSize: '0.85rem' }}>
                    {question.category?.name || 'General'} · Asked{' '}
                    {formatUsDate(question.createdAt)}
                  </Muted>
                </Row>
                <h2>
                  <Link to={`/questions/${question.id}`}>{question.title}</Link>
                </h2>
                <QuestionFacts question={question} experts={experts ?? []} now={now} />
                {question.answer ? (
                  <Answer data-testid="answer">
                    <Muted style={{ fontSize: '0.85rem', marginBottom: '0.35rem' }}>
                      Answered {formatUsDate(question.answer.createdAt)}
                    </Muted>
                    <p>{question.answer.content}</p>
                  </Answer>
                ) : null}
              </Item>
            );
          })}
        </section>
      )}
      {data && data.total > MY_QUESTIONS_PAGE_SIZE ? (
        <Pager aria-label="Pages">
          <Button $variant="secondary" disabled={page <= 1} onClick={() => go({ page: page - 1 })}>
            Previous
          </Button>
          <span data-testid="page-status">
            Page {page} of {pages}
          </span>
          <Button
            $variant="secondary"
            disabled={page >= pages}
            onClick={() => go({ page: page + 1 })}
          >
            Next
          </Button>
        </Pager>
      ) : null}
    </div>
  );
}
