import type { Question } from '@uapqa/contracts';
import { AnswerHistory } from './AnswerHistory';
import { FollowUpSection } from './FollowUpSection';
import { RateAnswer } from './RateAnswer';
import { RefundSection } from './RefundSection';

/** Under an answer: its rating, the follow-up, the refund request, and for staff its history. */
export function AfterTheAnswer({
  question,
  mine,
  staff,
  now,
  onChanged,
}: {
  question: Question;
  mine: boolean;
  staff: boolean;
  now: number;
  onChanged: () => void;
}) {
  return (
    <>
      <RateAnswer question={question} mine={mine} onChanged={onChanged} />
      <FollowUpSection question={question} mine={mine} now={now} onChanged={onChanged} />
      <RefundSection question={question} mine={mine} now={now} onChanged={onChanged} />
      {staff && question.answer?.editedAt ? <AnswerHistory questionId={question.id} /> : null}
    </>
  );
}
