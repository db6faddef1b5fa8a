import type { Expert, ModerationItem, RejectionReason } from '@uapqa/contracts';
import {
  Badge,
  Button,
  Card,
  Field,
  formatUsDate,
  getJson,
  Muted,
  Placeholders,
  Textarea,
  theme,
} from '@uapqa/ui';
import { Select } from '@uapqa/ui/controls';
import { useState } from 'react';
import styled from 'styled-components';
import useSWR, { useSWRConfig } from 'swr';
import { useStaffErrors } from '../lib/access';
import { askedName, expertOptions } from '../lib/expert-choice';
import { sendDecision, toastDecided, undoFromToast, withItemBack } from '../lib/held-decisions';
import { fetchQueuePage, type QueuePage } from '../lib/queue-page';
import { DecisionButtons } from '../lib/review';
import { ScrollArea } from '../lib/ScrollArea';
import { Section } from '../lib/sections';
import { RejectDialog } from './RejectDialog';

export const QUEUE_KEY = '/api/admin/questions/pending';
export const EXPERTS_KEY = '/api/creators';
export const STATS_KEY = '/api/admin/stats';
/** The queue's scroll area (96 spacing units, 24rem): the buttons under it stay in view. */
export const QUEUE_MAX_HEIGHT = theme.space(96);
const Item = styled(Card)`
  padding: 1rem;
  margin-bottom: 0.75rem;
  background: ${({ theme }) => theme.colors.surfaceRaised};
  h3 { font-size: 1rem; margin: 0 0 0.35rem; }
  .meta { display: flex; flex-wrap: wrap; gap: 0.4rem; align-items: center; font-size: 0.8rem; color: ${({ theme }) => theme.colors.muted}; }
  .body { white-space: pre-line; margin-top: 0.5rem; font-size: 0.9rem; }
  .label { font-weight: 600; font-size: 0.8rem; color: ${({ theme }) => theme.colors.muted}; margin-top: 0.5rem; }
`;
const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
  margin-top: 0.75rem;
`;

/** The question being moderated: its notes and chosen expert ('' = the expert the member asked). */
interface Draft {
  id: string;
  notes: string;
  expert: string;
}

/**
 * The moderation queue of the admin and moderator dashboards: pending questions oldest first in
 * a scrollable area; Moderate opens notes and an expert choice with Approve, Reject (which asks
 * why) and Cancel (which clears both). The toast confirming a decision offers Undo while the
 * service holds it unannounced.
 */
export function ModerationQueue() {
  const onError = useStaffErrors();
  const { mutate } = useSWRConfig();
  const queue = useSWR<QueuePage>(QUEUE_KEY, fetchQueuePage, {
    onError: (error) => onError(error),
  });
  const expertList = useSWR<Expert[]>(EXPERTS_KEY, (url: string) => getJson<Expert[]>(url), {
    onError: (error) => onError(error),
  });
  const [more, setMore] = useState<{ items: ModerationItem[]; nextCursor: string | null }>({
    items: [],
    nextCursor: null,
  });
  const [loadingMore, setLoadingMore] = useState(false);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [busy, setBusy] = useState(false);
  const [rejecting, setRejecting] = useState<ModerationItem | null>(null);

  // After a decision the first page is read again and may now hold items loaded by Load More.
  const firstPage = queue.data?.items ?? [];
  const items = [
    ...firstPage,
    ...more.items.filter((extra) => !firstPage.some((first) => first.id === extra.id)),
  ];
  const nextCursor = more.items.length > 0 ? more.nextCursor : (queue.data?.nextCursor ?? null);
  const total = queue.data?.total ?? null;

  function cancel() {
    setDraft(null);
  }

  async function decide(
    item: ModerationItem,
    status: 'approved' | 'rejected',
    rejectionReason?: RejectionReason,
  ) {
    if (!draft || draft.id !== item.id) return;
    setBusy(true);
    const notes = draft.notes.trim();
    const body =
      status === 'approved'
        ? {
            status,
            moderationNotes: notes || null,
            assignedExpertId: draft.expert ? Number(draft.expert) : null,
          }
        : { status, rejectionReason, moderationNotes: notes || null };
    try {
      const decided = await sendDecision(item.id, body);
      toastDecided(item.title, decided, () => void undo(item));
      setDraft(null);
      setRejecting(null);
      setMore((current) => ({
        ...current,
        items: current.items.filter((other) => other.id !== item.id),
      }));
      await Promise.all([queue.mutate(), mutate(STATS_KEY)]);
    } catch (error) {
      onError(error, {
        title: 'Moderation Failed',
        description: 'The question could not be moderated. Please try again.',
      });
      // Someone else decided it meanwhile: show the queue as it is now.
      if (error instanceof Error && error.message.startsWith('409:')) {
        setDraft(null);
        await queue.mutate();
      }
    } finally {
      setBusy(false);
    }
  }

  /** Undo from the decision's toast: the item comes back where it was in the queue. */
  async function undo(item: ModerationItem) {
    await undoFromToast(item, {
      restored: (again) => {
        setMore((current) => ({ ...current, items: withItemBack(current.items, again) }));
        return Promise.all([queue.mutate(), mutate(STATS_KEY)]);
      },
      failed: (error) => {
        onError(error, { title: 'Undo Failed', description: 'The decision could not be undone.' });
        void queue.mutate();
      },
    });
  }

  async function loadMore() {
    if (!nextCursor) return;
    setLoadingMore(true);
    try {
      const page = await fetchQueuePage(`${QUEUE_KEY}?cursor=${encodeURIComponent(nextCursor)}`);
      setMore((current) => ({
        items: [...current.items, ...page.items.filter((p) => !items.some((i) => i.id === p.id))],
        nextCursor: page.nextCursor,
      }));
    } catch (error) {
      onError(error, { title: 'Error', description: 'Failed to load dashboard data.' });
    } finally {
      setLoadingMore(false);
    }
  }

  const experts = expertList.data ?? [];

  return (
    <Section data-testid="moderation-queue">
      <div style={{ display: 'flex', alignItems: 'baseline', gap: '0.75rem' }}>
        <h2 style={{ marginRight: 'auto' }}>Moderation Queue</h2>
        {total !== null ? (
          <Muted style={{ fontSize: '0.85rem' }} data-testid="queue-count">
            {total} awaiting review
          </Muted>
        ) : null}
      </div>
      {queue.isLoading ? (
        <Placeholders count={3} height="4rem" />
      ) : queue.error && !queue.data ? (
        <Muted role="alert">The moderation queue could not be loaded.</Muted>
      ) : items.length === 0 ? (
        <Muted>No questions are awaiting moderation.</Muted>
      ) : (
        <ScrollArea
          maxHeight={QUEUE_MAX_HEIGHT}
          label="Questions awaiting moderation"
          testId="queue-scroll"
        >
          {items.map((item) => {
            const open = draft?.id === item.id;
            return (
              <Item key={item.id} as="article" data-testid="queue-item" aria-label={item.title}>
                <h3>{item.title}</h3>
                <div className="meta">
                  <Badge $tone="yellow">{item.status}</Badge>
                  <span>{item.category?.name || 'General'}</span>
                  <span>· asked by {item.asker.username}</span>
                  <span>· {formatUsDate(item.createdAt)}</span>
                  <span>· for {askedName(item)}</span>
                  {item.expertListed ? null : <Badge $tone="danger">no longer available</Badge>}
                  {item.tags.map((tag) => (
                    <Badge key={tag.id} $tone="gray">
                      {tag.name}
                    </Badge>
                  ))}
                </div>
                <div className="body">{item.content}</div>
                {item.context ? (
                  <>
                    <div className="label">Context</div>
                    <div className="body">{item.context}</div>
                  </>
                ) : null}
                {item.sources ? (
                  <>
                    <div className="label">Sources</div>
                    <div className="body">{item.sources}</div>
                  </>
                ) : null}
                {open ? (
                  <div style={{ marginTop: '0.75rem' }} data-testid="moderation-panel">
                    <Field
                      label="Moderation notes (the member reads them if you reject)"
                      htmlFor={`notes-${item.id}`}
                    >
                      <Textarea
                        id={`notes-${item.id}`}
                        value={draft.notes}
                        onChange={(event) => setDraft({ ...draft, notes: event.target.value })}
                        placeholder="Optional notes for the expert and the record"
                        disabled={busy}
                      />
                    </Field>
                    {item.expertListed ? null : (
                      <Muted
                        role="note"
                        data-testid="expert-unavailable"
                        style={{ margin: '0.5rem 0' }}
                      >
                        {askedName(item)} is no longer available to answer questions: assign another
                        expert, or reject the question (its credit is refunded).
                      </Muted>
                    )}
                    <Field label="Assign expert" htmlFor={`expert-${item.id}`}>
                      <Select
                        id={`expert-${item.id}`}
                        label="Assign expert"
                        value={draft.expert}
                        onValueChange={(expert) => setDraft({ ...draft, expert })}
                        options={expertOptions(item, experts)}
                        placeholder="Choose another expert"
                        disabled={busy}
                      />
                    </Field>
                    <Row>
                      <DecisionButtons
                        refuse="Reject"
                        onApprove={() => void decide(item, 'approved')}
                        onRefuse={() => setRejecting(item)}
                        onCancel={cancel}
                        busy={busy}
                        approveDisabled={!item.expertListed && !draft.expert}
                      />
                    </Row>
                  </div>
                ) : (
                  <Row>
                    <Button
                      $variant="secondary"
                      onClick={() => setDraft({ id: item.id, notes: '', expert: '' })}
                    >
                      Moderate
                    </Button>
                  </Row>
                )}
              </Item>
            );
          })}
          {nextCursor ? (
            <Button $variant="ghost" onClick={() => void loadMore()} disabled={loadingMore}>
              {loadingMore ? 'Loading...' : 'Load More'}
            </Button>
          ) : null}
        </ScrollArea>
      )}
      <RejectDialog
        title={rejecting?.title ?? null}
        note={draft?.notes ?? ''}
        busy={busy}
        onReject={(reason) => rejecting && void decide(rejecting, 'rejected', reason)}
        onClose={() => setRejecting(null)}
      />
    </Section>
  );
}
