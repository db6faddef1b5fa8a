import { creatorName } from '@uapqa/ui';
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

export function expertProfile(creator: ExpertLike | null | undefined): {
  name: string;
  title: string;
  color: string;
  initials: string;
} {
  if (!creator) {
    return {
      name: 'UAP Answers Expert',
      title: 'Expert Investigator',
      color: NEUTRAL_COLOR,
      initials: '?',
    };
  }
  const personal =
    `${creator.user?.firstName ?? creator.firstName ?? ''} ${creator.user?.lastName ?? creator.lastName ?? ''}`.trim();
  const name = personal || creatorName(creator) || 'UAP Answers Expert';
  const initials = name
    .split(/\s+/)
    .map((part) => part[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();
  return {
    name,
    title: creator.title || GENERIC_TITLE,
    color: creator.avatarColor || NEUTRAL_COLOR,
    initials,
  };
}

const Circle = styled.span<{ $color: string }>`
  display: inline-flex;
  flex: none;
  align-items: center;
  justify-content: center;
  width: 2.75rem;
  height: 2.75rem;
  border-radius: 50%;
  background: ${({ $color }) => $color};
  color: white;
  font-weight: 700;
`;

export function Avatar({
  name,
  color,
  initials,
}: {
  name: string;
  color: string;
  initials: string;
}) {
  return (
    <Circle $color={color} role="img" aria-label={`${name} avatar`}>
      {initials}
    </Circle>
  );
}
