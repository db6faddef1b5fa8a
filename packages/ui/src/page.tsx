/**
 * `@uapqa/ui/page`: the pieces the remotes' pages share: a notice in place of a page, a
 * dashboard figure and money. They hold no state, so each remote bundles what it uses; not being
 * in `@uapqa/ui` itself keeps them out of the first paint of `/`. Nothing here may link: a module
 * of this package that imports `@uapqa/ui/router` gets a router of its own in a remote's build,
 * outside the page's router (so each frontend styles its own `Link` as a button).
 */
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Card, Muted } from './components.js';

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
      {children ? (
        <Muted style={action ? { marginBottom: '1.25rem' } : undefined}>{children}</Muted>
      ) : null}
      {action}
    </Card>
  );
}

/** In place of a signed-in page once its visitor is logged out (useSignInIfLoggedOutOnArrival). */
export function LoggedOutNotice() {
  return <Notice title="Unauthorized">You are logged out. Logging in again...</Notice>;
}

const StatCard = styled(Card)`
  .label { color: ${({ theme }) => theme.colors.muted}; font-size: 0.9rem; }
  .value { font-size: 1.8rem; font-weight: 700; }
`;

/** A figure of a dashboard: '…' while loading, '—' when it could not be read. */
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

export { formatCents, formatDollars } from './us-format.js';
