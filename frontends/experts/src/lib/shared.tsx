import { type ButtonStyleProps, buttonStyles, Card, Muted, registerReactInstance } from '@uapqa/ui';
import { Link } from '@uapqa/ui/router';
import React, { type ReactNode } from 'react';
import styled from 'styled-components';

registerReactInstance(React, 'experts');

export const LinkButton = styled(Link)<ButtonStyleProps>`
  ${buttonStyles}
`;

/** A full-width notice in place of a page (guards, confirmations). */
export function Notice({
  title,
  children,
  action,
  testId = 'notice',
}: {
  title: string;
  children?: ReactNode;
  action?: ReactNode;
  testId?: string;
}) {
  return (
    <Card style={{ maxWidth: 560, margin: '3rem auto', textAlign: 'center' }} data-testid={testId}>
      <h1 style={{ fontSize: '1.6rem' }}>{title}</h1>
      {children ? <Muted style={{ marginBottom: '1.25rem' }}>{children}</Muted> : null}
      {action}
    </Card>
  );
}

/** US dollars from cents, e.g. "$1,260.00". */
export function formatCents(cents: number): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);
}
