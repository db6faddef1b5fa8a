import { html } from '../html.js';
import { type Body, button, greetingByName, link, type RenderContext, SITE } from '../parts.js';

export interface SignupExistingData {
  firstName: string | null;
  username: string;
}

/** To the owner of an account whose address someone tried to sign up with again. */
export function signupExisting(data: SignupExistingData, { publicUrl }: RenderContext): Body {
  const login = link(publicUrl, '/auth?tab=login');
  const hello = data.firstName ? greetingByName(data.firstName) : greetingByName(data.username);
  const sentence = `Someone tried to create an account on ${SITE} with this email address, which already has one (username ${data.username}). No new account was created and nothing changed in yours.`;
  const advice = 'If it was you, simply sign in. If it was not, you can ignore this email.';
  return {
    subject: `Someone tried to sign up with your address on ${SITE}`,
    text: [hello, '', sentence, advice, '', `Sign in: ${login}`],
    html: html`<p>${hello}</p>
<p>${sentence}</p>
<p>${advice}</p>
${button(login, 'Sign in')}`,
  };
}
