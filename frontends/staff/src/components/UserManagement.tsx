import { type AdminUser, ROLES } from '@uapqa/contracts';
import {
  apiRequest,
  Badge,
  Button,
  Field,
  formatUsDate,
  Input,
  Muted,
  NativeSelect,
  Placeholders,
  serverMessage,
  toast,
} from '@uapqa/ui';
import { useDeferredValue, useId, useState } from 'react';
import styled from 'styled-components';
import useSWR from 'swr';
import { useStaffErrors } from '../lib/access';
import { type Counted, fetchCounted } from '../lib/counted';
import { USER_MANAGEMENT_ID, useLinkedUser } from '../lib/linked-user';
import { Section } from '../lib/sections';
import { CreditsDialog } from './CreditsDialog';
import { RoleDialog, roleLabel } from './RoleDialog';
import { SuspensionDialog } from './SuspensionDialog';
import { UserQuestionsDialog } from './UserQuestionsDialog';

const PAGE = 10;

const Filters = styled.div`
  display: grid;
  gap: 0 1rem;
  grid-template-columns: repeat(auto-fit, minmax(180px, 1fr));
`;
const List = styled.ul`
  list-style: none;
  margin: 0 0 1rem;
  padding: 0;
  li {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.5rem 1rem;
    padding: 0.6rem 0;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
  .who { flex: 1 1 16rem; min-width: 0; overflow-wrap: anywhere; }
  .name { font-weight: 600; }
  .small { color: ${({ theme }) => theme.colors.muted}; font-size: 0.85rem; }
`;
const Pager = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 1rem;
`;

/** Finds accounts, a page at a time: their credits, and suspending or reinstating them. */
export function UserManagement() {
  const id = useId();
  const onError = useStaffErrors();
  const [search, setSearch] = useState('');
  const [role, setRole] = useState('');
  const [suspended, setSuspended] = useState('');
  const [subscription, setSubscription] = useState('');
  const [offset, setOffset] = useState(0);
  const [changing, setChanging] = useState<AdminUser | null>(null);
  const [crediting, setCrediting] = useState<AdminUser | null>(null);
  const [reroling, setReroling] = useState<AdminUser | null>(null);
  const [reading, setReading] = useState<AdminUser | null>(null);
  // A report's link to a person: find them by username, and bring the section into view.
  useLinkedUser((user) => {
    setSearch(user.username);
    setOffset(0);
    document.getElementById(USER_MANAGEMENT_ID)?.scrollIntoView({ block: 'start' });
  });
  const typed = useDeferredValue(search.trim());
  const query = new URLSearchParams({ limit: String(PAGE), offset: String(offset) });
  if (typed) query.set('search', typed);
  if (role) query.set('role', role);
  if (suspended) query.set('suspended', suspended);
  if (subscription) query.set('subscription', subscription);
  const page = useSWR<Counted<AdminUser>>(`/api/admin/users?${query}`, fetchCounted, {
    keepPreviousData: true,
    onError: (error) => onError(error),
  });
  const filter = (set: (value: string) => void) => (value: string) => {
    set(value);
    setOffset(0);
  };
  const total = page.data?.total ?? 0;

  async function resend(user: AdminUser) {
    try {
      const response = await apiRequest('POST', `/api/admin/users/${user.id}/confirmation-link`);
      const { message } = (await response.json()) as { message: string };
      toast({ title: 'Link Sent', description: message });
    } catch (failure) {
      onError(failure, {
        title: 'Could not send the link',
        description: serverMessage(failure) ?? '',
      });
    }
  }

  return (
    <Section aria-labelledby={`${id}-title`} id={USER_MANAGEMENT_ID}>
      <h2 id={`${id}-title`}>User Management</h2>
      <Filters role="search" aria-label="Find users">
        <Field label="Name, username or email" htmlFor={`${id}-search`}>
          <Input
            id={`${id}-search`}
            type="search"
            value={search}
            onChange={(event) => filter(setSearch)(event.target.value)}
          />
        </Field>
        <Field label="Role" htmlFor={`${id}-role`}>
          <NativeSelect
            id={`${id}-role`}
            value={role}
            onChange={(event) => filter(setRole)(event.target.value)}
          >
            <option value="">Any role</option>
            {ROLES.map((value) => (
              <option key={value} value={value}>
                {roleLabel(value)}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field label="Subscription" htmlFor={`${id}-subscription`}>
          <NativeSelect
            id={`${id}-subscription`}
            value={subscription}
            onChange={(event) => filter(setSubscription)(event.target.value)}
          >
            <option value="">Any</option>
            <option value="active">Subscribed</option>
            <option value="inactive">Not subscribed</option>
          </NativeSelect>
        </Field>
        <Field label="Suspension" htmlFor={`${id}-suspended`}>
          <NativeSelect
            id={`${id}-suspended`}
            value={suspended}
            onChange={(event) => filter(setSuspended)(event.target.value)}
          >
            <option value="">Any</option>
            <option value="true">Suspended</option>
            <option value="false">Not suspended</option>
          </NativeSelect>
        </Field>
      </Filters>
      {!page.data ? (
        <Placeholders count={3} height="3rem" />
      ) : page.data.items.length === 0 ? (
        <Muted>No account matches.</Muted>
      ) : (
        <List aria-label="Users">
          {page.data.items.map((user) => {
            const name = [user.firstName, user.lastName].filter(Boolean).join(' ');
            return (
              <li key={user.id} data-testid="user-row">
                <div className="who">
                  <div className="name">
                    {user.username}
                    {name ? ` · ${name}` : ''}
                  </div>
                  <div className="small">
                    {user.email} · joined {formatUsDate(user.createdAt)} ·{' '}
                    {user.lastSignInAt
                      ? `last signed in ${formatUsDate(user.lastSignInAt)}`
                      : 'never signed in'}
                    {user.emailConfirmed ? '' : ' · email not confirmed'}
                  </div>
                  {user.suspendedAt ? (
                    <div className="small" data-testid="suspension-reason">
                      Suspended {formatUsDate(user.suspendedAt)}: {user.suspensionReason}
                    </div>
                  ) : null}
                </div>
                <Badge $tone={user.role === 'user' ? 'gray' : 'blue'}>{roleLabel(user.role)}</Badge>
                {user.subscriptionActive ? <Badge $tone="green">Subscribed</Badge> : null}
                {user.suspendedAt ? <Badge $tone="danger">Suspended</Badge> : null}
                {user.emailConfirmed ? null : (
                  <Button
                    $variant="secondary"
                    aria-label={`Resend the confirmation link to ${user.username}`}
                    onClick={() => void resend(user)}
                  >
                    Resend link
                  </Button>
                )}
                <Button
                  $variant="secondary"
                  aria-label={`Change the role of ${user.username}`}
                  onClick={() => setReroling(user)}
                >
                  Role
                </Button>
                <Button
                  $variant="secondary"
                  aria-label={`Questions of ${user.username}`}
                  onClick={() => setReading(user)}
                >
                  Questions
                </Button>
                <Button
                  $variant="secondary"
                  aria-label={`Credits of ${user.username}`}
                  onClick={() => setCrediting(user)}
                >
                  Credits
                </Button>
                <Button
                  $variant={user.suspendedAt ? 'primary' : 'secondary'}
                  aria-label={`${user.suspendedAt ? 'Reinstate' : 'Suspend'} ${user.username}`}
                  onClick={() => setChanging(user)}
                >
                  {user.suspendedAt ? 'Reinstate' : 'Suspend'}
                </Button>
              </li>
            );
          })}
        </List>
      )}
      <Pager>
        <Button
          $variant="secondary"
          disabled={offset === 0}
          onClick={() => setOffset(Math.max(0, offset - PAGE))}
        >
          Previous
        </Button>
        <Muted aria-live="polite">
          {total === 0
            ? 'No users'
            : `${offset + 1}–${Math.min(offset + PAGE, total)} of ${total} ${total === 1 ? 'user' : 'users'}`}
        </Muted>
        <Button
          $variant="secondary"
          disabled={offset + PAGE >= total}
          onClick={() => setOffset(offset + PAGE)}
        >
          Next
        </Button>
      </Pager>
      <CreditsDialog user={crediting} onClose={() => setCrediting(null)} />
      <UserQuestionsDialog user={reading} onClose={() => setReading(null)} />
      <RoleDialog
        user={reroling}
        onClose={() => setReroling(null)}
        onChanged={() => {
          setReroling(null);
          void page.mutate();
        }}
      />
      <SuspensionDialog
        user={changing}
        onClose={() => setChanging(null)}
        onChanged={() => {
          setChanging(null);
          void page.mutate();
        }}
      />
    </Section>
  );
}
