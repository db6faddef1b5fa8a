import { html } from '../html.js';
import { type Body, button, formatDate, greeting, link, type RenderContext } from '../parts.js';

export interface FollowUpAskedData {
  questionId: string;
  title: string;
  dueAt: string;
}

/** To the expert: the asker's follow-up, and until when they may reply. */
export function followUpAsked(
  data: FollowUpAskedData,
  { publicUrl, recipient }: RenderContext,
): Body {
  const dashboard = link(publicUrl, '/expert-dashboard');
  const due = formatDate(data.dueAt);
  return {
    subject: `A follow-up question: ${data.title}`,
    text: [
      greeting(recipient),
      '',
      `The member who asked “${data.title}” has a follow-up question about your answer.`,
      `Please reply by ${due}; after that it can no longer be answered.`,
      '',
      `Reply from your dashboard: ${dashboard}`,
    ],
    html: html`<p>${greeting(recipient)}</p>
<p>The member who asked <strong>“${data.title}”</strong> has a follow-up question about your answer.</p>
<p>Please reply by <strong>${due}</strong>; after that it can no longer be answered.</p>
${button(dashboard, 'Reply from your dashboard')}`,
  };
}
