import { html } from '../html.js';
import {
  type Body,
  button,
  formatDate,
  link,
  plural,
  quote,
  type RenderContext,
} from '../parts.js';

export interface ApplicationStaffData {
  applicationId: number;
  name: string;
  email: string;
  phone: string;
  website: string | null;
  duration: number;
  questionsPerWeek: number;
  description: string | null;
  submittedAt: string;
}

/** To each admin: a new expert application to decide (replies go to the applicant). */
export function applicationStaff(data: ApplicationStaffData, { publicUrl }: RenderContext): Body {
  const dashboard = link(publicUrl, '/admin-dashboard');
  const rows: Array<[string, string]> = [
    ['Name', data.name],
    ['Email', data.email],
    ['Phone', data.phone],
    ['Website', data.website ?? '—'],
    [
      'Commitment',
      `${plural(data.questionsPerWeek, 'question')} a week for ${plural(data.duration, 'month')}`,
    ],
    ['Received', formatDate(data.submittedAt)],
  ];
  return {
    subject: `New expert application: ${data.name}`,
    replyTo: data.email,
    text: [
      `A new expert application (number ${data.applicationId}) is waiting for a decision.`,
      '',
      ...rows.map(([label, value]) => `${label}: ${value}`),
      ...(data.description ? ['', 'About them:', data.description] : []),
      '',
      `Approve or decline it on the admin dashboard: ${dashboard}`,
      'Reply to this email to write to the applicant.',
    ],
    html: html`<p>A new expert application (number ${data.applicationId}) is waiting for a decision.</p>
<table style="border-collapse:collapse">${rows.map(
      ([label, value]) =>
        html`<tr><td style="padding:4px 12px 4px 0;color:#6b7280">${label}</td><td style="padding:4px 0">${value}</td></tr>`,
    )}</table>
${data.description ? html`<p>About them:</p>${quote(data.description)}` : ''}
${button(dashboard, 'Decide on the admin dashboard')}
<p style="color:#6b7280;font-size:13px">Reply to this email to write to the applicant.</p>`,
  };
}
