import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { filtersFromSearchParams, filtersToSearchParams, type ListingFilters } from './filters.ts';

/**
 * The filters of an ad list, read from and written to the page address, so a link shares them
 * and the back button restores them.
 */
export function useUrlFilters(): [ListingFilters, (filters: ListingFilters) => void] {
  const [params, setParams] = useSearchParams();
  const search = params.toString();
  const filters = useMemo(() => filtersFromSearchParams(new URLSearchParams(search)), [search]);
  const setFilters = useCallback(
    (next: ListingFilters) => setParams(filtersToSearchParams(next)),
    [setParams],
  );
  return [filters, setFilters];
}
