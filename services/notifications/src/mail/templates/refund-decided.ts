import { html } from '../html.js';
import { type Body, button, greeting, questionPage, quote, type RenderContext } from '../parts.js';

export interface RefundDecidedData {
  questionId: string;
  title: string;
  granted: boolean;
  note: string;
}

/** To the asker: staff's decision on their refund request, and its note. */
export function refundDecided(
  data: RefundDecidedData,
  { publicUrl, recipient }: RenderContext,
): Body {
  const page = questionPage(publicUrl, data.questionId);
  const outcome = data.granted
    ? 'We granted your refund request: the question’s credit is back in your account.'
    : 'We looked at your refund request carefully and decided not to refund this question.';
  return {
    subject: data.granted
      ? `Your refund was granted: ${data.title}`
      : `Your refund request: ${data.title}`,
    text: [
      greeting(recipient),
      '',
      `About your question “${data.title}”: ${outcome}`,
      '',
      'Our note:',
      data.note,
      '',
      `Your question: ${page}`,
    ],
    html: html`<p>${greeting(recipient)}</p>
<p>About your question <strong>“${data.title}”</strong>: ${outcome}</p>
<p>Our note:</p>${quote(data.note)}
${button(page, 'See your question')}`,
  };
}
