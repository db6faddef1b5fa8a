import {
  ACCOUNT_INVITATION_TTL_DAYS,
  invitationPath,
  ROLE_NAMES,
  type Role,
} from '@uapqa/contracts';
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

export interface AccountInvitationData {
  firstName: string | null;
  username: string;
  role: Role;
  token: string;
  expiresAt: string;
}

/** To an address an admin invited: the link that creates the account with its password. */
export function accountInvitation(data: AccountInvitationData, { publicUrl }: RenderContext): Body {
  const accept = link(publicUrl, invitationPath(data.token));
  const hello = data.firstName ? greetingByName(data.firstName) : 'Hello,';
  const role = ROLE_NAMES[data.role];
  const sentence = `You are invited to ${SITE} as ${role}, under the username ${data.username}. Open the link below and choose your password to create your account.`;
  const expiry = `The link works once, until ${formatDate(data.expiresAt)} (${ACCOUNT_INVITATION_TTL_DAYS} days). If you did not expect this invitation, ignore this email: no account is created without you.`;
  return {
    subject: `You are invited to ${SITE}`,
    text: [hello, '', sentence, '', `Create your account: ${accept}`, '', expiry],
    html: html`<p>${hello}</p>
<p>${sentence}</p>
${button(accept, 'Create your account')}
<p style="color:#6b7280;font-size:13px">${expiry}</p>`,
  };
}
