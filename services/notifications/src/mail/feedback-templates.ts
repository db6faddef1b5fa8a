import { html } from './html.js';
import {
  type Body,
  button,
  expertName,
  formatDate,
  greeting,
  link,
  quote,
  type RenderContext,
} from './parts.js';

/** Messages about an answer after it is published: the follow-up and the refund decision. */
export interface AnswerFeedbackMailData {
  /** To the expert: the asker's follow-up, and until when they may reply. */
  follow_up_asked: { questionId: string; title: string; dueAt: string };
  /** To the asker: the expert replied to their follow-up. */
  follow_up_answered: { questionId: string; title: string; expertId: number };
  /** To the asker: staff's decision on their refund request, and its note. */
  refund_decided: { questionId: string; title: string; granted: boolean; note: string };
  /** To the expert: the decision on a refund of their answer, and what it does to their fee. */
  refund_decided_expert: { questionId: string; title: string; granted: boolean; note: string };
}

type Renderers = {
  [T in keyof AnswerFeedbackMailData]: (
    data: AnswerFeedbackMailData[T],
    context: RenderContext,
  ) => Body;
};

const questionPage = (publicUrl: string, questionId: string) =>
  link(publicUrl, `/questions/${encodeURIComponent(questionId)}`);

export const answerFeedbackRenderers: Renderers = {
  follow_up_asked(data, { publicUrl, recipient }) {
    const dashboard = link(publicUrl, '/expert-dashboard');
    const due = formatDate(data.dueAt);
    return {
      subject: `A follow-up question: ${data.title}`,
      text: [
        greeting(recipient),
        '',
        `The member who asked “${data.title}” has a follow-up question about your answer.`,
        `Please reply by ${due}; after that it can no longer be answered.`,
        '',
        `Reply from your dashboard: ${dashboard}`,
      ],
      html: html`<p>${greeting(recipient)}</p>
<p>The member who asked <strong>“${data.title}”</strong> has a follow-up question about your answer.</p>
<p>Please reply by <strong>${due}</strong>; after that it can no longer be answered.</p>
${button(dashboard, 'Reply from your dashboard')}`,
    };
  },

  follow_up_answered(data, { publicUrl, recipient, expert }) {
    const page = questionPage(publicUrl, data.questionId);
    const by = expertName(expert) ?? 'The expert';
    return {
      subject: `Your follow-up was answered: ${data.title}`,
      text: [
        greeting(recipient),
        '',
        `${by} replied to your follow-up on “${data.title}”.`,
        '',
        `Read the reply: ${page}`,
      ],
      html: html`<p>${greeting(recipient)}</p>
<p>${by} replied to your follow-up on <strong>“${data.title}”</strong>.</p>
${button(page, 'Read the reply')}`,
    };
  },

  refund_decided(data, { publicUrl, recipient }) {
    const page = questionPage(publicUrl, data.questionId);
    const outcome = data.granted
      ? 'We granted your refund request: the question’s credit is back in your account.'
      : 'We looked at your refund request carefully and decided not to refund this question.';
    return {
      subject: data.granted
        ? `Your refund was granted: ${data.title}`
        : `Your refund request: ${data.title}`,
      text: [
        greeting(recipient),
        '',
        `About your question “${data.title}”: ${outcome}`,
        '',
        'Our note:',
        data.note,
        '',
        `Your question: ${page}`,
      ],
      html: html`<p>${greeting(recipient)}</p>
<p>About your question <strong>“${data.title}”</strong>: ${outcome}</p>
<p>Our note:</p>${quote(data.note)}
${button(page, 'See your question')}`,
    };
  },

  refund_decided_expert(data, { publicUrl, recipient }) {
    const page = questionPage(publicUrl, data.questionId);
    const outcome = data.granted
      ? 'The member who asked it asked for a refund, and we granted it: the fee for this answer is taken out of your earnings.'
      : 'The member who asked it asked for a refund, and we refused it: your fee for this answer stands.';
    return {
      subject: `A refund decision on your answer: ${data.title}`,
      text: [
        greeting(recipient),
        '',
        `About your answer to “${data.title}”: ${outcome}`,
        '',
        'Our note:',
        data.note,
        '',
        `The question: ${page}`,
      ],
      html: html`<p>${greeting(recipient)}</p>
<p>About your answer to <strong>“${data.title}”</strong>: ${outcome}</p>
<p>Our note:</p>${quote(data.note)}
${button(page, 'See the question')}`,
    };
  },
};
