import {
  type Expert,
  type TaxonomyItem,
  TOPIC_LIST_INITIAL,
  TOPIC_LIST_STEP,
} from '@uapqa/contracts';
import { Button, Card, Input, Label } from '@uapqa/ui';
import { Checkbox, Select } from '@uapqa/ui/controls';
import { useState, useSyncExternalStore } from 'react';
import styled from 'styled-components';
import { activeFilterCount, EMPTY_FILTERS, type Filters } from './archive-query';
import { expertProfile } from './experts';

const Sidebar = styled(Card)<{ $open: boolean }>`
  display: grid;
  gap: 1rem;
  /* On narrow screens the filters fold away behind the Filters button, so results come first. */
  @media (max-width: 900px) { display: ${({ $open }) => ($open ? 'grid' : 'none')}; }
`;
const TopicList = styled.div`
  max-height: 10rem;
  overflow-y: auto;
  /* Opaque, so the contrast of a row it half shows stays decidable. */
  background: ${({ theme }) => theme.colors.surface};
`;

/** Experts de-duplicated by first and last name (the Expert filter). */
export function uniqueExperts(experts: readonly Expert[]): Expert[] {
  const seen = new Set<string>();
  return experts.filter((expert) => {
    const key = `${expert.user.firstName ?? ''} ${expert.user.lastName ?? ''}`.trim().toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Below this width the filters fold away behind the Filters button. */
const NARROW = '(max-width: 900px)';
const narrowScreen = {
  subscribe(onChange: () => void) {
    const query = window.matchMedia?.(NARROW);
    query?.addEventListener('change', onChange);
    return () => query?.removeEventListener('change', onChange);
  },
  now: () => window.matchMedia?.(NARROW).matches ?? false,
};

/**
 * The archive's filters: search, category, expert and topics (useArchiveAddress keeps them in
 * the address). On a narrow screen they are folded away until `open`, and not drawn till then.
 */
export function ArchiveFilters({
  id,
  open,
  filters,
  changeFilters,
  searchText,
  setSearchText,
  categories,
  tags,
  experts,
}: {
  id: string;
  open: boolean;
  filters: Filters;
  changeFilters: (patch: Partial<Filters>) => void;
  searchText: string;
  setSearchText: (text: string) => void;
  categories: readonly TaxonomyItem[];
  tags: readonly TaxonomyItem[];
  experts: readonly Expert[];
}) {
  const [topicSearch, setTopicSearch] = useState('');
  const [topicLimit, setTopicLimit] = useState(TOPIC_LIST_INITIAL);
  const narrow = useSyncExternalStore(narrowScreen.subscribe, narrowScreen.now);
  const matchingTopics = tags.filter((tag) =>
    tag.name.toLowerCase().includes(topicSearch.trim().toLowerCase()),
  );
  const visibleTopics = matchingTopics.slice(0, topicLimit);

  function toggleTag(tagId: number, checked: boolean) {
    changeFilters({
      tagIds: checked ? [...filters.tagIds, tagId] : filters.tagIds.filter((t) => t !== tagId),
    });
  }

  return (
    <Sidebar as="aside" aria-label="Filters" id={id} $open={open}>
      {open || !narrow ? (
        <>
          <div>
            <Label htmlFor="browse-search">Search</Label>
            <Input
              id="browse-search"
              type="search"
              placeholder="Search investigations..."
              value={searchText}
              onChange={(event) => setSearchText(event.target.value)}
              onKeyDown={(event) => {
                // Enter commits the search at once, as its own history entry.
                if (event.key !== 'Enter') return;
                const search = searchText.trim();
                if (search !== filters.search) changeFilters({ search });
              }}
            />
          </div>
          <Button
            $variant="secondary"
            onClick={() => {
              setSearchText('');
              setTopicSearch('');
              setTopicLimit(TOPIC_LIST_INITIAL);
              // The order is not a filter: it stays as chosen.
              if (activeFilterCount(filters) > 0) {
                changeFilters({ ...EMPTY_FILTERS, sort: filters.sort });
              }
            }}
          >
            Clear All
          </Button>
          <div>
            <Label htmlFor="browse-category">Category</Label>
            <Select
              id="browse-category"
              label="Category"
              value={filters.categoryId}
              onValueChange={(categoryId) => changeFilters({ categoryId })}
              options={[
                { value: '', label: 'All Categories' },
                ...categories.map((c) => ({ value: String(c.id), label: c.name })),
              ]}
            />
          </div>
          <div>
            <Label htmlFor="browse-expert">Expert</Label>
            <Select
              id="browse-expert"
              label="Expert"
              value={filters.creatorId}
              onValueChange={(creatorId) => changeFilters({ creatorId })}
              options={[
                { value: '', label: 'All Experts' },
                ...experts.map((c) => ({ value: String(c.userId), label: expertProfile(c).name })),
              ]}
            />
          </div>
          <div>
            <Label htmlFor="topic-search">Topics</Label>
            <Input
              id="topic-search"
              placeholder="Search topics..."
              value={topicSearch}
              onChange={(event) => setTopicSearch(event.target.value)}
              style={{ marginBottom: '0.5rem' }}
            />
            <TopicList data-testid="topic-list">
              {visibleTopics.map((tag) => (
                <Checkbox
                  key={tag.id}
                  id={`topic-${tag.id}`}
                  label={tag.name}
                  checked={filters.tagIds.includes(tag.id)}
                  onCheckedChange={(checked) => toggleTag(tag.id, checked)}
                />
              ))}
            </TopicList>
            {matchingTopics.length > topicLimit ? (
              <Button $variant="ghost" onClick={() => setTopicLimit((n) => n + TOPIC_LIST_STEP)}>
                Show More
              </Button>
            ) : null}
          </div>
        </>
      ) : null}
    </Sidebar>
  );
}
