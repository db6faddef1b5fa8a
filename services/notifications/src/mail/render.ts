import { html } from './html.js';
import { layout, link, type RenderContext, type RenderedMail, SITE } from './parts.js';
import { type MailData, type MailTemplate, renderers } from './templates/index.js';

/** Text and HTML of a message; every value from outside is HTML-escaped in the HTML part. */
export function renderMail<T extends MailTemplate>(
  template: T,
  data: MailData[T],
  context: RenderContext,
): RenderedMail {
  const body = renderers[template](data, context);
  const { unsubscribe } = context;
  const manage = link(context.publicUrl, '/account');
  const settings = unsubscribe?.forAccount ? `\nAll your email settings: ${manage}` : '';
  const footer = unsubscribe
    ? `\n\nYou receive this because ${unsubscribe.label.toLowerCase()} emails are on. Switch them off: ${unsubscribe.url}${settings}`
    : '';
  return {
    subject: body.subject,
    text: `${body.text.join('\n')}${footer}\n\n--\n${SITE}\n${link(context.publicUrl, '/')}\n`,
    html: layout(
      context.publicUrl,
      body.subject,
      unsubscribe
        ? html`${body.html}
<p style="color:#6b7280;font-size:12px;border-top:1px solid #e5e7eb;padding-top:12px">You receive this because ${unsubscribe.label.toLowerCase()} emails are on. <a href="${unsubscribe.url}" style="color:#6b7280">Switch them off</a>${unsubscribe.forAccount ? html` · <a href="${manage}" style="color:#6b7280">All your email settings</a>` : ''}</p>`
        : body.html,
    ),
    ...(body.replyTo ? { replyTo: body.replyTo } : {}),
  };
}
