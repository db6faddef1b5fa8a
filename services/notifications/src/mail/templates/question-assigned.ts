import { ANSWER_DUE_HOURS } from '@uapqa/contracts';
import { html } from '../html.js';
import {
  type Body,
  button,
  formatDate,
  greeting,
  link,
  quote,
  type RenderContext,
} from '../parts.js';

export interface QuestionAssignedData {
  questionId: string;
  dueAt: string;
  moderationNotes: string | null;
}

/** To the expert a question was approved for. */
export function questionAssigned(
  data: QuestionAssignedData,
  { publicUrl, recipient, questionTitle }: RenderContext,
): Body {
  const dashboard = link(publicUrl, '/expert-dashboard');
  const due = formatDate(data.dueAt);
  const title = questionTitle ?? 'a member’s question';
  return {
    subject: questionTitle ? `New question for you: ${questionTitle}` : 'A new question for you',
    text: [
      greeting(recipient),
      '',
      `A moderator approved ${questionTitle ? `the question “${questionTitle}”` : 'a question'} and assigned it to you.`,
      `Please answer it by ${due} (${ANSWER_DUE_HOURS} hours after approval). After that it can no longer be answered and the member’s credit is refunded.`,
      ...(data.moderationNotes ? ['', 'Note from the moderator:', data.moderationNotes] : []),
      '',
      `Answer it from your dashboard: ${dashboard}`,
    ],
    html: html`<p>${greeting(recipient)}</p>
<p>A moderator approved ${questionTitle ? html`the question <strong>“${title}”</strong>` : 'a question'} and assigned it to you.</p>
<p>Please answer it by <strong>${due}</strong> (${ANSWER_DUE_HOURS} hours after approval). After that it can no longer be answered and the member’s credit is refunded.</p>
${data.moderationNotes ? html`<p>Note from the moderator:</p>${quote(data.moderationNotes)}` : ''}
${button(dashboard, 'Answer it from your dashboard')}`,
  };
}
