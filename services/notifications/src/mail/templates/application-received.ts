import { html } from '../html.js';
import {
  type Body,
  button,
  greetingByName,
  link,
  plural,
  type RenderContext,
  SITE,
} from '../parts.js';

export interface ApplicationReceivedData {
  applicationId: number;
  name: string;
  duration: number;
  questionsPerWeek: number;
}

/** To a visitor who sent the public expert application. */
export function applicationReceived(
  data: ApplicationReceivedData,
  { publicUrl }: RenderContext,
): Body {
  const experts = link(publicUrl, '/experts');
  const commitment = `${plural(data.questionsPerWeek, 'question')} a week for ${plural(data.duration, 'month')}`;
  const sentence = `Thank you for applying to answer questions as an expert on ${SITE} (${commitment}). Our team reviews every application and will reply to this address with a decision.`;
  return {
    subject: `We received your expert application`,
    text: [
      greetingByName(data.name),
      '',
      sentence,
      '',
      `How answering works: ${experts}`,
      '',
      `Your application number: ${data.applicationId}.`,
    ],
    html: html`<p>${greetingByName(data.name)}</p>
<p>${sentence}</p>
${button(experts, 'How answering works')}
<p style="color:#6b7280;font-size:13px">Your application number: ${data.applicationId}.</p>`,
  };
}
