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

export interface PasswordChangedData {
  firstName: string | null;
  how: 'reset' | 'changed';
  changedAt: string;
}

/** To the owner: the password was changed (by a reset link or from the account page). */
export function passwordChanged(data: PasswordChangedData, { publicUrl }: RenderContext): Body {
  const forgot = link(publicUrl, '/auth?tab=forgot');
  const hello = data.firstName ? greetingByName(data.firstName) : 'Hello,';
  const how =
    data.how === 'reset'
      ? 'with a password reset link, and every device signed in to your account was signed out'
      : 'from your account page, and every other device signed in to your account was signed out';
  const sentence = `Your ${SITE} password was changed on ${formatDate(data.changedAt)}, ${how}.`;
  const advice =
    'If it was you, there is nothing to do. If it was not, choose a new password at once with the link below, and check the email address of your account.';
  return {
    subject: `Your ${SITE} password was changed`,
    text: [hello, '', sentence, '', advice, '', `Reset your password: ${forgot}`],
    html: html`<p>${hello}</p>
<p>${sentence}</p>
<p>${advice}</p>
${button(forgot, 'Reset your password')}`,
  };
}
