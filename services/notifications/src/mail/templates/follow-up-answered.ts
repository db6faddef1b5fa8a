import { html } from '../html.js';
import {
  type Body,
  button,
  expertName,
  greeting,
  questionPage,
  type RenderContext,
} from '../parts.js';

export interface FollowUpAnsweredData {
  questionId: string;
  title: string;
  expertId: number;
}

/** To the asker: the expert replied to their follow-up. */
export function followUpAnswered(
  data: FollowUpAnsweredData,
  { publicUrl, recipient, expert }: RenderContext,
): Body {
  const page = questionPage(publicUrl, data.questionId);
  const by = expertName(expert) ?? 'The expert';
  return {
    subject: `Your follow-up was answered: ${data.title}`,
    text: [
      greeting(recipient),
      '',
      `${by} replied to your follow-up on “${data.title}”.`,
      '',
      `Read the reply: ${page}`,
    ],
    html: html`<p>${greeting(recipient)}</p>
<p>${by} replied to your follow-up on <strong>“${data.title}”</strong>.</p>
${button(page, 'Read the reply')}`,
  };
}
