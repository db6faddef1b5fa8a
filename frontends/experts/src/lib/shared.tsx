import { type ButtonStyleProps, buttonStyles, Card, Muted, registerReactInstance } from '@uapqa/ui';
import { Link } from '@uapqa/ui/router';
import React, { type ReactNode, useEffect, useState } from 'react';
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

/** The current time, refreshed every `intervalMs` (deadlines tick down on screen). */
export function useNow(intervalMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/** US dollars from cents, e.g. "$1,260.00". */
export function formatCents(cents: number): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);
}

/** The HTTP status of an error raised by the ui package's helpers (`<status>: <body>`). */
export function statusOf(error: unknown): number | undefined {
  if (!(error instanceof Error)) return undefined;
  const status = (error as { status?: unknown }).status;
  if (typeof status === 'number') return status;
  const match = /^(\d{3}): /.exec(error.message);
  return match ? Number(match[1]) : undefined;
}
