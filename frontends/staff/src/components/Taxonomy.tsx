import type { TaxonomyUsageItem } from '@uapqa/contracts';
import { apiRequest, Button, DialogActions, getJson, Muted, Placeholders, toast } from '@uapqa/ui';
import { Dialog, DialogClose, DialogContent } from '@uapqa/ui/dialog';
import { useState } from 'react';
import styled from 'styled-components';
import useSWR from 'swr';
import { useStaffErrors } from '../lib/access';
import { ScrollList, Section } from '../lib/sections';
import { AddTaxonomyForm } from './AddTaxonomyForm';

const List = styled(ScrollList)`
  margin: 0 0 1rem;
  max-height: 16rem;
  li {
    display: flex;
    align-items: center;
    gap: 0.5rem;
    padding: 0.4rem 0;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
  .name { font-weight: 600; }
  .usage { color: ${({ theme }) => theme.colors.muted}; font-size: 0.8rem; }
  .description { color: ${({ theme }) => theme.colors.muted}; font-size: 0.85rem; }
`;

/** Labels and toasts of one taxonomy: categories or topics (tags). */
export interface TaxonomyKind {
  title: string;
  /** GET list, each item with its questionCount (admin only). */
  listUrl: string;
  /** POST to add; DELETE `${adminUrl}/:id`. */
  adminUrl: string;
  noun: string;
  added: string;
  deleted: string;
  addFailed: string;
  deleteFailed: string;
  /**
   * What deleting one that questions carry does: a topic is taken off its questions (after the
   * admin confirms), a category in use cannot be deleted (the server answers 409).
   */
  inUse: 'confirm' | 'refuse';
}

export const CATEGORIES: TaxonomyKind = {
  title: 'Categories',
  listUrl: '/api/admin/categories',
  adminUrl: '/api/admin/categories',
  noun: 'Category',
  added: 'Category Added',
  deleted: 'Category Deleted',
  addFailed: 'Add Category Failed',
  deleteFailed: 'Delete Category Failed',
  inUse: 'refuse',
};

export const TOPICS: TaxonomyKind = {
  title: 'Topics',
  listUrl: '/api/admin/tags',
  adminUrl: '/api/admin/tags',
  noun: 'Topic',
  added: 'Topic Added',
  deleted: 'Topic Deleted',
  addFailed: 'Add Topic Failed',
  deleteFailed: 'Delete Topic Failed',
  inUse: 'confirm',
};

/** '1 question', '3 questions', 'No questions'. */
function questionsText(count: number): string {
  if (count === 0) return 'No questions';
  return `${count} ${count === 1 ? 'question' : 'questions'}`;
}

/** Lists a taxonomy with a Delete per item, and the form that adds one. */
export function TaxonomyManager({ kind }: { kind: TaxonomyKind }) {
  const onError = useStaffErrors();
  const list = useSWR<TaxonomyUsageItem[]>(
    kind.listUrl,
    (url: string) => getJson<TaxonomyUsageItem[]>(url),
    {
      onError: (error) => onError(error),
    },
  );
  const [deleting, setDeleting] = useState<number | null>(null);
  const [confirming, setConfirming] = useState<TaxonomyUsageItem | null>(null);
  const lower = kind.noun.toLowerCase();

  async function remove(item: TaxonomyUsageItem) {
    setConfirming(null);
    setDeleting(item.id);
    try {
      await apiRequest('DELETE', `${kind.adminUrl}/${item.id}`);
      toast({ title: kind.deleted, description: `"${item.name}" was deleted.` });
      await list.mutate();
    } catch (error) {
      onError(error, {
        title: kind.deleteFailed,
        description: `The ${lower} could not be deleted. Please try again.`,
      });
    } finally {
      setDeleting(null);
    }
  }

  return (
    <Section data-testid={`taxonomy-${lower}`}>
      <h2>{kind.title}</h2>
      {list.isLoading ? (
        <Placeholders count={3} height="2rem" />
      ) : (list.data ?? []).length === 0 ? (
        <Muted style={{ marginBottom: '1rem' }}>No {kind.title.toLowerCase()} yet.</Muted>
      ) : (
        <List aria-label={kind.title}>
          {(list.data ?? []).map((item) => (
            <li key={item.id}>
              <div style={{ marginRight: 'auto' }}>
                <div className="name">{item.name}</div>
                {item.description ? <div className="description">{item.description}</div> : null}
                <div className="usage">{questionsText(item.questionCount)}</div>
              </div>
              <Button
                $variant="ghost"
                aria-label={`Delete ${lower} ${item.name}`}
                onClick={() => (item.questionCount > 0 ? setConfirming(item) : void remove(item))}
                disabled={deleting === item.id}
              >
                Delete
              </Button>
            </li>
          ))}
        </List>
      )}
      <Dialog open={confirming !== null} onOpenChange={(open) => !open && setConfirming(null)}>
        {confirming ? (
          <DialogContent
            title={
              kind.inUse === 'confirm'
                ? `Delete ${lower} "${confirming.name}"?`
                : `${kind.noun} in use`
            }
          >
            {kind.inUse === 'confirm' ? (
              <Muted data-testid="delete-usage">
                {questionsText(confirming.questionCount)} carry this {lower}. Deleting it takes it
                off {confirming.questionCount === 1 ? 'that question' : 'those questions'}; their
                other {lower}s and their answers stay.
              </Muted>
            ) : (
              <Muted data-testid="delete-usage">
                "{confirming.name}" is used by{' '}
                {questionsText(confirming.questionCount).toLowerCase()} and cannot be deleted: the
                archive would lose their classification.
              </Muted>
            )}
            <DialogActions>
              <DialogClose asChild>
                <Button $variant="secondary">
                  {kind.inUse === 'confirm' ? 'Cancel' : 'Close'}
                </Button>
              </DialogClose>
              {kind.inUse === 'confirm' ? (
                <Button $variant="danger" onClick={() => void remove(confirming)}>
                  Delete {kind.noun}
                </Button>
              ) : null}
            </DialogActions>
          </DialogContent>
        ) : null}
      </Dialog>
      <AddTaxonomyForm kind={kind} onAdded={() => list.mutate()} />
    </Section>
  );
}
