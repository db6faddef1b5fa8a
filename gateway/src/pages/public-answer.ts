import { ANONYMOUS_PREVIEW_CHARS, type Question } from '@uapqa/contracts';

/** The name an answer is signed with, as the site shows it: the expert's name, else their brand. */
export function expertName(expert: Question['creator']): string {
  const personal = `${expert?.firstName ?? ''} ${expert?.lastName ?? ''}`.trim();
  return personal || expert?.brandName || 'UAP Answers Expert';
}

/**
 * What crawlers, feed readers and link previews may carry of an answer: its public preview.
 * The gateway asks questions as a visitor (no session is ever forwarded for these), so the text
 * is already the preview; should a whole answer arrive all the same (`truncated` not set and
 * longer than a preview), it is cut here as the service cuts it (by code points), because a
 * page's head and the feed are kept by caches and crawlers whoever asked for them first.
 */
export function publicPreview(answer: NonNullable<Question['answer']>): string {
  if (answer.truncated) return answer.content;
  const characters = Array.from(answer.content);
  if (characters.length <= ANONYMOUS_PREVIEW_CHARS) return answer.content;
  return `${characters.slice(0, ANONYMOUS_PREVIEW_CHARS).join('')}...`;
}
