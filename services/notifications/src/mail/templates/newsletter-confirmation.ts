import { html } from '../html.js';
import { type Body, button, link, type RenderContext, SITE } from '../parts.js';

export interface NewsletterConfirmationData {
  token: string;
}

/** To an address signed up for the newsletter: the link that confirms it (double opt-in). */
export function newsletterConfirmation(
  data: NewsletterConfirmationData,
  { publicUrl }: RenderContext,
): Body {
  const confirm = link(publicUrl, `/newsletter/confirm?token=${encodeURIComponent(data.token)}`);
  const sentence = `Someone (we hope you) asked to receive the ${SITE} newsletter at this address. Open the link below to confirm it; until then, no newsletter is sent here.`;
  const ignore =
    'If it was not you, ignore this email: without the link, this address receives nothing.';
  return {
    subject: `Confirm your subscription to the ${SITE} newsletter`,
    text: ['Hello,', '', sentence, '', `Confirm your subscription: ${confirm}`, '', ignore],
    html: html`<p>Hello,</p>
<p>${sentence}</p>
${button(confirm, 'Confirm your subscription')}
<p style="color:#6b7280;font-size:13px">${ignore}</p>`,
  };
}
