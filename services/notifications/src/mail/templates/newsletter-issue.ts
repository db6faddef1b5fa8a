import { html, multiline } from '../html.js';
import { type Body, button, link, type RenderContext } from '../parts.js';

export interface NewsletterIssueData {
  subject: string;
  text: string;
}

/** One newsletter issue, to a confirmed subscriber. */
export function newsletterIssue(data: NewsletterIssueData, { publicUrl }: RenderContext): Body {
  const browse = link(publicUrl, '/browse-qa');
  return {
    subject: data.subject,
    text: [data.text, '', `Browse the archive: ${browse}`],
    html: html`<p>${multiline(data.text)}</p>
${button(browse, 'Browse the archive')}`,
  };
}
