import { EMAIL_CHANGE_TTL_HOURS } from '@uapqa/contracts';
import { html } from '../html.js';
import {
  type Body,
  button,
  formatDate,
  greetingByName,
  link,
  type RenderContext,
  SITE,
} from '../parts.js';

export interface EmailChangeConfirmData {
  firstName: string | null;
  token: string;
  expiresAt: string;
}

/** To the new address: the link that moves the account to it. */
export function emailChangeConfirm(
  data: EmailChangeConfirmData,
  { publicUrl }: RenderContext,
): Body {
  const confirm = link(publicUrl, `/confirm-email-change?token=${encodeURIComponent(data.token)}`);
  const hello = data.firstName ? greetingByName(data.firstName) : 'Hello,';
  const sentence = `Someone (we hope you) asked to use this address for their ${SITE} account. Open the link below to confirm it is yours.`;
  const expiry = `The link works once, until ${formatDate(data.expiresAt)} (${EMAIL_CHANGE_TTL_HOURS} hours). If it was not you, ignore this email: nothing changes without the link.`;
  return {
    subject: `Confirm your new email address for ${SITE}`,
    text: [hello, '', sentence, '', `Confirm this address: ${confirm}`, '', expiry],
    html: html`<p>${hello}</p>
<p>${sentence}</p>
${button(confirm, 'Confirm this address')}
<p style="color:#6b7280;font-size:13px">${expiry}</p>`,
  };
}
