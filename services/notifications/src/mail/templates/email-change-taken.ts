import { html } from '../html.js';
import { type Body, button, link, type RenderContext, SITE } from '../parts.js';

/** To a new address that already has an account: someone tried to move theirs to it. */
export function emailChangeTaken(_data: Record<string, never>, { publicUrl }: RenderContext): Body {
  const login = link(publicUrl, '/auth?tab=login');
  const sentence = `Someone asked to move another ${SITE} account to this email address, which already has an account of its own. Nothing was changed, in either account.`;
  const advice = 'If it was you, sign in to the account this address already has.';
  return {
    subject: `Someone tried to use your address for another ${SITE} account`,
    text: ['Hello,', '', sentence, advice, '', `Sign in: ${login}`],
    html: html`<p>Hello,</p>
<p>${sentence}</p>
<p>${advice}</p>
${button(login, 'Sign in')}`,
  };
}
