import { ANSWER_DUE_HOURS, type Question } from '@uapqa/contracts';
import { Badge, Button, Card, formatUsDate, Muted, statusTone } from '@uapqa/ui';
import { AnswerText } from '@uapqa/ui/answer-text';
import styled from 'styled-components';
import { timeLeft } from '../lib/deadline';
import { AnswerForm } from './AnswerForm';
import { FollowUpReply } from './FollowUpReply';

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
  flex-wrap: wrap;
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

/** One assigned question on the dashboard: its text, the answer or the form, and the follow-up. */
export function QuestionItem({
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
  const editableUntil = question.answer?.editableUntil
    ? new Date(question.answer.editableUntil).getTime()
    : 0;
  const awaitingReply =
    question.followUp !== null && question.followUp !== undefined && !question.followUp.reply;
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
        {awaitingReply ? (
          <Badge $tone="yellow" data-testid="follow-up-badge">
            Follow-up
          </Badge>
        ) : null}
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
          <div className="label">
            Your answer · {formatUsDate(question.answer.createdAt)}
            {question.answer.editedAt ? ` · edited ${formatUsDate(question.answer.editedAt)}` : ''}
          </div>
          {answering && editableUntil > now ? (
            <AnswerForm
              questionId={question.id}
              editing={question.answer.content}
              onSubmitted={onSubmitted}
              onCancel={onClose}
            />
          ) : (
            <AnswerText>{question.answer.content}</AnswerText>
          )}
          {!answering && editableUntil > now ? (
            <Row>
              <Button $variant="secondary" onClick={onAnswer}>
                Edit answer
              </Button>
              <Muted as="span" style={{ fontSize: '0.85rem', alignSelf: 'center' }}>
                You can edit it until {formatUsDate(question.answer.editableUntil!)} or until the
                member rates it.
              </Muted>
            </Row>
          ) : null}
        </Block>
      ) : null}
      {question.followUp ? (
        <Block>
          <FollowUpReply question={question} now={now} onReplied={onSubmitted} />
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
