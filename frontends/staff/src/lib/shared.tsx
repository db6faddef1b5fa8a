import { Card, Muted, registerReactInstance } from '@uapqa/ui';
import React, { type ReactNode } from 'react';
import styled from 'styled-components';

registerReactInstance(React, 'staff');

/** A full-width notice in place of a page (guards). */
export function Notice({
  title,
  children,
  testId = 'notice',
}: {
  title: string;
  children?: ReactNode;
  testId?: string;
}) {
  return (
    <Card style={{ maxWidth: 560, margin: '3rem auto', textAlign: 'center' }} data-testid={testId}>
      <h1 style={{ fontSize: '1.6rem' }}>{title}</h1>
      {children ? <Muted>{children}</Muted> : null}
    </Card>
  );
}

const StatCard = styled(Card)`
  .label { color: ${({ theme }) => theme.colors.muted}; font-size: 0.9rem; }
  .value { font-size: 1.8rem; font-weight: 700; }
`;

/** A figure of the dashboard: '…' while loading, '—' when it could not be read. */
export function Stat({
  label,
  value,
  testId,
}: {
  label: string;
  value: string | number | undefined;
  testId: string;
}) {
  return (
    <StatCard>
      <div className="label">{label}</div>
      <div className="value" data-testid={testId}>
        {value ?? '…'}
      </div>
    </StatCard>
  );
}

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

export const Section = styled(Card)`
  h2 { font-size: 1.2rem; }
`;

/** US dollars, e.g. "$1,260.00". */
export function formatDollars(dollars: number): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(dollars);
}
