import type { ArchiveSort } from '@uapqa/contracts';
import { Card, Label } from '@uapqa/ui';
import { Select } from '@uapqa/ui/controls';
import styled from 'styled-components';
import { resultsLabel, SORT_OPTIONS } from './archive-query';

/** A surface of its own, as every text of the page has: never text over the moving background. */
const Bar = styled(Card)`
  padding: 0.75rem 1rem;
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 0.75rem 1rem;
`;
const Count = styled.p`
  margin: 0;
  font-weight: 600;
  /* A long search stays on the card's width: it wraps instead of pushing the page sideways. */
  overflow-wrap: anywhere;
  min-width: 0;
`;
const SortField = styled.div`
  display: flex;
  align-items: center;
  gap: 0.5rem;
  label { margin: 0; white-space: nowrap; }
  /* The choice keeps a width its longest option fits in; on a phone the row takes the width. */
  > div, > button { min-width: 10.5rem; }
  @media (max-width: 480px) {
    flex: 1 1 100%;
    > button { flex: 1; }
  }
`;

/**
 * Above the results: how many there are (announced to screen readers as it changes, so a
 * search or a filter says what it found) and the order they are in.
 */
export function ArchiveResultsBar({
  total,
  exact,
  search,
  sort,
  onSortChange,
  counted,
}: {
  total: number;
  exact: boolean;
  search: string;
  sort: ArchiveSort;
  onSortChange: (sort: ArchiveSort) => void;
  /** False while the first page of a view is on its way: no count is said before it is known. */
  counted: boolean;
}) {
  return (
    <Bar>
      <Count role="status" aria-live="polite" data-testid="result-count">
        {counted ? resultsLabel(total, exact, search) : ''}
      </Count>
      <SortField>
        <Label htmlFor="browse-sort">Sort by</Label>
        <Select
          id="browse-sort"
          label="Sort by"
          value={sort}
          onValueChange={(value) => onSortChange(value as ArchiveSort)}
          options={SORT_OPTIONS}
        />
      </SortField>
    </Bar>
  );
}
