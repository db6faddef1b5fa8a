import { creatorName } from '@uapqa/ui';
import styled from 'styled-components';

/**
 * The five named experts of the archive: fixed avatars (initials and colour) and titles. Each
 * colour is dark enough for the white initials on it (4.5:1 and more).
 */
const KNOWN_EXPERTS: Record<string, { title: string; color: string }> = {
  'Dana Whitfield': { title: 'Investigative Journalist & UAP Researcher', color: '#0369a1' },
  'Marcus Reyes': { title: 'Documentary Filmmaker & UFO Investigator', color: '#7c3aed' },
  'Theo Lark': { title: 'Magician & Mystery Investigator', color: '#b45309' },
  'Evelyn Hart': { title: 'UFO Historian & Author', color: '#047857' },
  'Graham Sutter': { title: 'Emmy-Winning Investigative Reporter', color: '#dc2626' },
};

export interface ExpertLike {
  brandName?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  user?: { firstName: string | null; lastName: string | null } | null;
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
      color: '#64748b',
      initials: '?',
    };
  }
  const personal =
    `${creator.user?.firstName ?? creator.firstName ?? ''} ${creator.user?.lastName ?? creator.lastName ?? ''}`.trim();
  const name = personal || creatorName(creator) || 'UAP Answers Expert';
  const known = KNOWN_EXPERTS[personal] ?? KNOWN_EXPERTS[name];
  const initials = name
    .split(/\s+/)
    .map((part) => part[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();
  return {
    name,
    title: known?.title ?? 'UFO/UAP Researcher',
    color: known?.color ?? '#64748b',
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
