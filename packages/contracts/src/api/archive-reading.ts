import { z } from 'zod';
import { ARCHIVE_SORTS } from '../constants.js';

export const ArchiveSort = z.enum(ARCHIVE_SORTS, {
  error: `sort must be one of: ${ARCHIVE_SORTS.join(', ')}`,
});
export type ArchiveSort = z.infer<typeof ArchiveSort>;

/**
 * A run of a shown text, marked when it is a word the search matched. The runs of a field
 * joined give back exactly the text the reader was sent (an answer's preview with its `...`),
 * so a client draws them as text and marks, never as HTML.
 */
export const HighlightSegment = z.object({ text: z.string(), match: z.boolean() });
export type HighlightSegment = z.infer<typeof HighlightSegment>;

/**
 * Where a search matched, in the texts the reader is shown: only a field with a match is
 * present. A reader of previews gets the marks of the preview alone, so a word hidden in the
 * rest of an answer is never marked, nor revealed.
 */
export const SearchHighlights = z.object({
  title: z.array(HighlightSegment).optional(),
  /** The question's details. */
  content: z.array(HighlightSegment).optional(),
  /** The answer, whole or its preview, as `answer.content` is. */
  answer: z.array(HighlightSegment).optional(),
});
export type SearchHighlights = z.infer<typeof SearchHighlights>;
