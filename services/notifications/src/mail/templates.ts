import {
  ACCOUNT_INVITATION_TTL_DAYS,
  ANSWER_DUE_HOURS,
  CREDIT_PACKAGES,
  type CreditPackageName,
  EMAIL_CHANGE_TTL_HOURS,
  EMAIL_VERIFICATION_TTL_HOURS,
  invitationPath,
  PASSWORD_RESET_TTL_MINUTES,
  REJECTION_REASON_LABELS,
  type RejectionReason,
  ROLE_NAMES,
  type Role,
  SUBSCRIPTION,
} from '@uapqa/contracts';
import { type AnswerFeedbackMailData, answerFeedbackRenderers } from './feedback-templates.js';
import { html, multiline } from './html.js';
import {
  type Body,
  button,
  expertName,
  formatDate,
  formatMoney,
  greeting,
  greetingByName,
  layout,
  link,
  plural,
  quote,
  type RenderContext,
  type RenderedMail,
  SITE,
} from './parts.js';

export type { PersonInfo, RenderContext, RenderedMail } from './parts.js';
export { formatDate, formatMoney } from './parts.js';

/** Every message the service sends, with what its row stores to render it later. */
export interface MailData extends AnswerFeedbackMailData {
  /**
   * To the address of a new sign-up: the link that confirms it. The only message an address
   * nobody confirmed ever receives.
   */
  email_verification: { firstName: string | null; token: string; expiresAt: string };
  /** To the owner of an account whose address someone tried to sign up with again. */
  signup_existing: { firstName: string | null; username: string };
  /** To a member who just confirmed their address. */
  welcome: Record<string, never>;
  /** To the expert a question was approved for. */
  question_assigned: { questionId: string; dueAt: string; moderationNotes: string | null };
  /** To the asker of an approved question: who will answer it, and by when. */
  question_approved: { questionId: string; expertId: number; dueAt: string };
  /** To the asker of a rejected question. */
  question_rejected: {
    questionId: string;
    moderationNotes: string | null;
    /** Absent in mail queued before rejections carried a reason. */
    reason?: RejectionReason | null;
    credits: number;
  };
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
  /** To the asker whose approved question's expert is no longer available: refunded. */
  expert_unavailable: { questionId: string; credits: number; balance: number };
  /** To a visitor who joined the waitlist. */
  waitlist_confirmation: Record<string, never>;
  /** To a visitor who sent the public expert application. */
  application_received: {
    applicationId: number;
    name: string;
    duration: number;
    questionsPerWeek: number;
  };
  /** To each admin: a new expert application to decide (replies go to the applicant). */
  application_staff: {
    applicationId: number;
    name: string;
    email: string;
    phone: string;
    website: string | null;
    duration: number;
    questionsPerWeek: number;
    description: string | null;
    submittedAt: string;
  };
  /** To the applicant: the admins' decision and their note. */
  application_decided: {
    applicationId: number;
    name: string;
    decision: 'approved' | 'declined';
    note: string | null;
    /** An approval's invitation link secret and when it stops working (older approvals: none). */
    invitation?: { token: string; expiresAt: string } | null;
  };
  /**
   * To the address of an account just closed: the confirmation, a security message (someone with
   * the password could have done it). The last message that address ever gets from us.
   */
  account_closed: { firstName: string | null; heldDays: number };
  /** To an address signed up for the newsletter: the link that confirms it (double opt-in). */
  newsletter_confirmation: { token: string };
  /** One newsletter issue, to a confirmed subscriber. */
  newsletter_issue: { subject: string; text: string };
  /** To staff: a contact-form message (replies go to the sender). */
  contact_staff: {
    name: string;
    email: string;
    subject: string | null;
    message: string;
    receivedAt: string;
  };
  /** To an address an admin invited: the link that creates the account with its password. */
  account_invitation: {
    firstName: string | null;
    username: string;
    role: Role;
    token: string;
    expiresAt: string;
  };
  /** To the address of an account: the link that sets a new password. A security email. */
  password_reset: { firstName: string | null; token: string; expiresAt: string };
  /** To the owner: the password was changed (by a reset link or from the account page). */
  password_changed: { firstName: string | null; how: 'reset' | 'changed'; changedAt: string };
  /** To the current address: a move to `newEmail` was asked, and waits for its link. */
  email_change_requested: { firstName: string | null; newEmail: string };
  /** To the new address: the link that moves the account to it. */
  email_change_confirm: { firstName: string | null; token: string; expiresAt: string };
  /** To a new address that already has an account: someone tried to move theirs to it. */
  email_change_taken: Record<string, never>;
  /** To the previous address: the account moved to `newEmail`. */
  email_changed: { firstName: string | null; newEmail: string };
}
export type MailTemplate = keyof MailData;
export const MAIL_TEMPLATES = [
  'email_verification',
  'signup_existing',
  'welcome',
  'question_assigned',
  'question_approved',
  'question_rejected',
  'question_answered',
  'credits_receipt',
  'credits_refunded',
  'expert_unavailable',
  'waitlist_confirmation',
  'application_received',
  'application_staff',
  'application_decided',
  'contact_staff',
  'newsletter_confirmation',
  'newsletter_issue',
  'account_invitation',
  'password_reset',
  'password_changed',
  'email_change_requested',
  'email_change_confirm',
  'email_change_taken',
  'email_changed',
  'account_closed',
  'follow_up_asked',
  'follow_up_answered',
  'refund_decided',
  'refund_decided_expert',
] as const satisfies readonly MailTemplate[];

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

/** What an approved expert's invitation link allows, and until when. */
const invitationTerms = (expiresAt: string) =>
  `This link lets you register even while registration is closed to the public. It works once, for this email address, until ${formatDate(expiresAt)}.`;

const renderers: Renderers = {
  ...answerFeedbackRenderers,
  account_closed(data, { publicUrl }) {
    const contact = link(publicUrl, '/contact');
    const hello = data.firstName ? greetingByName(data.firstName) : 'Hello,';
    const closed = `Your ${SITE} account was closed just now. Your name, address, profile and sign-ins are deleted, your subscription has ended and your remaining credits were forfeited. Answers already published stay in the archive under “a former member”; payment records are kept, without your name, as tax law requires.`;
    const last = `This is the last email we send to this address. Your username and address stay reserved for ${data.heldDays} days, then anyone may use them.`;
    const notYou =
      'If you did not close your account, someone knew your password: please contact us at once.';
    return {
      subject: `Your ${SITE} account is closed`,
      text: [hello, '', closed, '', last, '', notYou, `Contact us: ${contact}`],
      html: html`<p>${hello}</p>
<p>${closed}</p>
<p>${last}</p>
<p>${notYou}</p>
${button(contact, 'Contact us')}`,
    };
  },

  email_verification(data, { publicUrl }) {
    const confirm = link(publicUrl, `/verify-email?token=${encodeURIComponent(data.token)}`);
    const hello = data.firstName ? greetingByName(data.firstName) : 'Hello,';
    const sentence = `Someone (we hope you) created an account on ${SITE} with this email address. Open the link below to confirm it is yours and finish creating your account.`;
    const expiry = `The link works once, until ${formatDate(data.expiresAt)} (${EMAIL_VERIFICATION_TTL_HOURS} hours). If it was not you, ignore this email: without the link, no account is created.`;
    return {
      subject: `Confirm your email address for ${SITE}`,
      text: [hello, '', sentence, '', `Confirm your email address: ${confirm}`, '', expiry],
      html: html`<p>${hello}</p>
<p>${sentence}</p>
${button(confirm, 'Confirm your email address')}
<p style="color:#6b7280;font-size:13px">${expiry}</p>`,
    };
  },

  signup_existing(data, { publicUrl }) {
    const login = link(publicUrl, '/auth?tab=login');
    const hello = data.firstName ? greetingByName(data.firstName) : greetingByName(data.username);
    const sentence = `Someone tried to create an account on ${SITE} with this email address, which already has one (username ${data.username}). No new account was created and nothing changed in yours.`;
    const advice = 'If it was you, simply sign in. If it was not, you can ignore this email.';
    return {
      subject: `Someone tried to sign up with your address on ${SITE}`,
      text: [hello, '', sentence, advice, '', `Sign in: ${login}`],
      html: html`<p>${hello}</p>
<p>${sentence}</p>
<p>${advice}</p>
${button(login, 'Sign in')}`,
    };
  },

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

  question_approved(data, context) {
    const { publicUrl, recipient, questionTitle, expert } = context;
    const page = link(publicUrl, `/questions/${encodeURIComponent(data.questionId)}`);
    const mine = link(publicUrl, '/my-questions');
    const assigned = expertName(expert) ?? 'one of our experts';
    const asked = context.requestedExpertId ?? null;
    const reassigned = asked !== null && asked !== data.expertId;
    const askedName = expertName(context.requestedExpert) ?? 'the expert you chose';
    const question = questionTitle ? `your question “${questionTitle}”` : 'your question';
    const approved = `Our moderators approved ${question}. ${assigned} will answer it.`;
    const why = reassigned
      ? `You asked ${askedName}; our staff assigned the question to ${assigned} instead, who can answer it in time.`
      : null;
    const due = `The answer is due by ${formatDate(data.dueAt)} (${ANSWER_DUE_HOURS} hours from approval). If it does not come in time, your credit is refunded.`;
    return {
      subject: questionTitle
        ? `Your question was approved: ${questionTitle}`
        : 'Your question was approved',
      text: [
        greeting(recipient),
        '',
        approved,
        ...(why ? ['', why] : []),
        '',
        due,
        '',
        `Follow your question: ${page}`,
        `All your questions: ${mine}`,
      ],
      html: html`<p>${greeting(recipient)}</p>
<p>Our moderators approved ${questionTitle ? html`your question <strong>“${questionTitle}”</strong>` : 'your question'}. <strong>${assigned}</strong> will answer it.</p>
${why ? html`<p>${why}</p>` : ''}
<p>${due}</p>
${button(page, 'Follow your question')}
<p><a href="${mine}">All your questions</a></p>`,
    };
  },

  question_rejected(data, { publicUrl, recipient, questionTitle }) {
    const ask = link(publicUrl, '/submit-question');
    const mine = link(publicUrl, '/my-questions');
    const refund = `The ${plural(data.credits, 'FOIA credit')} you spent on it ${data.credits === 1 ? 'has' : 'have'} been refunded to your balance.`;
    const notes = data.moderationNotes?.trim() ? data.moderationNotes : null;
    const reason = data.reason ? REJECTION_REASON_LABELS[data.reason] : null;
    return {
      subject: questionTitle
        ? `Your question was not approved: ${questionTitle}`
        : 'Your question was not approved',
      text: [
        greeting(recipient),
        '',
        `Our moderators did not approve your question${questionTitle ? ` “${questionTitle}”` : ''}.`,
        ...(reason ? ['', `Why: ${reason}`] : []),
        ...(notes ? ['', 'Moderator’s notes:', notes] : reason ? [] : ['No notes were given.']),
        '',
        refund,
        '',
        `You can ask another question: ${ask}`,
        `All your questions: ${mine}`,
      ],
      html: html`<p>${greeting(recipient)}</p>
<p>Our moderators did not approve your question${questionTitle ? html` <strong>“${questionTitle}”</strong>` : ''}.</p>
${reason ? html`<p><strong>Why:</strong> ${reason}</p>` : ''}
${notes ? html`<p>Moderator’s notes:</p>${quote(notes)}` : reason ? '' : html`<p>No notes were given.</p>`}
<p>${refund}</p>
${button(ask, 'Ask another question')}
<p><a href="${mine}">All your questions</a></p>`,
    };
  },

  question_answered(data, { publicUrl, recipient, expert }) {
    const page = link(publicUrl, `/questions/${encodeURIComponent(data.questionId)}`);
    const by = expertName(expert);
    return {
      subject: `Your question has been answered: ${data.title}`,
      text: [
        greeting(recipient),
        '',
        `${by ?? 'The expert'} answered your question “${data.title}” on ${formatDate(data.answeredAt)}.`,
        '',
        `Read the answer: ${page}`,
      ],
      html: html`<p>${greeting(recipient)}</p>
<p>${by ?? 'The expert'} answered your question <strong>“${data.title}”</strong> on ${formatDate(data.answeredAt)}.</p>
${button(page, 'Read the answer')}`,
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
    const account = link(publicUrl, '/subscribe');
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
        `Your subscription and credits: ${account}`,
      ],
      html: html`<p>${greeting(recipient)}</p>
<p>Thank you for your payment. Your receipt:</p>
<table style="border-collapse:collapse">${rows.map(
        ([label, value]) =>
          html`<tr><td style="padding:4px 12px 4px 0;color:#6b7280">${label}</td><td style="padding:4px 0"><strong>${value}</strong></td></tr>`,
      )}</table>
${button(ask, 'Ask a question')}
<p><a href="${account}">Your subscription and credits</a></p>`,
    };
  },

  credits_refunded(data, { publicUrl, recipient, questionTitle }) {
    const ask = link(publicUrl, '/submit-question');
    const page = link(publicUrl, `/questions/${encodeURIComponent(data.questionId)}`);
    const what = questionTitle ? `your question “${questionTitle}”` : 'your question';
    const sentence = `The expert did not answer ${what} within ${ANSWER_DUE_HOURS} hours, so the ${plural(data.credits, 'FOIA credit')} you spent on it ${data.credits === 1 ? 'is' : 'are'} back in your balance (now ${data.balance}).`;
    return {
      subject: 'Your credit has been refunded',
      text: [greeting(recipient), '', sentence, '', `Ask again: ${ask}`, `Your question: ${page}`],
      html: html`<p>${greeting(recipient)}</p>
<p>${sentence}</p>
${button(ask, 'Ask again')}
<p><a href="${page}">Your question</a></p>`,
    };
  },

  expert_unavailable(data, { publicUrl, recipient, questionTitle }) {
    const ask = link(publicUrl, '/submit-question');
    const page = link(publicUrl, `/questions/${encodeURIComponent(data.questionId)}`);
    const what = questionTitle ? `your question “${questionTitle}”` : 'your question';
    const sentence = `The expert who was to answer ${what} is no longer available on ${SITE}, so the ${plural(data.credits, 'FOIA credit')} you spent on it ${data.credits === 1 ? 'is' : 'are'} back in your balance (now ${data.balance}). You can ask another expert.`;
    return {
      subject: 'Your expert is no longer available: your credit is back',
      text: [
        greeting(recipient),
        '',
        sentence,
        '',
        `Ask another expert: ${ask}`,
        `Your question: ${page}`,
      ],
      html: html`<p>${greeting(recipient)}</p>
<p>${sentence}</p>
${button(ask, 'Ask another expert')}
<p><a href="${page}">Your question</a></p>`,
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
${button(home, `Visit ${SITE}`)}
<p style="color:#6b7280;font-size:13px">If you did not sign up, you can ignore this message.</p>`,
    };
  },

  application_received(data, { publicUrl }) {
    const experts = link(publicUrl, '/experts');
    const commitment = `${plural(data.questionsPerWeek, 'question')} a week for ${plural(data.duration, 'month')}`;
    const sentence = `Thank you for applying to answer questions as an expert on ${SITE} (${commitment}). Our team reviews every application and will reply to this address with a decision.`;
    return {
      subject: `We received your expert application`,
      text: [
        greetingByName(data.name),
        '',
        sentence,
        '',
        `How answering works: ${experts}`,
        '',
        `Your application number: ${data.applicationId}.`,
      ],
      html: html`<p>${greetingByName(data.name)}</p>
<p>${sentence}</p>
${button(experts, 'How answering works')}
<p style="color:#6b7280;font-size:13px">Your application number: ${data.applicationId}.</p>`,
    };
  },

  application_staff(data, { publicUrl }) {
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
  },

  application_decided(data, { publicUrl }) {
    const note = data.note?.trim() ? data.note : null;
    if (data.decision === 'approved') {
      const invitation = data.invitation ?? null;
      // The invitation opens registration to this address even while the waitlist closes it.
      const register = link(
        publicUrl,
        invitation
          ? `/auth?tab=register&invite=${encodeURIComponent(invitation.token)}`
          : '/auth?tab=register',
      );
      const login = link(publicUrl, '/auth?tab=login');
      const onboarding = link(publicUrl, '/expert-onboarding');
      const next = `To start answering, create your ${SITE} account (or sign in if you already have one) and complete your expert profile. Once we approve the profile, members can put their questions to you.`;
      return {
        subject: 'Your expert application was approved',
        text: [
          greetingByName(data.name),
          '',
          `Good news: we approved your application to answer questions as an expert on ${SITE}.`,
          ...(note ? ['', 'A note from our team:', note] : []),
          '',
          next,
          '',
          `1. Create your account: ${register}`,
          ...(invitation ? [`   ${invitationTerms(invitation.expiresAt)}`] : []),
          `   (already registered? Sign in: ${login})`,
          `2. Complete your expert profile: ${onboarding}`,
        ],
        html: html`<p>${greetingByName(data.name)}</p>
<p>Good news: we approved your application to answer questions as an expert on ${SITE}.</p>
${note ? html`<p>A note from our team:</p>${quote(note)}` : ''}
<p>${next}</p>
${button(register, 'Create your account')}
${invitation ? html`<p style="color:#6b7280;font-size:13px">${invitationTerms(invitation.expiresAt)}</p>` : ''}
<p>Already registered? <a href="${login}">Sign in</a>, then <a href="${onboarding}">complete your expert profile</a>.</p>`,
      };
    }
    const browse = link(publicUrl, '/browse-qa');
    return {
      subject: 'Your expert application',
      text: [
        greetingByName(data.name),
        '',
        `Thank you for applying to answer questions on ${SITE}. After reviewing your application, we are not able to accept it at this time.`,
        ...(note ? ['', 'A note from our team:', note] : []),
        '',
        `You are welcome to keep reading the archive: ${browse}`,
      ],
      html: html`<p>${greetingByName(data.name)}</p>
<p>Thank you for applying to answer questions on ${SITE}. After reviewing your application, we are not able to accept it at this time.</p>
${note ? html`<p>A note from our team:</p>${quote(note)}` : ''}
${button(browse, 'Read the archive')}`,
    };
  },

  newsletter_confirmation(data, { publicUrl }) {
    const confirm = link(publicUrl, `/newsletter/confirm?token=${encodeURIComponent(data.token)}`);
    const sentence = `Someone (we hope you) asked to receive the ${SITE} newsletter at this address. Open the link below to confirm it; until then, no newsletter is sent here.`;
    const ignore =
      'If it was not you, ignore this email: without the link, this address receives nothing.';
    return {
      subject: `Confirm your subscription to the ${SITE} newsletter`,
      text: ['Hello,', '', sentence, '', `Confirm your subscription: ${confirm}`, '', ignore],
      html: html`<p>Hello,</p>
<p>${sentence}</p>
${button(confirm, 'Confirm your subscription')}
<p style="color:#6b7280;font-size:13px">${ignore}</p>`,
    };
  },

  newsletter_issue(data, { publicUrl }) {
    const browse = link(publicUrl, '/browse-qa');
    return {
      subject: data.subject,
      text: [data.text, '', `Browse the archive: ${browse}`],
      html: html`<p>${multiline(data.text)}</p>
${button(browse, 'Browse the archive')}`,
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

  account_invitation(data, { publicUrl }) {
    const accept = link(publicUrl, invitationPath(data.token));
    const hello = data.firstName ? greetingByName(data.firstName) : 'Hello,';
    const role = ROLE_NAMES[data.role];
    const sentence = `You are invited to ${SITE} as ${role}, under the username ${data.username}. Open the link below and choose your password to create your account.`;
    const expiry = `The link works once, until ${formatDate(data.expiresAt)} (${ACCOUNT_INVITATION_TTL_DAYS} days). If you did not expect this invitation, ignore this email: no account is created without you.`;
    return {
      subject: `You are invited to ${SITE}`,
      text: [hello, '', sentence, '', `Create your account: ${accept}`, '', expiry],
      html: html`<p>${hello}</p>
<p>${sentence}</p>
${button(accept, 'Create your account')}
<p style="color:#6b7280;font-size:13px">${expiry}</p>`,
    };
  },

  password_reset(data, { publicUrl }) {
    const reset = link(publicUrl, `/reset-password?token=${encodeURIComponent(data.token)}`);
    const hello = data.firstName ? greetingByName(data.firstName) : 'Hello,';
    const sentence = `Someone (we hope you) asked to choose a new password for your ${SITE} account. Open the link below to choose it.`;
    const expiry = `The link works once, until ${formatDate(data.expiresAt)} (${PASSWORD_RESET_TTL_MINUTES} minutes). If it was not you, ignore this email: your password stays as it is.`;
    return {
      subject: `Choose a new password for ${SITE}`,
      text: [hello, '', sentence, '', `Choose a new password: ${reset}`, '', expiry],
      html: html`<p>${hello}</p>
<p>${sentence}</p>
${button(reset, 'Choose a new password')}
<p style="color:#6b7280;font-size:13px">${expiry}</p>`,
    };
  },

  password_changed(data, { publicUrl }) {
    const forgot = link(publicUrl, '/auth?tab=forgot');
    const hello = data.firstName ? greetingByName(data.firstName) : 'Hello,';
    const how =
      data.how === 'reset'
        ? 'with a password reset link, and every device signed in to your account was signed out'
        : 'from your account page, and every other device signed in to your account was signed out';
    const sentence = `Your ${SITE} password was changed on ${formatDate(data.changedAt)}, ${how}.`;
    const advice =
      'If it was you, there is nothing to do. If it was not, choose a new password at once with the link below, and check the email address of your account.';
    return {
      subject: `Your ${SITE} password was changed`,
      text: [hello, '', sentence, '', advice, '', `Reset your password: ${forgot}`],
      html: html`<p>${hello}</p>
<p>${sentence}</p>
<p>${advice}</p>
${button(forgot, 'Reset your password')}`,
    };
  },

  email_change_requested(data, { publicUrl }) {
    const forgot = link(publicUrl, '/auth?tab=forgot');
    const hello = data.firstName ? greetingByName(data.firstName) : 'Hello,';
    const sentence = `Someone signed in to your ${SITE} account asked to change its email address to ${data.newEmail}. Nothing changes unless the link sent to that address is opened; until then your account keeps this address.`;
    const advice =
      'If it was you, there is nothing to do. If it was not, someone knows your password: choose a new one with the link below, which also signs everyone out.';
    return {
      subject: `A change of your ${SITE} email address was asked`,
      text: [hello, '', sentence, '', advice, '', `Reset your password: ${forgot}`],
      html: html`<p>${hello}</p>
<p>${sentence}</p>
<p>${advice}</p>
${button(forgot, 'Reset your password')}`,
    };
  },

  email_change_confirm(data, { publicUrl }) {
    const confirm = link(
      publicUrl,
      `/confirm-email-change?token=${encodeURIComponent(data.token)}`,
    );
    const hello = data.firstName ? greetingByName(data.firstName) : 'Hello,';
    const sentence = `Someone (we hope you) asked to use this address for their ${SITE} account. Open the link below to confirm it is yours.`;
    const expiry = `The link works once, until ${formatDate(data.expiresAt)} (${EMAIL_CHANGE_TTL_HOURS} hours). If it was not you, ignore this email: nothing changes without the link.`;
    return {
      subject: `Confirm your new email address for ${SITE}`,
      text: [hello, '', sentence, '', `Confirm this address: ${confirm}`, '', expiry],
      html: html`<p>${hello}</p>
<p>${sentence}</p>
${button(confirm, 'Confirm this address')}
<p style="color:#6b7280;font-size:13px">${expiry}</p>`,
    };
  },

  email_change_taken(_data, { publicUrl }) {
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
  },

  email_changed(data, { publicUrl }) {
    const contact = link(publicUrl, '/contact');
    const hello = data.firstName ? greetingByName(data.firstName) : 'Hello,';
    const sentence = `The email address of your ${SITE} account was changed to ${data.newEmail}. This address will receive nothing more about the account.`;
    const advice =
      'If it was not you, tell us at once with the contact form: someone else may control your account.';
    return {
      subject: `Your ${SITE} email address was changed`,
      text: [hello, '', sentence, '', advice, '', `Contact us: ${contact}`],
      html: html`<p>${hello}</p>
<p>${sentence}</p>
<p>${advice}</p>
<p><a href="${contact}">Contact us</a></p>`,
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

/** Which messages concern a question (their title is looked up at delivery). */
export const QUESTION_TEMPLATES: ReadonlySet<MailTemplate> = new Set([
  'question_assigned',
  'question_approved',
  'question_rejected',
  'credits_refunded',
  'expert_unavailable',
]);
