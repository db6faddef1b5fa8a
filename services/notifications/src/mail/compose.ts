import { EMAIL_KIND_INFO, isSwitchableEmailKind } from '@uapqa/contracts';
import type { Database } from '@uapqa/service-kit/db';
import { eq } from 'drizzle-orm';
import type * as schema from '../db/schema.js';
import { experts, type mailOutbox, questions, users } from '../db/schema.js';
import type { UnsubscribeSubject, UnsubscribeTokens } from '../preferences/tokens.js';
import { TEMPLATE_KINDS } from './kinds.js';
import type { PersonInfo } from './parts.js';
import { renderMail } from './render.js';
import { MAIL_TEMPLATES, type MailTemplate, QUESTION_TEMPLATES } from './templates/index.js';
import type { OutgoingMail } from './transport.js';

/** How a message waiting for its recipient's address says so in `last_error`. */
export const RECIPIENT_UNKNOWN = 'recipient unknown';

/** A message that cannot be rendered yet (its recipient or question is not known yet). */
export class NotReady extends Error {}

/** A row that can never be sent as it is (a template this version does not know). */
export class UnknownTemplate extends Error {}

/** Attempts a message waits for its question's title before going without it. */
const QUESTION_WAIT_ATTEMPTS = 3;

export type OutboxRow = typeof mailOutbox.$inferSelect;

export interface ComposeOptions {
  from: string;
  publicUrl: string;
  /** Signs the one-click unsubscribe link of every message of a kind that can be switched off. */
  unsubscribeTokens: UnsubscribeTokens;
}

/** Turns an outbox row into the message to send: looks up what it needs, renders, addresses. */
export class MessageComposer {
  private readonly domain: string;

  constructor(
    private readonly db: Database<typeof schema>,
    private readonly options: ComposeOptions,
  ) {
    this.domain = /@([^>\s]+)>?\s*$/.exec(options.from)?.[1] ?? 'uapanswers.local';
  }

  /** Looks up what the message needs and renders it. */
  async compose(row: OutboxRow): Promise<OutgoingMail> {
    if (!(MAIL_TEMPLATES as readonly string[]).includes(row.template)) {
      throw new UnknownTemplate(`unknown template ${row.template}`);
    }
    const template = row.template as MailTemplate;
    const data = row.data as Record<string, unknown>;

    let recipient: (PersonInfo & { email: string }) | null = null;
    if (row.toUserId !== null) {
      recipient = (await this.person(row.toUserId)) ?? null;
      if (!recipient)
        throw new NotReady(`${RECIPIENT_UNKNOWN}: user ${row.toUserId} is not known yet`);
    }
    const address = recipient?.email ?? row.toEmail;
    if (!address) throw new UnknownTemplate('message has no recipient');

    let questionTitle: string | null = null;
    let requestedExpertId: number | null = null;
    if (QUESTION_TEMPLATES.has(template) && typeof data.questionId === 'string') {
      const [question] = await this.db
        .select({ title: questions.title, requestedExpertId: questions.requestedExpertId })
        .from(questions)
        .where(eq(questions.questionId, data.questionId));
      if (!question && row.attempts < QUESTION_WAIT_ATTEMPTS) {
        throw new NotReady(`question ${data.questionId} is not known yet`);
      }
      questionTitle = question?.title ?? null;
      requestedExpertId = question?.requestedExpertId ?? null;
    }
    const expert =
      typeof data.expertId === 'number' ? ((await this.person(data.expertId)) ?? null) : null;
    const requestedExpert =
      requestedExpertId !== null && requestedExpertId !== data.expertId
        ? ((await this.person(requestedExpertId)) ?? null)
        : null;

    const unsubscribe = await this.unsubscribeLink(row, template);
    const rendered = renderMail(template, data as never, {
      publicUrl: this.options.publicUrl,
      recipient,
      questionTitle,
      expert,
      requestedExpertId,
      requestedExpert,
      unsubscribe: unsubscribe && { ...unsubscribe, forAccount: row.toUserId !== null },
    });
    const name = recipient
      ? [recipient.firstName, recipient.lastName].filter(Boolean).join(' ').trim()
      : '';
    return {
      id: row.id,
      createdAt: row.createdAt,
      from: this.options.from,
      to: { name, address },
      ...(rendered.replyTo ? { replyTo: rendered.replyTo } : {}),
      subject: rendered.subject,
      text: rendered.text,
      html: rendered.html,
      // The same Message-ID on every attempt: a receiver can drop a copy a crash made us resend.
      messageId: `<${row.id}@${this.domain}>`,
      date: new Date(),
      headers: {
        'Auto-Submitted': 'auto-generated',
        'X-UAPQA-Template': template,
        // RFC 8058: the link may be POSTed by the mail client, with no sign-in, to switch it off.
        ...(unsubscribe ? { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } : {}),
      },
      ...(unsubscribe ? { listUnsubscribe: unsubscribe.url } : {}),
    };
  }

  /**
   * The one-click unsubscribe link of a message whose kind its recipient may switch off: the
   * member's account, or (a newsletter issue) the subscribed address. Null for the rest.
   */
  private async unsubscribeLink(row: OutboxRow, template: MailTemplate) {
    const kind = TEMPLATE_KINDS[template];
    if (!isSwitchableEmailKind(kind)) return null;
    let subject: UnsubscribeSubject;
    if (row.toUserId !== null) subject = { userId: row.toUserId, kind };
    else if (kind === 'newsletter' && row.toEmail) subject = { email: row.toEmail, kind };
    else return null;
    const token = await this.options.unsubscribeTokens.sign(subject);
    const base = this.options.publicUrl.replace(/\/+$/, '');
    return {
      url: `${base}/api/unsubscribe?token=${encodeURIComponent(token)}`,
      label: EMAIL_KIND_INFO[kind].label,
    };
  }

  /** A user as mail names them; an expert with an approved profile also has its brand name. */
  private async person(userId: number) {
    const [user] = await this.db
      .select({
        email: users.email,
        username: users.username,
        firstName: users.firstName,
        lastName: users.lastName,
        brandName: experts.brandName,
      })
      .from(users)
      .leftJoin(experts, eq(experts.userId, users.userId))
      .where(eq(users.userId, userId));
    return user;
  }
}
