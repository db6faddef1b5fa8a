import type { Question } from '@uapqa/contracts';
import { expertName, publicPreview } from './public-answer.js';

/**
 * A question page's schema.org `QAPage`, as search engines read a page of one question and its
 * accepted answer: the answer's public preview only (see publicPreview), never the whole text.
 * The asker is not named (the archive keeps askers anonymous), so the Question has no author.
 */
export function qaPage(
  question: Question & { answer: NonNullable<Question['answer']> },
  url: string,
): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'QAPage',
    mainEntity: {
      '@type': 'Question',
      name: question.title,
      text: question.content,
      dateCreated: question.createdAt,
      answerCount: 1,
      acceptedAnswer: {
        '@type': 'Answer',
        text: publicPreview(question.answer),
        dateCreated: question.answer.createdAt,
        url,
        author: { '@type': 'Person', name: expertName(question.creator) },
      },
    },
  };
}

/**
 * JSON-LD as a `<script>` element. The HTML parser ends a script at the first `</script>`
 * whatever JSON string it is in, and HTML entities are not decoded inside it, so the JSON is
 * escaped as JSON: `<`, `>` and `&` as \u escapes (a user's `</script>` stays text), and U+2028
 * and U+2029, which some JavaScript parsers reading the block take for line ends.
 */
export function jsonLdScript(data: unknown): string {
  const json = JSON.stringify(data).replace(
    /[<>&\u2028\u2029]/g,
    (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  return `<script type="application/ld+json">${json}</script>`;
}
