import { expertPagePath } from '@uapqa/contracts';
import { expertName } from '@uapqa/ui';
import { Link } from '@uapqa/ui/router';
import type { ReactNode } from 'react';
import styled from 'styled-components';

/** What pages show for an expert whose profile has no title or avatar colour (or no expert). */
const GENERIC_TITLE = 'UFO/UAP Researcher';
const NEUTRAL_COLOR = '#64748b';

export interface ExpertLike {
  brandName?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  user?: { firstName: string | null; lastName: string | null } | null;
  /** From the expert's profile (`GET /api/creators`); a question's own `creator` has none. */
  title?: string | null;
  avatarColor?: string | null;
}

export function expertProfile(expert: ExpertLike | null | undefined): {
  name: string;
  title: string;
  color: string;
  initials: string;
} {
  if (!expert) {
    return {
      name: 'UAP Answers Expert',
      title: 'Expert Investigator',
      color: NEUTRAL_COLOR,
      initials: '?',
    };
  }
  const personal =
    `${expert.user?.firstName ?? expert.firstName ?? ''} ${expert.user?.lastName ?? expert.lastName ?? ''}`.trim();
  const name = personal || expertName(expert) || 'UAP Answers Expert';
  const initials = name
    .split(/\s+/)
    .map((part) => part[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();
  return {
    name,
    title: expert.title || GENERIC_TITLE,
    color: expert.avatarColor || NEUTRAL_COLOR,
    initials,
  };
}

/** The avatar's diameter where none is given: a line of a list or of an answer. */
const AVATAR_SIZE_REM = 2.75;

const Circle = styled.span<{ $color: string; $sizeRem: number }>`
  display: inline-flex;
  flex: none;
  align-items: center;
  justify-content: center;
  width: ${({ $sizeRem }) => $sizeRem}rem;
  height: ${({ $sizeRem }) => $sizeRem}rem;
  border-radius: 50%;
  background: ${({ $color }) => $color};
  color: white;
  font-weight: 700;
  /* The initials grow with the circle: 1rem in the usual one. */
  font-size: ${({ $sizeRem }) => $sizeRem / AVATAR_SIZE_REM}rem;
`;

export function Avatar({
  name,
  color,
  initials,
  sizeRem = AVATAR_SIZE_REM,
}: {
  name: string;
  color: string;
  initials: string;
  sizeRem?: number;
}) {
  return (
    <Circle $color={color} $sizeRem={sizeRem} role="img" aria-label={`${name} avatar`}>
      {initials}
    </Circle>
  );
}

/* Underlined in a quiet colour: a name that leads somewhere, without shouting over the text. */
const NameLink = styled(Link)`
  color: inherit;
  text-decoration: underline;
  text-decoration-color: ${({ theme }) => theme.colors.border};
  text-underline-offset: 0.2em;
  &:hover, &:focus-visible { color: ${({ theme }) => theme.colors.primary}; text-decoration-color: currentColor; }
`;

/**
 * An expert's name, linked to their public page when their handle is known (the experts of
 * `GET /api/creators`); plain text otherwise (a delisted expert, a question's bare `creator`).
 */
export function ExpertNameLink({
  handle,
  children,
}: {
  handle: string | null | undefined;
  children: ReactNode;
}) {
  if (!handle) return children;
  return (
    <NameLink to={expertPagePath(handle)} data-testid="expert-page-link">
      {children}
    </NameLink>
  );
}
