import { html } from '../html.js';
import { type Body, greetingByName, link, type RenderContext, SITE } from '../parts.js';

export interface EmailChangedData {
  firstName: string | null;
  newEmail: string;
}

/** To the previous address: the account moved to `newEmail`. */
export function emailChanged(data: EmailChangedData, { publicUrl }: RenderContext): Body {
  const contact = link(publicUrl, '/contact');
  const hello = data.firstName ? greetingByName(data.firstName) : 'Hello,';
  const sentence = `The email address of your ${SITE} account was changed to ${data.newEmail}. This address will receive nothing more about the account.`;
  const advice =
    'If it was not you, tell us at once with the contact form: someone else may control your account.';
  return {
    subject: `Your ${SITE} email address was changed`,
    text: [hello, '', sentence, '', advice, '', `Contact us: ${contact}`],
    html: html`<p>${hello}</p>
<p>${sentence}</p>
<p>${advice}</p>
<p><a href="${contact}">Contact us</a></p>`,
  };
}
