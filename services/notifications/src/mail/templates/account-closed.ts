import { html } from '../html.js';
import { type Body, button, greetingByName, link, type RenderContext, SITE } from '../parts.js';

export interface AccountClosedData {
  firstName: string | null;
  heldDays: number;
}

/**
 * To the address of an account just closed: the confirmation, a security message (someone with
 * the password could have done it). The last message that address ever gets from us.
 */
export function accountClosed(data: AccountClosedData, { publicUrl }: RenderContext): Body {
  const contact = link(publicUrl, '/contact');
  const hello = data.firstName ? greetingByName(data.firstName) : 'Hello,';
  const closed = `Your ${SITE} account was closed just now. Your name, address, profile and sign-ins are deleted, your subscription has ended and your remaining credits were forfeited. Answers already published stay in the archive under “a former member”; payment records are kept, without your name, as tax law requires.`;
  const last = `This is the last email we send to this address. Your username and address stay reserved for ${data.heldDays} days, then anyone may use them.`;
  const notYou =
    'If you did not close your account, someone knew your password: please contact us at once.';
  return {
    subject: `Your ${SITE} account is closed`,
    text: [hello, '', closed, '', last, '', notYou, `Contact us: ${contact}`],
    html: html`<p>${hello}</p>
<p>${closed}</p>
<p>${last}</p>
<p>${notYou}</p>
${button(contact, 'Contact us')}`,
  };
}
