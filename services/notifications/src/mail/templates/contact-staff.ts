import { html } from '../html.js';
import { type Body, formatDate, quote } from '../parts.js';

export interface ContactStaffData {
  name: string;
  email: string;
  subject: string | null;
  message: string;
  receivedAt: string;
}

/** To staff: a contact-form message (replies go to the sender). */
export function contactStaff(data: ContactStaffData): Body {
  const subject = data.subject ?? '(no subject)';
  return {
    subject: `Contact form: ${subject} (from ${data.name})`,
    replyTo: data.email,
    text: [
      `A message from the contact form, received ${formatDate(data.receivedAt)}.`,
      '',
      `Name: ${data.name}`,
      `Email: ${data.email}`,
      `Subject: ${subject}`,
      '',
      data.message,
      '',
      'Reply to this email to answer the sender.',
    ],
    html: html`<p>A message from the contact form, received ${formatDate(data.receivedAt)}.</p>
<table style="border-collapse:collapse">
<tr><td style="padding:4px 12px 4px 0;color:#6b7280">Name</td><td>${data.name}</td></tr>
<tr><td style="padding:4px 12px 4px 0;color:#6b7280">Email</td><td><a href="mailto:${data.email}">${data.email}</a></td></tr>
<tr><td style="padding:4px 12px 4px 0;color:#6b7280">Subject</td><td>${subject}</td></tr>
</table>
${quote(data.message)}
<p style="color:#6b7280;font-size:13px">Reply to this email to answer the sender.</p>`,
  };
}
