import { REJECTION_REASON_LABELS, type RejectionReason } from '@uapqa/contracts';
import { html } from '../html.js';
import { type Body, button, greeting, link, plural, quote, type RenderContext } from '../parts.js';

export interface QuestionRejectedData {
  questionId: string;
  moderationNotes: string | null;
  /** Absent in mail queued before rejections carried a reason. */
  reason?: RejectionReason | null;
  credits: number;
}

/** To the asker of a rejected question. */
export function questionRejected(
  data: QuestionRejectedData,
  { publicUrl, recipient, questionTitle }: RenderContext,
): Body {
  const ask = link(publicUrl, '/submit-question');
  const mine = link(publicUrl, '/my-questions');
  const refund = `The ${plural(data.credits, 'FOIA credit')} you spent on it ${data.credits === 1 ? 'has' : 'have'} been refunded to your balance.`;
  const notes = data.moderationNotes?.trim() ? data.moderationNotes : null;
  const reason = data.reason ? REJECTION_REASON_LABELS[data.reason] : null;
  return {
    subject: questionTitle
      ? `Your question was not approved: ${questionTitle}`
      : 'Your question was not approved',
    text: [
      greeting(recipient),
      '',
      `Our moderators did not approve your question${questionTitle ? ` “${questionTitle}”` : ''}.`,
      ...(reason ? ['', `Why: ${reason}`] : []),
      ...(notes ? ['', 'Moderator’s notes:', notes] : reason ? [] : ['No notes were given.']),
      '',
      refund,
      '',
      `You can ask another question: ${ask}`,
      `All your questions: ${mine}`,
    ],
    html: html`<p>${greeting(recipient)}</p>
<p>Our moderators did not approve your question${questionTitle ? html` <strong>“${questionTitle}”</strong>` : ''}.</p>
${reason ? html`<p><strong>Why:</strong> ${reason}</p>` : ''}
${notes ? html`<p>Moderator’s notes:</p>${quote(notes)}` : reason ? '' : html`<p>No notes were given.</p>`}
<p>${refund}</p>
${button(ask, 'Ask another question')}
<p><a href="${mine}">All your questions</a></p>`,
  };
}
