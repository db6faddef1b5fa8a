import { html } from '../html.js';
import { type Body, button, link, type RenderContext, SITE } from '../parts.js';

/** To a visitor who joined the waitlist. */
export function waitlistConfirmation(
  _data: Record<string, never>,
  { publicUrl }: RenderContext,
): Body {
  const home = link(publicUrl, '/');
  return {
    subject: `You're on the ${SITE} waitlist`,
    text: [
      'Hello,',
      '',
      `Thanks for joining the ${SITE} waitlist. You'll be notified first when we launch.`,
      '',
      `${home}`,
      '',
      'If you did not sign up, you can ignore this message.',
    ],
    html: html`<p>Hello,</p>
<p>Thanks for joining the ${SITE} waitlist. You'll be notified first when we launch.</p>
${button(home, `Visit ${SITE}`)}
<p style="color:#6b7280;font-size:13px">If you did not sign up, you can ignore this message.</p>`,
  };
}
