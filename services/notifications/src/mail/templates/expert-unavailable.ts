import { html } from '../html.js';
import {
  type Body,
  button,
  greeting,
  link,
  plural,
  questionPage,
  type RenderContext,
  SITE,
} from '../parts.js';

export interface ExpertUnavailableData {
  questionId: string;
  credits: number;
  balance: number;
}

/** To the asker whose approved question's expert is no longer available: refunded. */
export function expertUnavailable(
  data: ExpertUnavailableData,
  { publicUrl, recipient, questionTitle }: RenderContext,
): Body {
  const ask = link(publicUrl, '/submit-question');
  const page = questionPage(publicUrl, data.questionId);
  const what = questionTitle ? `your question “${questionTitle}”` : 'your question';
  const sentence = `The expert who was to answer ${what} is no longer available on ${SITE}, so the ${plural(data.credits, 'FOIA credit')} you spent on it ${data.credits === 1 ? 'is' : 'are'} back in your balance (now ${data.balance}). You can ask another expert.`;
  return {
    subject: 'Your expert is no longer available: your credit is back',
    text: [
      greeting(recipient),
      '',
      sentence,
      '',
      `Ask another expert: ${ask}`,
      `Your question: ${page}`,
    ],
    html: html`<p>${greeting(recipient)}</p>
<p>${sentence}</p>
${button(ask, 'Ask another expert')}
<p><a href="${page}">Your question</a></p>`,
  };
}
