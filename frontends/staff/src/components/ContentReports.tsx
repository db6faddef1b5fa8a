import type { Question } from '@uapqa/contracts';
import { creatorName, formatUsDate, Muted, Placeholders } from '@uapqa/ui';
import { Link } from '@uapqa/ui/router';
import { useId } from 'react';
import styled from 'styled-components';
import useSWR from 'swr';
import { useStaffErrors } from '../lib/access';
import { type Counted, fetchCounted } from '../lib/counted';
import { Section } from '../lib/sections';

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  li {
    padding: 0.5rem 0;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    overflow-wrap: anywhere;
  }
  .small { color: ${({ theme }) => theme.colors.muted}; font-size: 0.85rem; }
`;

/** Questions whose expert let the 72 hours pass: each links to its page and names the expert. */
export function ContentReports() {
  const id = useId();
  const onError = useStaffErrors();
  const report = useSWR<Counted<Question>>('/api/admin/reports/content', fetchCounted, {
    onError: (error) => onError(error),
  });
  return (
    <Section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Content Reports</h2>
      <h3 style={{ fontSize: '1rem', margin: '0 0 0.5rem' }}>Past their deadline</h3>
      {!report.data ? (
        <Placeholders count={2} height="2rem" />
      ) : report.data.items.length === 0 ? (
        <Muted>Every approved question was answered in time.</Muted>
      ) : (
        <>
          <Muted style={{ marginBottom: '0.5rem' }}>
            {report.data.total} question{report.data.total === 1 ? '' : 's'} not answered within 72
            hours; each credit was refunded.
          </Muted>
          <List aria-label="Questions past their deadline">
            {report.data.items.map((question) => (
              <li key={question.id} data-testid="overdue-question">
                <Link to={`/questions/${question.id}`}>{question.title}</Link>
                <div className="small">
                  {question.creator ? creatorName(question.creator) : 'an expert'} · deadline passed{' '}
                  {question.overdueAt ? formatUsDate(question.overdueAt) : ''}
                </div>
              </li>
            ))}
          </List>
        </>
      )}
    </Section>
  );
}
