import { html } from '../html.js';
import { type Body, button, greeting, questionPage, quote, type RenderContext } from '../parts.js';

export interface RefundDecidedExpertData {
  questionId: string;
  title: string;
  granted: boolean;
  note: string;
}

/** To the expert: the decision on a refund of their answer, and what it does to their fee. */
export function refundDecidedExpert(
  data: RefundDecidedExpertData,
  { publicUrl, recipient }: RenderContext,
): Body {
  const page = questionPage(publicUrl, data.questionId);
  const outcome = data.granted
    ? 'The member who asked it asked for a refund, and we granted it: the fee for this answer is taken out of your earnings.'
    : 'The member who asked it asked for a refund, and we refused it: your fee for this answer stands.';
  return {
    subject: `A refund decision on your answer: ${data.title}`,
    text: [
      greeting(recipient),
      '',
      `About your answer to “${data.title}”: ${outcome}`,
      '',
      'Our note:',
      data.note,
      '',
      `The question: ${page}`,
    ],
    html: html`<p>${greeting(recipient)}</p>
<p>About your answer to <strong>“${data.title}”</strong>: ${outcome}</p>
<p>Our note:</p>${quote(data.note)}
${button(page, 'See the question')}`,
  };
}
