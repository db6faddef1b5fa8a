import { type Html, html, multiline } from './html.js';

/** What every message is made of: who it greets, links, buttons, quotes, dates and money. */

export interface PersonInfo {
  username: string;
  firstName: string | null;
  lastName: string | null;
  /** An expert's name in the archive (their approved profile's brand name), when they have one. */
  brandName?: string | null;
}

/**
 * What delivery looks up for a message: the recipient, the question's title, the expert, and
 * (for a question) the expert the member asked, which staff may have changed.
 */
export interface RenderContext {
  publicUrl: string;
  recipient: PersonInfo | null;
  questionTitle: string | null;
  expert: PersonInfo | null;
  requestedExpertId?: number | null;
  requestedExpert?: PersonInfo | null;
  /** The one-click unsubscribe link of a kind the recipient may switch off, and its label. */
  unsubscribe?: { url: string; label: string; forAccount: boolean } | null;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
}

export const SITE = 'UAP Answers';

const dateFormat = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'UTC',
});
export const formatDate = (iso: string) => `${dateFormat.format(new Date(iso))} UTC`;
export const formatMoney = (cents: number) => `$${(cents / 100).toFixed(2)}`;

export function greeting(person: PersonInfo | null): string {
  return person ? `Hello ${person.firstName?.trim() || person.username},` : 'Hello,';
}

export function fullName(person: PersonInfo | null): string | null {
  if (!person) return null;
  const name = [person.firstName, person.lastName].filter(Boolean).join(' ').trim();
  return name || person.username;
}

/** An expert as the archive names them: their brand name, else their own name. */
export function expertName(person: PersonInfo | null | undefined): string | null {
  if (!person) return null;
  return person.brandName?.trim() || fullName(person);
}

/** The greeting of a person known only by the name they typed in a form. */
export function greetingByName(name: string): string {
  return name.trim() ? `Hello ${name.trim()},` : 'Hello,';
}

export const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

export function link(publicUrl: string, path: string): string {
  return `${publicUrl.replace(/\/+$/, '')}${path}`;
}

export const questionPage = (publicUrl: string, questionId: string) =>
  link(publicUrl, `/questions/${encodeURIComponent(questionId)}`);

/** A message in both forms: `text` lines, and the HTML body inside the common layout. */
export interface Body {
  subject: string;
  text: string[];
  html: Html;
  replyTo?: string;
}

export function layout(publicUrl: string, subject: string, body: Html): string {
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

export const button = (href: string, label: string) =>
  html`<p><a href="${href}" style="display:inline-block;background:#0d9488;color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none">${label}</a></p>`;

export const quote = (text: string) =>
  html`<blockquote style="margin:12px 0;padding:8px 12px;border-left:3px solid #0d9488;background:#f3f4f6">${multiline(text)}</blockquote>`;
