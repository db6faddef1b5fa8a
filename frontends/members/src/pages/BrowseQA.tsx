import {
  ANONYMOUS_PREVIEW_CHARS,
  BROWSE_PAGE_SIZE,
  type Creator,
  type Question,
  type TaxonomyItem,
  TOPIC_LIST_INITIAL,
  TOPIC_LIST_STEP,
} from '@uapqa/contracts';
import {
  Badge,
  Button,
  Card,
  formatUsDate,
  Input,
  Label,
  Muted,
  PageTitle,
  Placeholders,
  useSession,
} from '@uapqa/ui';
import { Checkbox, Select } from '@uapqa/ui/controls';
import { Link } from '@uapqa/ui/router';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import styled from 'styled-components';
import { Avatar, expertProfile } from '../lib/experts';
import '../lib/shared';

const Page = styled.div`
  display: grid;
  gap: 1.5rem;
  grid-template-columns: 280px 1fr;
  align-items: start;
  @media (max-width: 900px) { grid-template-columns: 1fr; }
`;
const Sidebar = styled(Card)`
  display: grid;
  gap: 1rem;
`;
const TopicList = styled.div`
  max-height: 10rem;
  overflow-y: auto;
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

/** What an anonymous visitor may read: the first 100 characters and '...'. */
export function excerpt(content: string): string {
  if (content.endsWith('...') && content.length <= ANONYMOUS_PREVIEW_CHARS + 3) return content;
  return `${content.slice(0, ANONYMOUS_PREVIEW_CHARS)}...`;
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

export default function BrowseQA() {
  const user = useSession((state) => state.user);
  const [filters, setFilters] = useState<Filters>(EMPTY);
  const [searchText, setSearchText] = useState('');
  const [topicSearch, setTopicSearch] = useState('');
  const [topicLimit, setTopicLimit] = useState(TOPIC_LIST_INITIAL);
  const [categories, setCategories] = useState<TaxonomyItem[]>([]);
  const [tags, setTags] = useState<TaxonomyItem[]>([]);
  const [creators, setCreators] = useState<Creator[]>([]);
  const [questions, setQuestions] = useState<Question[]>([]);
  const [total, setTotal] = useState(0);
  const [cursor, setCursor] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [loadingMore, setLoadingMore] = useState(false);
  const taxonomyLoaded = useRef(false);

  // Debounce the search box into the filters.
  useEffect(() => {
    const timer = setTimeout(
      () =>
        setFilters((f) =>
          f.search === searchText.trim() ? f : { ...f, search: searchText.trim() },
        ),
      300,
    );
    return () => clearTimeout(timer);
  }, [searchText]);

  const applyPage = useCallback(async (response: Response, append: boolean) => {
    const page = (await response.json()) as Question[];
    setQuestions((current) => (append ? [...current, ...page] : page));
    setTotal(Number(response.headers.get('X-Total-Count') ?? page.length));
    setCursor(response.headers.get('X-Next-Cursor'));
  }, []);

  // Page 1: with the taxonomy and creators the first time (the four calls run together).
  useEffect(() => {
    let cancelled = false;
    setLoading(true);
    const requests = [fetch(questionsUrl(filters), { credentials: 'include' })];
    if (!taxonomyLoaded.current) {
      for (const path of ['/api/categories', '/api/tags', '/api/creators']) {
        requests.push(fetch(path, { credentials: 'include' }));
      }
    }
    Promise.all(requests)
      .then(async ([questionsResponse, categoriesResponse, tagsResponse, creatorsResponse]) => {
        if (cancelled) return;
        const responses = [
          questionsResponse,
          categoriesResponse,
          tagsResponse,
          creatorsResponse,
        ].filter(Boolean) as Response[];
        if (responses.some((response) => !response.ok)) {
          console.error('One or more API requests failed');
          return;
        }
        if (categoriesResponse && tagsResponse && creatorsResponse) {
          setCategories(await categoriesResponse.json());
          setTags(await tagsResponse.json());
          setCreators(await creatorsResponse.json());
          taxonomyLoaded.current = true;
        }
        await applyPage(questionsResponse!, false);
      })
      .catch(() => console.error('One or more API requests failed'))
      .finally(() => {
        if (!cancelled) setLoading(false);
      });
    return () => {
      cancelled = true;
    };
  }, [filters, applyPage]);

  async function loadMore() {
    if (!cursor) return;
    setLoadingMore(true);
    try {
      const response = await fetch(questionsUrl(filters, cursor), { credentials: 'include' });
      if (!response.ok) throw new Error(`${response.status}: ${response.statusText}`);
      await applyPage(response, true);
    } catch (error) {
      console.error(error);
    } finally {
      setLoadingMore(false);
    }
  }

  const experts = useMemo(() => uniqueExperts(creators), [creators]);
  const creatorsByUser = useMemo(() => new Map(creators.map((c) => [c.userId, c])), [creators]);
  const matchingTopics = tags.filter((tag) =>
    tag.name.toLowerCase().includes(topicSearch.trim().toLowerCase()),
  );
  const visibleTopics = matchingTopics.slice(0, topicLimit);
  const hasMore = Boolean(cursor) && questions.length < total;

  function toggleTag(id: number, checked: boolean) {
    setFilters((f) => ({
      ...f,
      tagIds: checked ? [...f.tagIds, id] : f.tagIds.filter((t) => t !== id),
    }));
  }

  return (
    <>
      <PageTitle>Browse Q&amp;A</PageTitle>
      <Muted style={{ marginBottom: '1.5rem' }}>
        Answers from verified experts to members' questions.
      </Muted>
      <Page>
        <Sidebar as="aside" aria-label="Filters">
          <div>
            <Label htmlFor="browse-search">Search</Label>
            <Input
              id="browse-search"
              type="search"
              placeholder="Search investigations..."
              value={searchText}
              onChange={(event) => setSearchText(event.target.value)}
            />
          </div>
          <Button
            $variant="secondary"
            onClick={() => {
              setSearchText('');
              setTopicSearch('');
              setTopicLimit(TOPIC_LIST_INITIAL);
              setFilters(EMPTY);
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
              onValueChange={(categoryId) => setFilters((f) => ({ ...f, categoryId }))}
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
              onValueChange={(creatorId) => setFilters((f) => ({ ...f, creatorId }))}
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
        </Sidebar>

        <section aria-label="Questions" style={{ display: 'grid', gap: '1rem' }}>
          {loading ? (
            <Placeholders count={5} height="9rem" />
          ) : questions.length === 0 ? (
            <Card style={{ textAlign: 'center' }}>
              <h2>No questions found</h2>
              <Muted>Try adjusting your filters or search terms to find more results.</Muted>
            </Card>
          ) : (
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
                      <Badge
                        $tone={categoryTone(question.category.name)}
                        data-testid="category-badge"
                      >
                        {question.category.name.toUpperCase()}
                      </Badge>
                    </Row>
                    <h2>{question.title}</h2>
                    {question.answer ? (
                      user ? (
                        <>
                          <Answer data-testid="answer">{question.answer.content}</Answer>
                          <Muted style={{ color: '#22c55e' }}>Full Answer Available</Muted>
                        </>
                      ) : (
                        <>
                          <Answer data-testid="answer">{excerpt(question.answer.content)}</Answer>
                          <Link to="/auth">Sign Up to Read Full Answer</Link>
                        </>
                      )
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
                <Muted style={{ textAlign: 'center' }} data-testid="end-of-list">
                  You've seen all {Math.max(total, questions.length)} investigations that match your
                  current filters.
                </Muted>
              )}
            </>
          )}
        </section>
      </Page>
    </>
  );
}
