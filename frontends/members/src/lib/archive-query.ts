import { ARCHIVE_SORTS, type ArchiveSort, BROWSE_PAGE_SIZE, type Question } from '@uapqa/contracts';
import { apiRequest, formatCount } from '@uapqa/ui';

/** What /browse-qa shows: its filters and the order of its results. */
export interface Filters {
  search: string;
  categoryId: string;
  creatorId: string;
  tagIds: number[];
  sort: ArchiveSort;
}

export const EMPTY_FILTERS: Filters = {
  search: '',
  categoryId: '',
  creatorId: '',
  tagIds: [],
  sort: 'newest',
};

/** The sort choice's options, in the words of the page. */
export const SORT_OPTIONS: ReadonlyArray<{ value: ArchiveSort; label: string }> = [
  { value: 'newest', label: 'Newest first' },
  { value: 'oldest', label: 'Oldest first' },
  { value: 'rated', label: 'Best rated' },
];

const isSort = (value: string | null): value is ArchiveSort =>
  (ARCHIVE_SORTS as readonly (string | null)[]).includes(value);

/**
 * The filters and order live in the address (`?search=&category=&expert=&topics=1,2&sort=`): a
 * view can be shared or reloaded, and Back undoes the last change. An unknown sort reads as the
 * default, as a link from an older page would mean.
 */
export function filtersFrom(params: URLSearchParams): Filters {
  const tagIds = (params.get('topics') ?? '')
    .split(',')
    .map(Number)
    .filter((id) => Number.isInteger(id) && id > 0);
  const sort = params.get('sort');
  return {
    search: (params.get('search') ?? '').trim(),
    categoryId: params.get('category') ?? '',
    creatorId: params.get('expert') ?? '',
    tagIds: [...new Set(tagIds)],
    sort: isSort(sort) ? sort : 'newest',
  };
}

/** The address of a view; the default order is left out, so the plain page stays `/browse-qa`. */
export function paramsFrom(filters: Filters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.search) params.set('search', filters.search);
  if (filters.categoryId) params.set('category', filters.categoryId);
  if (filters.creatorId) params.set('expert', filters.creatorId);
  if (filters.tagIds.length) params.set('topics', filters.tagIds.join(','));
  if (filters.sort !== 'newest') params.set('sort', filters.sort);
  return params;
}

/** How many filters are on (the order is not one): the count on the small-screen Filters button. */
export function activeFilterCount(filters: Filters): number {
  return (
    (filters.search ? 1 : 0) +
    (filters.categoryId ? 1 : 0) +
    (filters.creatorId ? 1 : 0) +
    filters.tagIds.length
  );
}

/**
 * The API read of a view's page. The default order is left out, so the first page is the very
 * read the gateway preloads for `/browse-qa` (PAGE_READS).
 */
export function questionsUrl(filters: Filters, cursor?: string): string {
  const params = new URLSearchParams({ limit: String(BROWSE_PAGE_SIZE) });
  if (filters.search) params.set('search', filters.search);
  if (filters.categoryId) params.set('categoryId', filters.categoryId);
  if (filters.creatorId) params.set('creatorId', filters.creatorId);
  if (filters.tagIds.length) params.set('tagIds', filters.tagIds.join(','));
  if (filters.sort !== 'newest') params.set('sort', filters.sort);
  if (cursor) params.set('cursor', cursor);
  return `/api/questions?${params}`;
}

/** One page of the archive, with what its headers say about the rest. */
export interface ArchivePage {
  questions: Question[];
  total: number;
  /** False past the API's exact-count limit: `total` is then an estimate. */
  exact: boolean;
  nextCursor: string | null;
}

export async function fetchArchivePage(url: string): Promise<ArchivePage> {
  const response = await apiRequest('GET', url);
  const questions = (await response.json()) as Question[];
  return {
    questions,
    total: Number(response.headers.get('X-Total-Count') ?? questions.length),
    exact: response.headers.get('X-Total-Count-Exact') !== 'false',
    nextCursor: response.headers.get('X-Next-Cursor'),
  };
}

/** "24 answers", `3 results for "roswell"`; "About 1,200 answers" when the count is estimated. */
export function resultsLabel(total: number, exact: boolean, search: string): string {
  const count = `${exact ? '' : 'About '}${formatCount(total)}`;
  const one = exact && total === 1;
  if (!search) return `${count} ${one ? 'answer' : 'answers'}`;
  return `${count} ${one ? 'result' : 'results'} for “${search}”`;
}
