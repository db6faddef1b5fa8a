import { type AuditEntry, STAFF_ACTION_LABELS, STAFF_ACTIONS } from '@uapqa/contracts';
import { Button, Field, Muted, NativeSelect, Placeholders } from '@uapqa/ui';
import { useId, useState } from 'react';
import styled from 'styled-components';
import useSWR from 'swr';
import { useStaffErrors } from '../lib/access';
import { type Counted, fetchCounted } from '../lib/counted';
import { Section } from '../lib/sections';

const PAGE = 20;

const List = styled.ol`
  list-style: none;
  margin: 0 0 1rem;
  padding: 0;
  li {
    padding: 0.5rem 0;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    overflow-wrap: anywhere;
  }
  .what { font-weight: 600; }
  .small { color: ${({ theme }) => theme.colors.muted}; font-size: 0.85rem; }
`;

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** The staff's actions, newest first, by kind: who did what, to whom, and why. */
export function AuditLog() {
  const id = useId();
  const onError = useStaffErrors();
  const [action, setAction] = useState('');
  const [offset, setOffset] = useState(0);
  const query = new URLSearchParams({ limit: String(PAGE), offset: String(offset) });
  if (action) query.set('action', action);
  const page = useSWR<Counted<AuditEntry>>(`/api/admin/audit?${query}`, fetchCounted, {
    keepPreviousData: true,
    onError: (error) => onError(error),
  });
  const total = page.data?.total ?? 0;
  return (
    <Section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Audit Log</h2>
      <Field label="Action" htmlFor={`${id}-action`}>
        <NativeSelect
          id={`${id}-action`}
          value={action}
          onChange={(event) => {
            setAction(event.target.value);
            setOffset(0);
          }}
        >
          <option value="">Every action</option>
          {STAFF_ACTIONS.map((name) => (
            <option key={name} value={name}>
              {STAFF_ACTION_LABELS[name]}
            </option>
          ))}
        </NativeSelect>
      </Field>
      {!page.data ? (
        <Placeholders count={3} height="2.5rem" />
      ) : page.data.items.length === 0 ? (
        <Muted>Nothing recorded yet.</Muted>
      ) : (
        <List aria-label="Staff actions">
          {page.data.items.map((entry) => (
            <li key={entry.id} data-testid="audit-entry">
              <div className="what">
                {STAFF_ACTION_LABELS[entry.action]}: {entry.subject}
              </div>
              <div className="small">
                {when(entry.occurredAt)} by {entry.actorUsername ?? 'a former staff member'}
                {entry.reason ? ` · “${entry.reason}”` : ''}
              </div>
            </li>
          ))}
        </List>
      )}
      <div style={{ display: 'flex', justifyContent: 'space-between', gap: '1rem' }}>
        <Button
          $variant="secondary"
          disabled={offset === 0}
          onClick={() => setOffset(Math.max(0, offset - PAGE))}
        >
          Newer
        </Button>
        <Muted aria-live="polite">
          {total === 0 ? '' : `${offset + 1}–${Math.min(offset + PAGE, total)} of ${total}`}
        </Muted>
        <Button
          $variant="secondary"
          disabled={offset + PAGE >= total}
          onClick={() => setOffset(offset + PAGE)}
        >
          Older
        </Button>
      </div>
    </Section>
  );
}
