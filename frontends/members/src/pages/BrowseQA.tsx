// First: zod must be told before any schema is built (see the module).
import '../lib/page-start';
import type { Expert, Question, TaxonomyItem } from '@uapqa/contracts';
import {
  Badge,
  Button,
  Card,
  Columns,
  formatUsDate,
  Muted,
  PageHeading,
  Placeholders,
  toast,
  useSession,
} from '@uapqa/ui';
import { Link } from '@uapqa/ui/router';
import { memo, useDeferredValue, useEffect, useId, useMemo, useState } from 'react';
import styled from 'styled-components';
import useSWR from 'swr';
import useSWRInfinite from 'swr/infinite';
import { useArchiveAddress } from '../lib/archive-address';
import { ArchiveFilters, uniqueExperts } from '../lib/archive-filters';
import {
  type ArchivePage,
  activeFilterCount,
  fetchArchivePage,
  questionsUrl,
} from '../lib/archive-query';
import { ArchiveResultsBar } from '../lib/archive-results-bar';
import { Avatar, ExpertNameLink, expertProfile } from '../lib/experts';
import { FullAnswerCall } from '../lib/full-answer';
import { DetailsMatch, Highlighted } from '../lib/highlighted';

const FiltersToggle = styled(Button)`
  display: none;
  @media (max-width: 900px) { display: inline-flex; justify-self: start; }
`;
const TitleLink = styled(Link)`
  color: inherit;
  text-decoration: none;
  &:hover, &:focus-visible { color: ${({ theme }) => theme.colors.primary}; text-decoration: underline; }
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

/**
 * The archive's cards. Memoized: while a new page of answers is drawn in the background, the
 * page around it re-renders without drawing the cards it already shows again.
 */
const QuestionCards = memo(function QuestionCards({
  questions,
  experts,
  signedIn,
}: {
  questions: readonly Question[];
  experts: readonly Expert[];
  signedIn: boolean;
}) {
  const expertsByUser = useMemo(() => new Map(experts.map((c) => [c.userId, c])), [experts]);
  return (
    <>
      {questions.map((question) => {
        const expert = question.creator ?? null;
        const known = expert ? expertsByUser.get(expert.userId) : undefined;
        const profile = expertProfile(known ?? expert);
        return (
          <QuestionCard key={question.id} as="article" data-testid="question-card">
            <Row>
              <Avatar {...profile} />
              <div style={{ marginRight: 'auto' }}>
                <strong>
                  <ExpertNameLink handle={known?.handle}>{profile.name}</ExpertNameLink>
                </strong>
                <Muted style={{ fontSize: '0.85rem' }}>
                  {expert ? profile.title : 'Expert Investigator'}
                </Muted>
              </div>
              <Badge $tone={categoryTone(question.category.name)} data-testid="category-badge">
                {question.category.name.toUpperCase()}
              </Badge>
            </Row>
            <h2>
              <TitleLink to={`/questions/${question.id}`}>
                <Highlighted text={question.title} segments={question.highlights?.title} />
              </TitleLink>
            </h2>
            {/* Where a search matched the question's details, which the card does not print. */}
            {question.highlights?.content ? (
              <DetailsMatch segments={question.highlights.content} />
            ) : null}
            {question.answer ? (
              <>
                {/* Cut by the server to what this reader may read, and marked when cut; the
                    search's marks are computed over that same text. */}
                <Answer data-testid="answer">
                  <Highlighted
                    text={question.answer.content}
                    segments={question.highlights?.answer}
                  />
                </Answer>
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
  const { filters, searchText, setSearchText, changeFilters } = useArchiveAddress();
  const [filtersOpen, setFiltersOpen] = useState(false);
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
  const expertList = useSWR<Expert[]>('/api/creators');
  const categories = categoryList.data ?? [];
  const tags = tagList.data ?? [];
  const listedExperts = expertList.data ?? [];

  // The cards render from a deferred copy: React draws them in slices that leave the main
  // thread free for taps, instead of one long task when a page of answers arrives.
  const pages = useDeferredValue(archive.data);
  const questions = useMemo(() => pages?.flatMap((page) => page.questions) ?? [], [pages]);
  const lastPage = pages?.at(-1);
  const total = lastPage?.total ?? 0;
  const exact = lastPage?.exact ?? true;
  const lists = [categoryList, tagList, expertList];
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

  const experts = useMemo(() => uniqueExperts(listedExperts), [listedExperts]);
  const hasMore = Boolean(lastPage?.nextCursor) && questions.length < total;
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
        <ArchiveFilters
          id={filtersId}
          open={filtersOpen}
          filters={filters}
          changeFilters={changeFilters}
          searchText={searchText}
          setSearchText={setSearchText}
          categories={categories}
          tags={tags}
          experts={experts}
        />

        <section aria-label="Questions" style={{ display: 'grid', gap: '1rem' }}>
          {failed ? null : (
            <ArchiveResultsBar
              total={total}
              exact={exact}
              search={filters.search}
              sort={filters.sort}
              onSortChange={(sort) => changeFilters({ sort })}
              counted={!loading}
            />
          )}
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
              <QuestionCards
                questions={questions}
                experts={listedExperts}
                signedIn={Boolean(user)}
              />
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
