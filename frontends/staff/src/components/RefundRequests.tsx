import type { RefundQueueItem } from '@uapqa/contracts';
import {
  apiRequest,
  Button,
  DialogActions,
  Field,
  formatUsDate,
  getJson,
  Muted,
  Placeholders,
  serverMessage,
  Textarea,
  toast,
} from '@uapqa/ui';
import { Dialog, DialogClose, DialogContent } from '@uapqa/ui/dialog';
import { Link } from '@uapqa/ui/router';
import { useId, useState } from 'react';
import styled from 'styled-components';
import useSWR from 'swr';
import { useStaffErrors } from '../lib/access';
import { Section } from '../lib/sections';

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  li {
    display: grid;
    gap: 0.35rem;
    padding: 0.75rem 0;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    overflow-wrap: anywhere;
  }
  .small { color: ${({ theme }) => theme.colors.muted}; font-size: 0.85rem; }
  .actions { display: flex; flex-wrap: wrap; gap: 0.5rem; }
`;

const QUEUE_KEY = '/api/admin/refund-requests';

type Decision = { item: RefundQueueItem; grant: boolean };

/**
 * Members' refund requests, the longest waiting first. Each is granted or refused with a note
 * the member reads; a grant returns their credit and takes the fee back from the expert.
 */
export function RefundRequests() {
  const id = useId();
  const onError = useStaffErrors();
  const queue = useSWR<RefundQueueItem[]>(QUEUE_KEY, getJson, {
    onError: (error) => onError(error),
  });
  const [deciding, setDeciding] = useState<Decision | null>(null);
  return (
    <Section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Refund Requests</h2>
      {!queue.data ? (
        <Placeholders count={2} height="3rem" />
      ) : queue.data.length === 0 ? (
        <Muted>No refund request is waiting.</Muted>
      ) : (
        <List aria-label="Refund requests waiting for a decision">
          {queue.data.map((item) => (
            <li key={item.questionId} data-testid="refund-request-item">
              <Link to={`/questions/${item.questionId}`}>{item.title}</Link>
              <div className="small">
                Requested {formatUsDate(item.requestedAt)} · answered{' '}
                {formatUsDate(item.answeredAt)}
                {item.rating ? ` · rated ${item.rating} of 5` : ' · not rated'}
              </div>
              <div>“{item.reason}”</div>
              <div className="actions">
                <Button onClick={() => setDeciding({ item, grant: true })}>Grant refund</Button>
                <Button $variant="secondary" onClick={() => setDeciding({ item, grant: false })}>
                  Refuse
                </Button>
              </div>
            </li>
          ))}
        </List>
      )}
      <DecisionDialog
        decision={deciding}
        onClose={() => setDeciding(null)}
        onDecided={() => {
          setDeciding(null);
          void queue.mutate();
        }}
      />
    </Section>
  );
}

function DecisionDialog({
  decision,
  onClose,
  onDecided,
}: {
  decision: Decision | null;
  onClose: () => void;
  onDecided: () => void;
}) {
  const id = useId();
  const [note, setNote] = useState('');
  const [missing, setMissing] = useState(false);
  const [busy, setBusy] = useState(false);
  const close = () => {
    setNote('');
    setMissing(false);
    onClose();
  };

  async function decide({ item, grant }: Decision) {
    if (!note.trim()) {
      setMissing(true);
      return;
    }
    setBusy(true);
    try {
      const response = await apiRequest(
        'POST',
        `/api/admin/refund-requests/${encodeURIComponent(item.questionId)}/decision`,
        { decision: grant ? 'grant' : 'refuse', note },
      );
      const { message } = (await response.json()) as { message: string };
      toast({ title: grant ? 'Refund granted' : 'Refund refused', description: message });
      setNote('');
      onDecided();
    } catch (error) {
      toast({
        title: 'Decision not saved',
        description: serverMessage(error) ?? 'Please try again.',
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open={decision !== null} onOpenChange={(open) => (open ? null : close())}>
      {decision ? (
        <DialogContent
          title={`${decision.grant ? 'Grant' : 'Refuse'} the refund for “${decision.item.title}”?`}
        >
          <Muted style={{ marginBottom: '1rem' }}>
            {decision.grant
              ? "The member's credit is returned and the expert's fee for this answer is reversed. "
              : 'The member keeps the answer and no credit is returned. '}
            Both are emailed your note.
          </Muted>
          <Field
            label="Note to the member and the expert"
            htmlFor={`${id}-note`}
            error={missing ? 'Please write a note: the member reads it.' : undefined}
          >
            <Textarea
              id={`${id}-note`}
              rows={3}
              value={note}
              disabled={busy}
              aria-invalid={missing ? true : undefined}
              onChange={(event) => {
                setNote(event.target.value);
                setMissing(false);
              }}
            />
          </Field>
          <DialogActions>
            <DialogClose asChild>
              <Button $variant="secondary" disabled={busy}>
                Cancel
              </Button>
            </DialogClose>
            <Button
              $variant={decision.grant ? 'primary' : 'danger'}
              disabled={busy}
              onClick={() => void decide(decision)}
            >
              {decision.grant ? 'Grant refund' : 'Refuse refund'}
            </Button>
          </DialogActions>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
