import type { HighlightSegment } from '@uapqa/contracts';
import { Muted } from '@uapqa/ui';
import { Fragment } from 'react';
import styled from 'styled-components';

/**
 * A matched word: yellow at a third of its strength behind the body text's colour, which keeps
 * the word above 7:1 contrast on the cards' surface, also within muted text.
 */
const Mark = styled.mark`
  background: rgba(250, 204, 21, 0.3);
  color: ${({ theme }) => theme.colors.text};
  border-radius: 2px;
  padding: 0 0.1em;
`;

/**
 * A text with the words a search matched marked: the API's segments drawn as text and `<mark>`
 * elements (React escapes them), never as HTML. Without segments the text is drawn as it is.
 */
export function Highlighted({
  text,
  segments,
}: {
  text: string;
  segments?: readonly HighlightSegment[] | undefined;
}) {
  if (!segments?.length) return <>{text}</>;
  let offset = 0;
  return (
    <>
      {segments.map((segment) => {
        // A segment's place in the text: a key that stays the same while the text does.
        const key = offset;
        offset += segment.text.length;
        return segment.match ? (
          <Mark key={key}>{segment.text}</Mark>
        ) : (
          <Fragment key={key}>{segment.text}</Fragment>
        );
      })}
    </>
  );
}

/** Characters of context kept on each side of the first match in an excerpt. */
const CONTEXT_CHARS = 70;

/**
 * The part of a long text around its first marked word, with an ellipsis where it was cut (at
 * a space, so no word is halved): the card shows where the question's details matched without
 * printing all of them.
 */
export function excerptAround(
  segments: readonly HighlightSegment[],
  context = CONTEXT_CHARS,
): HighlightSegment[] {
  const first = segments.findIndex((segment) => segment.match);
  if (first < 0) return [...segments];
  const excerpt: HighlightSegment[] = [];
  let before = segments
    .slice(0, first)
    .map((segment) => segment.text)
    .join('');
  if (before.length > context) {
    const cut = before.slice(-context);
    const space = cut.indexOf(' ');
    before = `…${space >= 0 ? cut.slice(space + 1) : cut}`;
  }
  if (before) excerpt.push({ text: before, match: false });
  let room = context * 2;
  for (const segment of segments.slice(first)) {
    if (room <= 0) {
      excerpt.push({ text: '…', match: false });
      break;
    }
    if (segment.match || segment.text.length <= room) {
      excerpt.push(segment);
      room -= segment.text.length;
      continue;
    }
    const cut = segment.text.slice(0, room);
    const space = cut.lastIndexOf(' ');
    excerpt.push({ text: `${space > 0 ? cut.slice(0, space) : cut}…`, match: false });
    break;
  }
  return excerpt;
}

const Excerpt = styled(Muted)`
  font-size: 0.9rem;
  overflow-wrap: anywhere;
`;

/** Where a search matched a question's details, which a card does not print whole. */
export function DetailsMatch({ segments }: { segments: readonly HighlightSegment[] }) {
  const excerpt = excerptAround(segments);
  return (
    <Excerpt data-testid="details-match">
      <Highlighted text={excerpt.map((segment) => segment.text).join('')} segments={excerpt} />
    </Excerpt>
  );
}
