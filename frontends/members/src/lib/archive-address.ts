import { useSearchParams } from '@uapqa/ui/router';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { type Filters, filtersFrom, paramsFrom } from './archive-query';

/**
 * /browse-qa's view as its address holds it (archive-query.ts), and the ways to change it: a
 * filter or the order at once, as a new history entry (Back undoes it); the search box as the
 * member types, 300 ms after the last key, each further pause replacing that entry rather than
 * adding one per word.
 */
export function useArchiveAddress() {
  const [params, setParams] = useSearchParams();
  const filterKey = paramsFrom(filtersFrom(params)).toString();
  const filters = useMemo(() => filtersFrom(new URLSearchParams(filterKey)), [filterKey]);
  const [searchText, setSearchText] = useState(filters.search);
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

  const changeFilters = useCallback(
    (patch: Partial<Filters>) => {
      typingEntry.current = false;
      applyFilters({ ...filters, ...patch });
    },
    [filters, applyFilters],
  );

  return { filters, searchText, setSearchText, changeFilters };
}
