import { ANSWER_DUE_HOURS, SUBSCRIPTION } from '@uapqa/contracts';
import { html } from '../html.js';
import {
  type Body,
  button,
  formatMoney,
  greeting,
  link,
  plural,
  type RenderContext,
  SITE,
} from '../parts.js';

/** To a member who just confirmed their address. */
export function welcome(
  _data: Record<string, never>,
  { publicUrl, recipient }: RenderContext,
): Body {
  const subscribe = link(publicUrl, '/subscribe');
  const browse = link(publicUrl, '/browse-qa');
  const price = formatMoney(SUBSCRIPTION.priceCents);
  const credits = plural(SUBSCRIPTION.creditsPerPeriod, 'FOIA credit');
  return {
    subject: `Welcome to ${SITE}`,
    text: [
      greeting(recipient),
      '',
      `Thanks for joining ${SITE}. With Archive Access (${price}/month, including ${credits} every month) you can put your questions to verified UFO/UAP experts, who answer within ${ANSWER_DUE_HOURS} hours, and read every answer in the archive.`,
      '',
      `Start your subscription: ${subscribe}`,
      `Browse the archive: ${browse}`,
    ],
    html: html`<p>${greeting(recipient)}</p>
<p>Thanks for joining ${SITE}. With Archive Access (${price}/month, including ${credits} every month) you can put your questions to verified UFO/UAP experts, who answer within ${ANSWER_DUE_HOURS} hours, and read every answer in the archive.</p>
${button(subscribe, 'Start your subscription')}
<p><a href="${browse}">Browse the archive</a></p>`,
  };
}
