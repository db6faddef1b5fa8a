import { html } from '../html.js';
import {
  type Body,
  button,
  formatDate,
  greetingByName,
  link,
  quote,
  type RenderContext,
  SITE,
} from '../parts.js';

export interface ApplicationDecidedData {
  applicationId: number;
  name: string;
  decision: 'approved' | 'declined';
  note: string | null;
  /** An approval's invitation link secret and when it stops working (older approvals: none). */
  invitation?: { token: string; expiresAt: string } | null;
}

/** What an approved expert's invitation link allows, and until when. */
const invitationTerms = (expiresAt: string) =>
  `This link lets you register even while registration is closed to the public. It works once, for this email address, until ${formatDate(expiresAt)}.`;

/** To the applicant: the admins' decision and their note. */
export function applicationDecided(
  data: ApplicationDecidedData,
  { publicUrl }: RenderContext,
): Body {
  const note = data.note?.trim() ? data.note : null;
  if (data.decision === 'approved') {
    const invitation = data.invitation ?? null;
    // The invitation opens registration to this address even while the waitlist closes it.
    const register = link(
      publicUrl,
      invitation
        ? `/auth?tab=register&invite=${encodeURIComponent(invitation.token)}`
        : '/auth?tab=register',
    );
    const login = link(publicUrl, '/auth?tab=login');
    const onboarding = link(publicUrl, '/expert-onboarding');
    const next = `To start answering, create your ${SITE} account (or sign in if you already have one) and complete your expert profile. Once we approve the profile, members can put their questions to you.`;
    return {
      subject: 'Your expert application was approved',
      text: [
        greetingByName(data.name),
        '',
        `Good news: we approved your application to answer questions as an expert on ${SITE}.`,
        ...(note ? ['', 'A note from our team:', note] : []),
        '',
        next,
        '',
        `1. Create your account: ${register}`,
        ...(invitation ? [`   ${invitationTerms(invitation.expiresAt)}`] : []),
        `   (already registered? Sign in: ${login})`,
        `2. Complete your expert profile: ${onboarding}`,
      ],
      html: html`<p>${greetingByName(data.name)}</p>
<p>Good news: we approved your application to answer questions as an expert on ${SITE}.</p>
${note ? html`<p>A note from our team:</p>${quote(note)}` : ''}
<p>${next}</p>
${button(register, 'Create your account')}
${invitation ? html`<p style="color:#6b7280;font-size:13px">${invitationTerms(invitation.expiresAt)}</p>` : ''}
<p>Already registered? <a href="${login}">Sign in</a>, then <a href="${onboarding}">complete your expert profile</a>.</p>`,
    };
  }
  const browse = link(publicUrl, '/browse-qa');
  return {
    subject: 'Your expert application',
    text: [
      greetingByName(data.name),
      '',
      `Thank you for applying to answer questions on ${SITE}. After reviewing your application, we are not able to accept it at this time.`,
      ...(note ? ['', 'A note from our team:', note] : []),
      '',
      `You are welcome to keep reading the archive: ${browse}`,
    ],
    html: html`<p>${greetingByName(data.name)}</p>
<p>Thank you for applying to answer questions on ${SITE}. After reviewing your application, we are not able to accept it at this time.</p>
${note ? html`<p>A note from our team:</p>${quote(note)}` : ''}
${button(browse, 'Read the archive')}`,
  };
}
