import { ANSWER_DUE_HOURS } from '@uapqa/contracts';
import { html } from '../html.js';
import {
  type Body,
  button,
  greeting,
  link,
  plural,
  questionPage,
  type RenderContext,
} from '../parts.js';

export interface CreditsRefundedData {
  questionId: string;
  credits: number;
  balance: number;
}

/** To the asker whose question was not answered in time. */
export function creditsRefunded(
  data: CreditsRefundedData,
  { publicUrl, recipient, questionTitle }: RenderContext,
): Body {
  const ask = link(publicUrl, '/submit-question');
  const page = questionPage(publicUrl, data.questionId);
  const what = questionTitle ? `your question “${questionTitle}”` : 'your question';
  const sentence = `The expert did not answer ${what} within ${ANSWER_DUE_HOURS} hours, so the ${plural(data.credits, 'FOIA credit')} you spent on it ${data.credits === 1 ? 'is' : 'are'} back in your balance (now ${data.balance}).`;
  return {
    subject: 'Your credit has been refunded',
    text: [greeting(recipient), '', sentence, '', `Ask again: ${ask}`, `Your question: ${page}`],
    html: html`<p>${greeting(recipient)}</p>
<p>${sentence}</p>
${button(ask, 'Ask again')}
<p><a href="${page}">Your question</a></p>`,
  };
}
