import { PASSWORD_RESET_TTL_MINUTES } from '@uapqa/contracts';
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

export interface PasswordResetData {
  firstName: string | null;
  token: string;
  expiresAt: string;
}

/** To the address of an account: the link that sets a new password. A security email. */
export function passwordReset(data: PasswordResetData, { publicUrl }: RenderContext): Body {
  const reset = link(publicUrl, `/reset-password?token=${encodeURIComponent(data.token)}`);
  const hello = data.firstName ? greetingByName(data.firstName) : 'Hello,';
  const sentence = `Someone (we hope you) asked to choose a new password for your ${SITE} account. Open the link below to choose it.`;
  const expiry = `The link works once, until ${formatDate(data.expiresAt)} (${PASSWORD_RESET_TTL_MINUTES} minutes). If it was not you, ignore this email: your password stays as it is.`;
  return {
    subject: `Choose a new password for ${SITE}`,
    text: [hello, '', sentence, '', `Choose a new password: ${reset}`, '', expiry],
    html: html`<p>${hello}</p>
<p>${sentence}</p>
${button(reset, 'Choose a new password')}
<p style="color:#6b7280;font-size:13px">${expiry}</p>`,
  };
}
