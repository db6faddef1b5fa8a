import { type Expert, type Question, REJECTION_REASON_LABELS } from '@uapqa/contracts';
import { type BadgeTone, formatUsDate, Muted } from '@uapqa/ui';
import styled from 'styled-components';
import { expertProfile } from './experts';
import { countdown } from './windows';

/** What a member reads as a question's state: an approved question past its deadline is overdue. */
export function statusLabel(question: Question): { label: string; tone: BadgeTone } {
  if (question.status === 'approved' && question.withdrawnAt)
    return { label: 'Expert unavailable', tone: 'gray' };
  if (question.status === 'approved' && question.overdueAt)
    return { label: 'Overdue', tone: 'danger' };
  switch (question.status) {
    case 'pending':
      return { label: 'Pending review', tone: 'yellow' };
    case 'approved':
      return { label: 'Awaiting answer', tone: 'blue' };
    case 'answered':
      return { label: 'Answered', tone: 'green' };
    default:
      return { label: 'Rejected', tone: 'gray' };
  }
}

/** Staff gave the question to another expert than the one the member asked. */
export function wasReassigned(question: Question): boolean {
  return (
    question.assignedExpertId !== null && question.assignedExpertId !== question.assignedCreatorId
  );
}

const Facts = styled.div`
  display: grid;
  gap: 0.5rem;
  font-size: 0.92rem;
  p { margin: 0; }
`;
const Callout = styled.div<{ $tone: 'danger' | 'blue' | 'muted' }>`
  border-left: 3px solid ${({ theme, $tone }) => ($tone === 'muted' ? theme.colors.border : theme.colors[$tone])};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  border-radius: ${({ theme }) => theme.radius.sm};
  padding: 0.6rem 0.8rem;
  overflow-wrap: anywhere;
  p { margin: 0; }
  p + p { margin-top: 0.35rem; }
`;

/** The expert's display name: the question's own expert, else the list of experts. */
function expertName(question: Question, userId: number, experts: readonly Expert[]): string {
  if (question.creator?.userId === userId) return expertProfile(question.creator).name;
  const known = experts.find((expert) => expert.userId === userId);
  return known ? expertProfile(known).name : 'another expert';
}

/**
 * What the asker may know of their question beyond its text: who answers it (and whether staff
 * chose another expert), the 72-hour deadline while it waits, and why it was rejected or
 * withdrawn and that the credit came back.
 */
export function QuestionFacts({
  question,
  experts,
  now,
}: {
  question: Question;
  experts: readonly Expert[];
  now: number;
}) {
  const asked = expertName(question, question.assignedCreatorId, experts);
  const assigned =
    question.assignedExpertId !== null
      ? expertName(question, question.assignedExpertId, experts)
      : null;
  const waiting =
    question.status === 'approved' &&
    !question.overdueAt &&
    !question.withdrawnAt &&
    !question.answer;
  const left = waiting && question.dueAt ? countdown(question.dueAt, now) : '';
  return (
    <Facts>
      {assigned ? (
        <p data-testid="assigned-expert">
          Assigned to <strong>{assigned}</strong>
          {wasReassigned(question) ? (
            <Muted as="span" data-testid="reassigned">
              {' '}
              · reassigned by our moderators (you asked {asked})
            </Muted>
          ) : null}
        </p>
      ) : (
        <p>
          Asked of <strong>{asked}</strong>
        </p>
      )}
      {question.status === 'pending' ? <Muted>Waiting for a moderator to review it.</Muted> : null}
      {waiting ? (
        <Callout $tone="blue" data-testid="deadline">
          {left ? (
            <p>
              Answer due in <strong>{left}</strong> ({formatUsDate(question.dueAt!)})
            </p>
          ) : (
            <p>The 72-hour deadline has passed.</p>
          )}
        </Callout>
      ) : null}
      {question.status === 'approved' && question.withdrawnAt ? (
        <Callout $tone="muted" data-testid="refund">
          <p>
            {assigned ?? asked} is no longer available to answer questions, so this question was
            withdrawn. Your FOIA credit was refunded; you can ask another expert.
          </p>
        </Callout>
      ) : null}
      {question.status === 'approved' && question.overdueAt && !question.withdrawnAt ? (
        <Callout $tone="danger" data-testid="refund">
          <p>The expert did not answer within 72 hours. Your FOIA credit was refunded.</p>
        </Callout>
      ) : null}
      {question.status === 'rejected' ? (
        <Callout $tone="danger" data-testid="rejection">
          {question.rejectionReason ? (
            <p>
              <strong>Why it was not approved:</strong>{' '}
              {REJECTION_REASON_LABELS[question.rejectionReason]}
            </p>
          ) : null}
          {question.moderationNotes || !question.rejectionReason ? (
            <p>
              <strong>Moderator's note:</strong>{' '}
              {question.moderationNotes || 'No reason was given.'}
            </p>
          ) : null}
          <p data-testid="refund">Your FOIA credit was refunded.</p>
        </Callout>
      ) : null}
    </Facts>
  );
}
