import { ANSWER_DUE_HOURS } from '@uapqa/contracts';
import { html } from '../html.js';
import {
  type Body,
  button,
  expertName,
  formatDate,
  greeting,
  link,
  questionPage,
  type RenderContext,
} from '../parts.js';

export interface QuestionApprovedData {
  questionId: string;
  expertId: number;
  dueAt: string;
}

/** To the asker of an approved question: who will answer it, and by when. */
export function questionApproved(data: QuestionApprovedData, context: RenderContext): Body {
  const { publicUrl, recipient, questionTitle, expert } = context;
  const page = questionPage(publicUrl, data.questionId);
  const mine = link(publicUrl, '/my-questions');
  const assigned = expertName(expert) ?? 'one of our experts';
  const asked = context.requestedExpertId ?? null;
  const reassigned = asked !== null && asked !== data.expertId;
  const askedName = expertName(context.requestedExpert) ?? 'the expert you chose';
  const question = questionTitle ? `your question “${questionTitle}”` : 'your question';
  const approved = `Our moderators approved ${question}. ${assigned} will answer it.`;
  const why = reassigned
    ? `You asked ${askedName}; our staff assigned the question to ${assigned} instead, who can answer it in time.`
    : null;
  const due = `The answer is due by ${formatDate(data.dueAt)} (${ANSWER_DUE_HOURS} hours from approval). If it does not come in time, your credit is refunded.`;
  return {
    subject: questionTitle
      ? `Your question was approved: ${questionTitle}`
      : 'Your question was approved',
    text: [
      greeting(recipient),
      '',
      approved,
      ...(why ? ['', why] : []),
      '',
      due,
      '',
      `Follow your question: ${page}`,
      `All your questions: ${mine}`,
    ],
    html: html`<p>${greeting(recipient)}</p>
<p>Our moderators approved ${questionTitle ? html`your question <strong>“${questionTitle}”</strong>` : 'your question'}. <strong>${assigned}</strong> will answer it.</p>
${why ? html`<p>${why}</p>` : ''}
<p>${due}</p>
${button(page, 'Follow your question')}
<p><a href="${mine}">All your questions</a></p>`,
  };
}
