import { html } from '../html.js';
import { type Body, button, greetingByName, link, type RenderContext, SITE } from '../parts.js';

export interface EmailChangeRequestedData {
  firstName: string | null;
  newEmail: string;
}

/** To the current address: a move to `newEmail` was asked, and waits for its link. */
export function emailChangeRequested(
  data: EmailChangeRequestedData,
  { publicUrl }: RenderContext,
): Body {
  const forgot = link(publicUrl, '/auth?tab=forgot');
  const hello = data.firstName ? greetingByName(data.firstName) : 'Hello,';
  const sentence = `Someone signed in to your ${SITE} account asked to change its email address to ${data.newEmail}. Nothing changes unless the link sent to that address is opened; until then your account keeps this address.`;
  const advice =
    'If it was you, there is nothing to do. If it was not, someone knows your password: choose a new one with the link below, which also signs everyone out.';
  return {
    subject: `A change of your ${SITE} email address was asked`,
    text: [hello, '', sentence, '', advice, '', `Reset your password: ${forgot}`],
    html: html`<p>${hello}</p>
<p>${sentence}</p>
<p>${advice}</p>
${button(forgot, 'Reset your password')}`,
  };
}
