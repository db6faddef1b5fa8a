import { Card, Muted, PageHeader, useSession } from '@uapqa/ui';
import { Navigate } from '@uapqa/ui/router';
import { ACCOUNT_SECTIONS } from '../account/sections';

/** `/account`: the signed-in user's own account, one card per section. */
export function Account() {
  const user = useSession((state) => state.user);
  if (!user) return <Navigate to="/auth?tab=login" replace />;
  return (
    <div
      data-testid="account"
      style={{ display: 'grid', gap: '1.5rem', maxWidth: 640, margin: '0 auto' }}
    >
      <PageHeader>
        <h1>Your account</h1>
        <Muted style={{ overflowWrap: 'anywhere' }}>Signed in as {user.username}.</Muted>
      </PageHeader>
      {ACCOUNT_SECTIONS.map(({ id, title, Component }) => (
        <Card
          key={id}
          as="section"
          id={id}
          aria-labelledby={`account-${id}-title`}
          data-testid={`account-section-${id}`}
        >
          <h2 id={`account-${id}-title`} style={{ fontSize: '1.2rem', marginTop: 0 }}>
            {title}
          </h2>
          <Component user={user} />
        </Card>
      ))}
    </div>
  );
}
