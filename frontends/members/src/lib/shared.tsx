import { type ButtonStyleProps, buttonStyles, Card, Muted, registerReactInstance } from '@uapqa/ui';
import { Link } from '@uapqa/ui/router';
import React, { type ReactNode } from 'react';
import styled from 'styled-components';

registerReactInstance(React, 'members');

export const LinkButton = styled(Link)<ButtonStyleProps>`
  ${buttonStyles}
`;

/** A full-width notice in place of a page (guards: authentication, subscription, credits). */
export function Notice({
  title,
  children,
  action,
}: {
  title: string;
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <Card style={{ maxWidth: 560, margin: '3rem auto', textAlign: 'center' }} data-testid="notice">
      <h1 style={{ fontSize: '1.6rem' }}>{title}</h1>
      <Muted style={{ marginBottom: '1.25rem' }}>{children}</Muted>
      {action}
    </Card>
  );
}
