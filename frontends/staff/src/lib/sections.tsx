import { Card } from '@uapqa/ui';
import styled from 'styled-components';

/**
 * A list that scrolls inside its card. It takes focus (and must be given an aria-label), so a
 * keyboard can scroll it even when it holds no button; its own opaque background keeps the
 * contrast of the rows it half shows decidable.
 */
export const ScrollList = styled.ul.attrs({ tabIndex: 0 })`
  list-style: none;
  margin: 0;
  padding: 0;
  overflow-y: auto;
  background: ${({ theme }) => theme.colors.surface};
  border-radius: ${({ theme }) => theme.radius.sm};
  &:focus-visible { outline-offset: 0; }
`;

/** A section of a staff dashboard. */
export const Section = styled(Card)`
  h2 { font-size: 1.2rem; }
`;
