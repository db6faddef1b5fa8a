import type { ComponentPropsWithoutRef } from 'react';
import Markdown, { type Components } from 'react-markdown';
import remarkBreaks from 'remark-breaks';
import styled from 'styled-components';

/**
 * The Markdown an answer may use: paragraphs, links, emphasis, lists, quotes and inline code.
 * Anything else is reduced to its text (a heading to a paragraph, an image to nothing) and raw
 * HTML is dropped, so an answer cannot restyle the page or load anything.
 */
const ALLOWED_ELEMENTS = ['p', 'br', 'a', 'em', 'strong', 'ul', 'ol', 'li', 'blockquote', 'code'];

/**
 * Links written by experts point away from the site: search engines are told not to vouch for
 * them (`nofollow ugc`), and the opened page gets no handle on this one (`noopener`).
 */
const components: Components = {
  a: ({ href, children }) => (
    <a href={href} rel="nofollow ugc noopener" target="_blank">
      {children}
    </a>
  ),
};

const Body = styled.div`
  /* Line breaks are the Markdown's own (paragraphs and <br>), whatever the container keeps. */
  white-space: normal;
  overflow-wrap: anywhere;
  line-height: 1.6;
  p, ul, ol, blockquote { margin: 0 0 0.75rem; }
  > :last-child { margin-bottom: 0; }
  ul, ol { padding-left: 1.4rem; }
  blockquote {
    padding-left: 0.75rem;
    border-left: 3px solid ${({ theme }) => theme.colors.border};
    color: ${({ theme }) => theme.colors.muted};
  }
  code {
    font-size: 0.9em;
    padding: 0.1rem 0.3rem;
    border-radius: ${({ theme }) => theme.radius.sm};
    background: ${({ theme }) => theme.colors.surfaceRaised};
  }
  a { color: ${({ theme }) => theme.colors.primary}; }
`;

/**
 * An expert's text (an answer or a follow-up reply) rendered from its small Markdown subset.
 * react-markdown builds React elements, never HTML strings, and its default URL check drops
 * `javascript:` and other unsafe links; single line breaks stay line breaks, as experts typed them.
 */
export function AnswerText({
  children,
  ...rest
}: { children: string } & Omit<ComponentPropsWithoutRef<'div'>, 'children'>) {
  return (
    <Body {...rest}>
      <Markdown
        allowedElements={ALLOWED_ELEMENTS}
        unwrapDisallowed
        skipHtml
        remarkPlugins={[remarkBreaks]}
        components={components}
      >
        {children}
      </Markdown>
    </Body>
  );
}
