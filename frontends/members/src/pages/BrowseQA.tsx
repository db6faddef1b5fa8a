// First: zod must be told before any schema is built (see the module).
import '../lib/page-start';
import {
  BROWSE_PAGE_SIZE,
  type Creator,
  type Question,
  type TaxonomyItem,
  TOPIC_LIST_INITIAL,
  TOPIC_LIST_STEP,
} from '@uapqa/contracts';
import {
  apiRequest,
  Badge,
  Button,
  Card,
  Columns,
  formatUsDate,
  Input,
  Label,
  Muted,
  PageHeading,
  Placeholders,
  toast,
  useSession,
} from '@uapqa/ui';
import { Checkbox, Select } from '@uapqa/ui/controls';
import { Link, useSearchParams } from '@uapqa/ui/router';
import {
  memo,
  useCallback,
  useDeferredValue,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import styled from 'styled-components';
import useSWR from 'swr';
import useSWRInfinite from 'swr/infinite';
import { Avatar, expertProfile } from '../lib/experts';
import { FullAnswerCall } from '../lib/full-answer';

const Sidebar = styled(Card)<{ $open: boolean }>`
  display: grid;
  gap: 1rem;
  /* On narrow screens the filters fold away behind the Filters button, so results come first. */
  @media (max-width: 900px) { display: ${({ $open }) => ($open ? 'grid' : 'none')}; }
`;
const FiltersToggle = styled(Button)`
  display: none;
  @media (max-width: 900px) { display: inline-flex; justify-self: start; }
`;
const TitleLink = styled(Link)`
  color: inherit;
  text-decoration: none;
  &:hover, &:focus-visible { color: ${({ theme }) => theme.colors.primary}; text-decoration: underline; }
`;
const TopicList = styled.div`
  max-height: 10rem;
  overflow-y: auto;
  /* Opaque, so the contrast of a row it half shows stays decidable. */
  background: ${({ theme }) => theme.colors.surface};
`;
const EndOfList = styled(Muted)`
  text-align: center;
  padding: 0.75rem 1rem;
  background: ${({ theme }) => theme.colors.surface};
  border-radius: ${({ theme }) => theme.radius.md};
`;
const QuestionCard = styled(Card)`
  display: grid;
  gap: 0.75rem;
  h2 { font-size: 1.15rem; margin: 0; }
`;
const Row = styled.div`
  display: flex;
  align-items: center;
  gap: 0.75rem;
  flex-wrap: wrap;
`;
const Answer = styled.p`
  margin: 0;
  white-space: pre-line;
`;

/** Category badge colour: 'Physical' is yellow, every other category teal. */
export function categoryTone(name: string): 'yellow' | 'teal' {
  return name === 'Physical' ? 'yellow' : 'teal';
}

/** Creators de-duplicated by first and last name (the Expert filter). */
export function uniqueExperts(creators: readonly Creator[]): Creator[] {
  const seen = new Set<string>();
  return creators.filter((creator) => {
    const key = `${creator.user.firstName ?? ''} ${creator.user.lastName ?? ''}`
      .trim()
      .toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

interface Filters {
  search: string;
  categoryId: string;
  creatorId: string;
  tagIds: number[];
}

/**
 * The filters live in the address (`?search=&category=&expert=&topics=1,2`): a filtered view can
 * be shared or reloaded, and Back undoes the last filter change.
 */
export function filtersFrom(params: URLSearchParams): Filters {
  const tagIds = (params.get('topics') ?? '')
    .split(',')
    .map(Number)
    .filter((id) => Number.isInteger(id) && id > 0);
  return {
    search: (params.get('search') ?? '').trim(),
    categoryId: params.get('category') ?? '',
    creatorId: params.get('expert') ?? '',
    tagIds: [...new Set(tagIds)],
  };
}

function paramsFrom(filters: Filters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.search) params.set('search', filters.search);
  if (filters.categoryId) params.set('category', filters.categoryId);
  if (filters.creatorId) params.set('expert', filters.creatorId);
  if (filters.tagIds.length) params.set('topics', filters.tagIds.join(','));
  return params;
}

/** How many filters are on: the count on the small-screen Filters button. */
function activeFilterCount(filters: Filters): number {
  return (
    (filters.search ? 1 : 0) +
    (filters.categoryId ? 1 : 0) +
    (filters.creatorId ? 1 : 0) +
    filters.tagIds.length
  );
}

function questionsUrl(filters: Filters, cursor?: string): string {
  const params = new URLSearchParams({ limit: String(BROWSE_PAGE_SIZE) });
  if (filters.search) params.set('search', filters.search);
  if (filters.categoryId) params.set('categoryId', filters.categoryId);
  if (filters.creatorId) params.set('creatorId', filters.creatorId);
  if (filters.tagIds.length) params.set('tagIds', filters.tagIds.join(','));
  if (cursor) params.set('cursor', cursor);
  return `/api/questions?${params}`;
}

const EMPTY: Filters = { search: '', categoryId: '', creatorId: '', tagIds: [] };

/** One page of the archive, with what its headers say about the rest. */
interface ArchivePage {
  questions: Question[];
  total: number;
  nextCursor: string | null;
}

async function fetchArchivePage(url: string): Promise<ArchivePage> {
  const response = await apiRequest('GET', url);
  const questions = (await response.json()) as Question[];
  return {
    questions,
    total: Number(response.headers.get('X-Total-Count') ?? questions.length),
    nextCursor: response.headers.get('X-Next-Cursor'),
  };
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
 * The archive's cards. Memoized: while a new page of answers is drawn in the background, the
 * page around it re-renders without drawing the cards it already shows again.
 */
const QuestionCards = memo(function QuestionCards({
  questions,
  creators,
  signedIn,
}: {
  questions: readonly Question[];
  creators: readonly Creator[];
  signedIn: boolean;
}) {
  const creatorsByUser = useMemo(() => new Map(creators.map((c) => [c.userId, c])), [creators]);
  return (
    <>
      {questions.map((question) => {
        const creator = question.creator ?? null;
        const known = creator ? creatorsByUser.get(creator.userId) : undefined;
        const profile = expertProfile(known ?? creator);
        return (
          <QuestionCard key={question.id} as="article" data-testid="question-card">
            <Row>
              <Avatar {...profile} />
              <div style={{ marginRight: 'auto' }}>
                <strong>{profile.name}</strong>
                <Muted style={{ fontSize: '0.85rem' }}>
                  {creator ? profile.title : 'Expert Investigator'}
                </Muted>
              </div>
              <Badge $tone={categoryTone(question.category.name)} data-testid="category-badge">
                {question.category.name.toUpperCase()}
              </Badge>
            </Row>
            <h2>
              <TitleLink to={`/questions/${question.id}`}>{question.title}</TitleLink>
            </h2>
            {question.answer ? (
              <>
                {/* Cut by the server to what this reader may read, and marked when cut. */}
                <Answer data-testid="answer">{question.answer.content}</Answer>
                {question.answer.truncated ? (
                  <FullAnswerCall signedIn={signedIn} />
                ) : signedIn ? (
                  <Muted style={{ color: '#22c55e' }}>Full Answer Available</Muted>
                ) : null}
              </>
            ) : null}
            <Row>
              {question.tags.map((tag) => (
                <Badge key={tag.id} $tone="accent">
                  {tag.name}
                </Badge>
              ))}
              <Muted style={{ marginLeft: 'auto', fontSize: '0.85rem' }}>
                {question.answer
                  ? `Answered ${formatUsDate(question.answer.createdAt)}`
                  : `Asked ${formatUsDate(question.createdAt)}`}
              </Muted>
            </Row>
          </QuestionCard>
        );
      })}
    </>
  );
});

export default function BrowseQA() {
  const user = useSession((state) => state.user);
  const filtersId = useId();
  const [params, setParams] = useSearchParams();
  const filterKey = paramsFrom(filtersFrom(params)).toString();
  const filters = useMemo(() => filtersFrom(new URLSearchParams(filterKey)), [filterKey]);
  const [searchText, setSearchText] = useState(filters.search);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [topicSearch, setTopicSearch] = useState('');
  const [topicLimit, setTopicLimit] = useState(TOPIC_LIST_INITIAL);
  const narrow = useSyncExternalStore(narrowScreen.subscribe, narrowScreen.now);
  // True while the last address change came from typing in the search box: further keystrokes
  // replace that history entry instead of adding one per pause.
  const typingEntry = useRef(false);

  const applyFilters = useCallback(
    (next: Filters, options: { replace?: boolean } = {}) => {
      setParams(paramsFrom(next), { replace: options.replace ?? false });
    },
    [setParams],
  );

  // Back and Forward change the address: the search box follows it.
  const searchTextNow = useRef(searchText);
  searchTextNow.current = searchText;
  useEffect(() => {
    if (searchTextNow.current.trim() === filters.search) return;
    typingEntry.current = false;
    setSearchText(filters.search);
  }, [filters.search]);

  // Debounce the search box into the address.
  useEffect(() => {
    const search = searchText.trim();
    if (search === filters.search) return;
    const timer = setTimeout(() => {
      applyFilters({ ...filters, search }, { replace: typingEntry.current });
      typingEntry.current = true;
    }, 300);
    return () => clearTimeout(timer);
  }, [searchText, filters, applyFilters]);

  function changeFilters(patch: Partial<Filters>) {
    typingEntry.current = false;
    applyFilters({ ...filters, ...patch });
  }

  // Each page asks for the next from the cursor the previous one ended at; the archive is read
  // afresh on every visit, the taxonomy and the experts once per page load. Keyed by the viewer
  // and their subscription too: both change which answers the server sends whole.
  const viewer = `${user?.id ?? 0}:${user?.subscriptionStatus ?? ''}`;
  const archive = useSWRInfinite<ArchivePage>(
    (index, previous: ArchivePage | null) => {
      if (index === 0) return [questionsUrl(filters), viewer];
      return previous?.nextCursor ? [questionsUrl(filters, previous.nextCursor), viewer] : null;
    },
    ([url]: [string, string]) => fetchArchivePage(url),
    { revalidateOnMount: true, revalidateFirstPage: false },
  );
  const categoryList = useSWR<TaxonomyItem[]>('/api/categories');
  const tagList = useSWR<TaxonomyItem[]>('/api/tags');
  const creatorList = useSWR<Creator[]>('/api/creators');
  const categories = categoryList.data ?? [];
  const tags = tagList.data ?? [];
  const creators = creatorList.data ?? [];

  // The cards render from a deferred copy: React draws them in slices that leave the main
  // thread free for taps, instead of one long task when a page of answers arrives.
  const pages = useDeferredValue(archive.data);
  const questions = useMemo(() => pages?.flatMap((page) => page.questions) ?? [], [pages]);
  const lastPage = pages?.at(-1);
  const total = lastPage?.total ?? 0;
  const lists = [categoryList, tagList, creatorList];
  const failed =
    (!archive.data && Boolean(archive.error)) || lists.some((list) => Boolean(list.error));
  const loading = !failed && (!pages || lists.some((list) => !list.data));
  const loadingMore = archive.size > (archive.data?.length ?? 0);

  // A later page that failed: the list stays as it was, and the member can try again.
  const loadedPages = archive.data?.length ?? 0;
  const { error: archiveError, size, setSize } = archive;
  useEffect(() => {
    if (!archiveError || loadedPages === 0 || size <= loadedPages) return;
    console.error(archiveError);
    toast({
      title: 'Could not load more',
      description: 'The next questions could not be loaded. Please try again.',
      variant: 'destructive',
    });
    void setSize(loadedPages);
  }, [archiveError, loadedPages, size, setSize]);

  function retry() {
    void archive.mutate();
    for (const list of lists) if (list.error) void list.mutate();
  }

  function loadMore() {
    if (lastPage?.nextCursor) void setSize(loadedPages + 1);
  }

  const experts = useMemo(() => uniqueExperts(creators), [creators]);
  const matchingTopics = tags.filter((tag) =>
    tag.name.toLowerCase().includes(topicSearch.trim().toLowerCase()),
  );
  const visibleTopics = matchingTopics.slice(0, topicLimit);
  const hasMore = Boolean(lastPage?.nextCursor) && questions.length < total;

  function toggleTag(id: number, checked: boolean) {
    changeFilters({
      tagIds: checked ? [...filters.tagIds, id] : filters.tagIds.filter((t) => t !== id),
    });
  }
  const activeCount = activeFilterCount(filters);

  return (
    <>
      <PageHeading title="Browse Q&A">
        Answers from verified experts to members' questions.
      </PageHeading>
      <Columns $columns="280px 1fr">
        <FiltersToggle
          $variant="secondary"
          aria-expanded={filtersOpen}
          aria-controls={filtersId}
          onClick={() => setFiltersOpen((open) => !open)}
        >
          {filtersOpen ? 'Hide Filters' : 'Filters'}
          {activeCount > 0 ? ` (${activeCount})` : ''}
        </FiltersToggle>
        <Sidebar as="aside" aria-label="Filters" id={filtersId} $open={filtersOpen}>
          {/* Folded away on a narrow screen, the filters are not drawn until they are opened. */}
          {filtersOpen || !narrow ? (
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
                  if (activeCount > 0) changeFilters(EMPTY);
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
                    ...experts.map((c) => ({
                      value: String(c.userId),
                      label: expertProfile(c).name,
                    })),
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
                  <Button
                    $variant="ghost"
                    onClick={() => setTopicLimit((n) => n + TOPIC_LIST_STEP)}
                  >
                    Show More
                  </Button>
                ) : null}
              </div>
            </>
          ) : null}
        </Sidebar>

        <section aria-label="Questions" style={{ display: 'grid', gap: '1rem' }}>
          {loading ? (
            <Placeholders count={5} height="9rem" />
          ) : failed ? (
            <Card role="alert" style={{ textAlign: 'center' }} data-testid="archive-error">
              <h2>The questions could not be loaded</h2>
              <Muted style={{ marginBottom: '1rem' }}>
                Something went wrong on our side or with the connection. Your filters are kept.
              </Muted>
              <Button onClick={retry}>Retry</Button>
            </Card>
          ) : questions.length === 0 ? (
            <Card style={{ textAlign: 'center' }}>
              <h2>No questions found</h2>
              <Muted>Try adjusting your filters or search terms to find more results.</Muted>
            </Card>
          ) : (
            <>
              <QuestionCards questions={questions} creators={creators} signedIn={Boolean(user)} />
              {hasMore ? (
                <Button
                  $variant="secondary"
                  onClick={loadMore}
                  disabled={loadingMore}
                  style={{ justifySelf: 'center' }}
                >
                  {loadingMore ? 'Loading...' : 'Load More Investigations'}
                </Button>
              ) : (
                <EndOfList data-testid="end-of-list">
                  You've seen all {Math.max(total, questions.length)} investigations that match your
                  current filters.
                </EndOfList>
              )}
            </>
          )}
        </section>
      </Columns>
    </>
  );
}
