import { html } from '../html.js';
import {
  type Body,
  button,
  expertName,
  formatDate,
  greeting,
  questionPage,
  type RenderContext,
} from '../parts.js';

export interface QuestionAnsweredData {
  questionId: string;
  title: string;
  expertId: number;
  answeredAt: string;
}

/** To the asker of an answered question. */
export function questionAnswered(
  data: QuestionAnsweredData,
  { publicUrl, recipient, expert }: RenderContext,
): Body {
  const page = questionPage(publicUrl, data.questionId);
  const by = expertName(expert);
  return {
    subject: `Your question has been answered: ${data.title}`,
    text: [
      greeting(recipient),
      '',
      `${by ?? 'The expert'} answered your question “${data.title}” on ${formatDate(data.answeredAt)}.`,
      '',
      `Read the answer: ${page}`,
    ],
    html: html`<p>${greeting(recipient)}</p>
<p>${by ?? 'The expert'} answered your question <strong>“${data.title}”</strong> on ${formatDate(data.answeredAt)}.</p>
${button(page, 'Read the answer')}`,
  };
}
