import type { Question, RefundQueueItem } from '@uapqa/contracts';
import { expertName, formatUsDate, getJson, Muted, Placeholders } from '@uapqa/ui';
import { Link } from '@uapqa/ui/router';
import { type ReactNode, useId } from 'react';
import styled from 'styled-components';
import useSWR from 'swr';
import { useStaffErrors } from '../lib/access';
import { type Counted, fetchCounted } from '../lib/counted';
import { userLink } from '../lib/linked-user';
import { Section } from '../lib/sections';

const List = styled.ul`
  list-style: none;
  margin: 0 0 1rem;
  padding: 0;
  li {
    padding: 0.5rem 0;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    overflow-wrap: anywhere;
  }
  .small { color: ${({ theme }) => theme.colors.muted}; font-size: 0.85rem; }
`;
const Heading = styled.h3`
  font-size: 1rem;
  margin: 0 0 0.5rem;
`;

/** One report: its heading, a placeholder while loading, what "none" means, and its rows. */
function Report<T>({
  title,
  rows,
  empty,
  summary,
  row,
}: {
  title: string;
  rows: { items: T[]; total: number } | undefined;
  empty: string;
  summary: (total: number) => string;
  row: (item: T) => ReactNode;
}) {
  return (
    <>
      <Heading>{title}</Heading>
      {!rows ? (
        <Placeholders count={2} height="2rem" />
      ) : rows.items.length === 0 ? (
        <Muted style={{ marginBottom: '1rem' }}>{empty}</Muted>
      ) : (
        <>
          <Muted style={{ marginBottom: '0.5rem' }}>{summary(rows.total)}</Muted>
          <List aria-label={title}>{rows.items.map(row)}</List>
        </>
      )}
    </>
  );
}

/** Links to the accounts of the asker and the expert, opened in User Management. */
function People({ askerId, expertId }: { askerId?: number | null; expertId?: number | null }) {
  if (!askerId && !expertId) return null;
  return (
    <div className="small">
      {askerId ? <Link to={userLink(askerId)}>The asker’s account</Link> : null}
      {askerId && expertId ? ' · ' : null}
      {expertId ? <Link to={userLink(expertId)}>The expert’s account</Link> : null}
    </div>
  );
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;
const expertOf = (question: Question) =>
  question.creator ? expertName(question.creator) : 'an expert';

/**
 * What needs an admin's eye in the content: open refund requests, answers rated 2 stars or
 * less, and questions whose expert let the 72 hours pass. Each links to the question and to the
 * accounts of the people involved.
 */
export function ContentReports() {
  const id = useId();
  const onError = useStaffErrors();
  const options = { onError: (error: unknown) => onError(error) };
  const refunds = useSWR<RefundQueueItem[]>('/api/admin/refund-requests', getJson, options);
  const lowRated = useSWR<Counted<Question>>(
    '/api/admin/reports/low-ratings',
    fetchCounted,
    options,
  );
  const overdue = useSWR<Counted<Question>>('/api/admin/reports/content', fetchCounted, options);
  return (
    <Section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Content Reports</h2>
      <Report
        title="Open refund requests"
        rows={refunds.data ? { items: refunds.data, total: refunds.data.length } : undefined}
        empty="No refund request is waiting."
        summary={(total) =>
          `${plural(total, 'request')} waiting; decide them under Refund Requests.`
        }
        row={(item) => (
          <li key={item.questionId} data-testid="report-refund-request">
            <Link to={`/questions/${item.questionId}`}>{item.title}</Link>
            <div className="small">
              Requested {formatUsDate(item.requestedAt)}: “{item.reason}”
            </div>
            <People askerId={item.askerId} expertId={item.expertId} />
          </li>
        )}
      />
      <Report
        title="Rated 2 stars or less"
        rows={lowRated.data}
        empty="No answer is rated 2 stars or less."
        summary={(total) => `${plural(total, 'answer')} rated 2 stars or less.`}
        row={(question) => (
          <li key={question.id} data-testid="low-rated-question">
            <Link to={`/questions/${question.id}`}>{question.title}</Link>
            <div className="small">
              {expertOf(question)} · {question.rating?.stars} of 5
              {question.rating?.comment ? `: “${question.rating.comment}”` : ''}
            </div>
            <People askerId={question.askerId} expertId={question.assignedExpertId} />
          </li>
        )}
      />
      <Report
        title="Past their deadline"
        rows={overdue.data}
        empty="Every approved question was answered in time."
        summary={(total) =>
          `${plural(total, 'question')} not answered within 72 hours; each credit was refunded.`
        }
        row={(question) => (
          <li key={question.id} data-testid="overdue-question">
            <Link to={`/questions/${question.id}`}>{question.title}</Link>
            <div className="small">
              {expertOf(question)} · deadline passed{' '}
              {question.overdueAt ? formatUsDate(question.overdueAt) : ''}
            </div>
            <People askerId={question.askerId} expertId={question.assignedExpertId} />
          </li>
        )}
      />
    </Section>
  );
}
