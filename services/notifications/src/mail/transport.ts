import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import nodemailer from 'nodemailer';

/** A message ready to leave: rendered, addressed, with a Message-ID stable across retries. */
export interface OutgoingMail {
  /** The outbox row's id and creation time; they name the mailbox file. */
  id: string;
  createdAt: Date;
  from: string;
  to: { name: string; address: string };
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
  date: Date;
  headers: Record<string, string>;
  /** The one-click unsubscribe link (List-Unsubscribe), for kinds the recipient may switch off. */
  listUnsubscribe?: string;
}

export interface MailTransport {
  readonly kind: 'smtp' | 'mailbox';
  /** Where messages go, for the log (the SMTP host, or the mailbox folder). */
  readonly target: string;
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/** An SMTP failure the server called permanent (5xx): retrying would not change its answer. */
export function isPermanentSmtpFailure(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

function message(mail: OutgoingMail) {
  return {
    from: mail.from,
    to: mail.to,
    ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    messageId: mail.messageId,
    date: mail.date,
    headers: mail.headers,
    // nodemailer writes `List-Unsubscribe: <url>` from its list option.
    ...(mail.listUnsubscribe ? { list: { unsubscribe: mail.listUnsubscribe } } : {}),
  };
}

/** Sends over SMTP (`smtp://` or `smtps://` URL, credentials in it). */
export function smtpTransport(url: string): MailTransport {
  const transporter = nodemailer.createTransport({
    url,
    // Bounded waits: a hung server must fail an attempt well inside the sender's lease.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  const parsed = new URL(url);
  return {
    kind: 'smtp',
    target: `${parsed.protocol}//${parsed.host}`,
    async send(mail) {
      await transporter.sendMail(message(mail));
    },
    close: () => transporter.close(),
  };
}

/**
 * The embedded default: each message becomes an RFC 822 `.eml` file in `directory`, composed by
 * nodemailer exactly as it would go over SMTP. Files are named after the outbox row, so a second
 * attempt rewrites the same file rather than adding one.
 */
export function mailboxTransport(directory: string): MailTransport {
  const folder = resolve(directory);
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true });
  let ready: Promise<unknown> | undefined;
  return {
    kind: 'mailbox',
    target: folder,
    async send(mail) {
      ready ??= mkdir(folder, { recursive: true });
      await ready;
      const info = await composer.sendMail(message(mail));
      const stamp = mail.createdAt
        .toISOString()
        .replace(/[-:]/g, '')
        .replace(/\.\d+Z$/, 'Z');
      const file = join(folder, `${stamp}-${mail.id}.eml`);
      const partial = `${file}.tmp`;
      await writeFile(partial, info.message as Buffer);
      await rename(partial, file); // readers never see half a message
    },
    close: () => composer.close(),
  };
}
