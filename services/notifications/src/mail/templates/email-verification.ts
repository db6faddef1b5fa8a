import { EMAIL_VERIFICATION_TTL_HOURS } from '@uapqa/contracts';
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

export interface EmailVerificationData {
  firstName: string | null;
  token: string;
  expiresAt: string;
}

/**
 * To the address of a new sign-up: the link that confirms it. The only message an address
 * nobody confirmed ever receives.
 */
export function emailVerification(data: EmailVerificationData, { publicUrl }: RenderContext): Body {
  const confirm = link(publicUrl, `/verify-email?token=${encodeURIComponent(data.token)}`);
  const hello = data.firstName ? greetingByName(data.firstName) : 'Hello,';
  const sentence = `Someone (we hope you) created an account on ${SITE} with this email address. Open the link below to confirm it is yours and finish creating your account.`;
  const expiry = `The link works once, until ${formatDate(data.expiresAt)} (${EMAIL_VERIFICATION_TTL_HOURS} hours). If it was not you, ignore this email: without the link, no account is created.`;
  return {
    subject: `Confirm your email address for ${SITE}`,
    text: [hello, '', sentence, '', `Confirm your email address: ${confirm}`, '', expiry],
    html: html`<p>${hello}</p>
<p>${sentence}</p>
${button(confirm, 'Confirm your email address')}
<p style="color:#6b7280;font-size:13px">${expiry}</p>`,
  };
}
