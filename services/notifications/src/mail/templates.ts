import {
  ANSWER_DUE_HOURS,
  CREDIT_PACKAGES,
  type CreditPackageName,
  SUBSCRIPTION,
} from '@uapqa/contracts';
import { type Html, html, multiline } from './html.js';

/** Every message the service sends, with what its row stores to render it later. */
export interface MailData {
  /** To a member who just registered. */
  welcome: Record<string, never>;
  /** To the expert a question was approved for. */
  question_assigned: { questionId: string; dueAt: string; moderationNotes: string | null };
  /** To the asker of a rejected question. */
  question_rejected: { questionId: string; moderationNotes: string | null; credits: number };
  /** To the asker of an answered question. */
  question_answered: { questionId: string; title: string; expertId: number; answeredAt: string };
  /** A payment receipt. */
  credits_receipt: {
    source: CreditPackageName | 'subscription';
    credits: number;
    amountCents: number;
    balance: number;
    paymentId: string;
    paidAt: string;
  };
  /** To the asker whose question was not answered in time. */
  credits_refunded: { questionId: string; credits: number; balance: number };
  /** To a visitor who joined the waitlist. */
  waitlist_confirmation: Record<string, never>;
  /** To staff: a contact-form message (replies go to the sender). */
  contact_staff: {
    name: string;
    email: string;
    subject: string | null;
    message: string;
    receivedAt: string;
  };
}
export type MailTemplate = keyof MailData;
export const MAIL_TEMPLATES = [
  'welcome',
  'question_assigned',
  'question_rejected',
  'question_answered',
  'credits_receipt',
  'credits_refunded',
  'waitlist_confirmation',
  'contact_staff',
] as const satisfies readonly MailTemplate[];

export interface PersonInfo {
  username: string;
  firstName: string | null;
  lastName: string | null;
}

/** What delivery looks up for a message: the recipient, the question's title, the expert. */
export interface RenderContext {
  publicUrl: string;
  recipient: PersonInfo | null;
  questionTitle: string | null;
  expert: PersonInfo | null;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
}

const SITE = 'UAP Answers';

const dateFormat = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'UTC',
});
export const formatDate = (iso: string) => `${dateFormat.format(new Date(iso))} UTC`;
export const formatMoney = (cents: number) => `$${(cents / 100).toFixed(2)}`;

function greeting(person: PersonInfo | null): string {
  return person ? `Hello ${person.firstName?.trim() || person.username},` : 'Hello,';
}

function fullName(person: PersonInfo | null): string | null {
  if (!person) return null;
  const name = [person.firstName, person.lastName].filter(Boolean).join(' ').trim();
  return name || person.username;
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

function link(publicUrl: string, path: string): string {
  return `${publicUrl.replace(/\/+$/, '')}${path}`;
}

/** A message in both forms: `text` lines, and the HTML body inside the common layout. */
interface Body {
  subject: string;
  text: string[];
  html: Html;
  replyTo?: string;
}

function layout(publicUrl: string, subject: string, body: Html): string {
  const home = link(publicUrl, '/');
  return html`<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${subject}</title></head>
<body style="margin:0;background:#0b1220;font-family:Helvetica,Arial,sans-serif;color:#1f2937">
<div style="max-width:560px;margin:0 auto;padding:24px">
<div style="color:#5eead4;font-size:20px;font-weight:bold;padding:8px 0 16px">${SITE}</div>
<div style="background:#ffffff;border-radius:8px;padding:24px;line-height:1.5">
${body}
</div>
<p style="color:#9ca3af;font-size:12px;padding-top:12px">${SITE} · <a href="${home}" style="color:#9ca3af">${home}</a></p>
</div>
</body>
</html>
`.value;
}

const button = (href: string, label: string) =>
  html`<p><a href="${href}" style="display:inline-block;background:#0d9488;color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none">${label}</a></p>`;

const quote = (text: string) =>
  html`<blockquote style="margin:12px 0;padding:8px 12px;border-left:3px solid #0d9488;background:#f3f4f6">${multiline(text)}</blockquote>`;

function receiptItem(source: MailData['credits_receipt']['source']): string {
  if (source === 'subscription') {
    return `Archive Access subscription (monthly, includes ${plural(SUBSCRIPTION.creditsPerPeriod, 'FOIA credit')})`;
  }
  const pack = CREDIT_PACKAGES[source];
  return `${source === 'bulk' ? 'Bulk Credits' : 'FOIA Credits'}: ${plural(pack.credits, 'question')}`;
}

type Renderers = {
  [T in MailTemplate]: (data: MailData[T], context: RenderContext) => Body;
};

const renderers: Renderers = {
  welcome(_data, { publicUrl, recipient }) {
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
  },

  question_assigned(data, { publicUrl, recipient, questionTitle }) {
    const dashboard = link(publicUrl, '/expert-dashboard');
    const due = formatDate(data.dueAt);
    const title = questionTitle ?? 'a member’s question';
    return {
      subject: questionTitle ? `New question for you: ${questionTitle}` : 'A new question for you',
      text: [
        greeting(recipient),
        '',
        `A moderator approved ${questionTitle ? `the question “${questionTitle}”` : 'a question'} and assigned it to you.`,
        `Please answer it by ${due} (${ANSWER_DUE_HOURS} hours after approval). After that it can no longer be answered and the member’s credit is refunded.`,
        ...(data.moderationNotes ? ['', 'Note from the moderator:', data.moderationNotes] : []),
        '',
        `Answer it from your dashboard: ${dashboard}`,
      ],
      html: html`<p>${greeting(recipient)}</p>
<p>A moderator approved ${questionTitle ? html`the question <strong>“${title}”</strong>` : 'a question'} and assigned it to you.</p>
<p>Please answer it by <strong>${due}</strong> (${ANSWER_DUE_HOURS} hours after approval). After that it can no longer be answered and the member’s credit is refunded.</p>
${data.moderationNotes ? html`<p>Note from the moderator:</p>${quote(data.moderationNotes)}` : ''}
${button(dashboard, 'Answer it from your dashboard')}`,
    };
  },

  question_rejected(data, { publicUrl, recipient, questionTitle }) {
    const ask = link(publicUrl, '/submit-question');
    const refund = `The ${plural(data.credits, 'FOIA credit')} you spent on it ${data.credits === 1 ? 'has' : 'have'} been refunded to your balance.`;
    const notes = data.moderationNotes?.trim() ? data.moderationNotes : null;
    return {
      subject: questionTitle
        ? `Your question was not approved: ${questionTitle}`
        : 'Your question was not approved',
      text: [
        greeting(recipient),
        '',
        `Our moderators did not approve your question${questionTitle ? ` “${questionTitle}”` : ''}.`,
        ...(notes ? ['', 'Moderator’s notes:', notes] : ['No notes were given.']),
        '',
        refund,
        '',
        `You can ask another question: ${ask}`,
      ],
      html: html`<p>${greeting(recipient)}</p>
<p>Our moderators did not approve your question${questionTitle ? html` <strong>“${questionTitle}”</strong>` : ''}.</p>
${notes ? html`<p>Moderator’s notes:</p>${quote(notes)}` : html`<p>No notes were given.</p>`}
<p>${refund}</p>
${button(ask, 'Ask another question')}`,
    };
  },

  question_answered(data, { publicUrl, recipient, expert }) {
    const archive = link(publicUrl, '/browse-qa');
    const by = fullName(expert);
    return {
      subject: `Your question has been answered: ${data.title}`,
      text: [
        greeting(recipient),
        '',
        `${by ?? 'The expert'} answered your question “${data.title}” on ${formatDate(data.answeredAt)}.`,
        '',
        `Read the answer in the archive: ${archive}`,
      ],
      html: html`<p>${greeting(recipient)}</p>
<p>${by ?? 'The expert'} answered your question <strong>“${data.title}”</strong> on ${formatDate(data.answeredAt)}.</p>
${button(archive, 'Read the answer in the archive')}`,
    };
  },

  credits_receipt(data, { publicUrl, recipient }) {
    const item = receiptItem(data.source);
    const rows: Array<[string, string]> = [
      ['Item', item],
      ['Amount paid', formatMoney(data.amountCents)],
      ['Credits added', String(data.credits)],
      ['Credit balance', String(data.balance)],
      ['Date', formatDate(data.paidAt)],
      ['Payment reference', data.paymentId],
    ];
    const ask = link(publicUrl, '/submit-question');
    return {
      subject: `Your ${SITE} receipt: ${formatMoney(data.amountCents)}`,
      text: [
        greeting(recipient),
        '',
        'Thank you for your payment. Your receipt:',
        '',
        ...rows.map(([label, value]) => `${label}: ${value}`),
        '',
        `Ask a question: ${ask}`,
      ],
      html: html`<p>${greeting(recipient)}</p>
<p>Thank you for your payment. Your receipt:</p>
<table style="border-collapse:collapse">${rows.map(
        ([label, value]) =>
          html`<tr><td style="padding:4px 12px 4px 0;color:#6b7280">${label}</td><td style="padding:4px 0"><strong>${value}</strong></td></tr>`,
      )}</table>
${button(ask, 'Ask a question')}`,
    };
  },

  credits_refunded(data, { publicUrl, recipient, questionTitle }) {
    const ask = link(publicUrl, '/submit-question');
    const what = questionTitle ? `your question “${questionTitle}”` : 'your question';
    const sentence = `The expert did not answer ${what} within ${ANSWER_DUE_HOURS} hours, so the ${plural(data.credits, 'FOIA credit')} you spent on it ${data.credits === 1 ? 'is' : 'are'} back in your balance (now ${data.balance}).`;
    return {
      subject: 'Your credit has been refunded',
      text: [greeting(recipient), '', sentence, '', `Ask again: ${ask}`],
      html: html`<p>${greeting(recipient)}</p>
<p>${sentence}</p>
${button(ask, 'Ask again')}`,
    };
  },

  waitlist_confirmation(_data, { publicUrl }) {
    const home = link(publicUrl, '/');
    return {
      subject: `You're on the ${SITE} waitlist`,
      text: [
        'Hello,',
        '',
        `Thanks for joining the ${SITE} waitlist. You'll be notified first when we launch.`,
        '',
        `${home}`,
        '',
        'If you did not sign up, you can ignore this message.',
      ],
      html: html`<p>Hello,</p>
<p>Thanks for joining the ${SITE} waitlist. You'll be notified first when we launch.</p>
<p style="color:#6b7280;font-size:13px">If you did not sign up, you can ignore this message.</p>`,
    };
  },

  contact_staff(data) {
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
  },
};

/** Text and HTML of a message; every value from outside is HTML-escaped in the HTML part. */
export function renderMail<T extends MailTemplate>(
  template: T,
  data: MailData[T],
  context: RenderContext,
): RenderedMail {
  const body = renderers[template](data, context);
  return {
    subject: body.subject,
    text: `${body.text.join('\n')}\n\n--\n${SITE}\n${link(context.publicUrl, '/')}\n`,
    html: layout(context.publicUrl, body.subject, body.html),
    ...(body.replyTo ? { replyTo: body.replyTo } : {}),
  };
}

/** Which messages concern a question (their title is looked up at delivery). */
export const QUESTION_TEMPLATES: ReadonlySet<MailTemplate> = new Set([
  'question_assigned',
  'question_rejected',
  'credits_refunded',
]);
