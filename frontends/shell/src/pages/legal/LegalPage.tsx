import { Card, PageTitle } from '@uapqa/ui';
import { Link } from '@uapqa/ui/router';
import type { ReactNode } from 'react';
import styled from 'styled-components';

/** Long text reads best in a narrow column: about 70 characters a line. */
const Article = styled(Card)`
  max-width: 46rem;
  margin: 0 auto;
  line-height: 1.6;
  h2 { font-size: 1.2rem; margin: 2rem 0 0.5rem; }
  ul { padding-left: 1.25rem; display: grid; gap: 0.35rem; }
  a { color: ${({ theme }) => theme.colors.primary}; }
  code { font-size: 0.9em; overflow-wrap: anywhere; }
`;
const Updated = styled.p`
  color: ${({ theme }) => theme.colors.muted};
  font-size: 0.9rem;
`;

/** The frame of the privacy policy and the terms: a title, the date they took effect, a link to the other. */
export function LegalPage({
  title,
  updated,
  other,
  children,
}: {
  title: string;
  updated: string;
  other: { to: string; label: string };
  children: ReactNode;
}) {
  return (
    <Article as="article">
      <PageTitle>{title}</PageTitle>
      <Updated>In effect since {updated}.</Updated>
      {children}
      <h2>Questions about this page</h2>
      <p>
        Write to us through the <Link to="/contact">contact form</Link>. See also our{' '}
        <Link to={other.to}>{other.label}</Link>.
      </p>
    </Article>
  );
}

/** The day both texts took effect; change it with the text. */
export const LEGAL_UPDATED = 'November 28, 2026';
