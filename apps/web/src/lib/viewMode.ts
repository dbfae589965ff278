import { LISTING_SORTS, type ListingSort } from '@marketplace/contract';
import { useCallback } from 'react';
import { isOneOf } from './guards.ts';
import {
  FEED_SORT_STORAGE_KEY,
  readStored,
  useStored,
  VIEW_MODE_STORAGE_KEY,
  writeStored,
} from './storageKeys.ts';

/** View modes of ad grids (SPEC.md §9). */
export const VIEW_MODES = ['standard', 'compact'] as const;
export type ViewMode = (typeof VIEW_MODES)[number];

/** The view mode `stored`, `standard` when none or an unknown value is stored. */
function viewModeOf(stored: string | null): ViewMode {
  return stored === 'compact' ? 'compact' : 'standard';
}

/** The feed sort `stored`, `newest` when none or an unknown value is stored. */
function feedSortOf(stored: string | null): ListingSort {
  return isOneOf(LISTING_SORTS, stored) ? stored : 'newest';
}

/** The stored feed sort, `newest` when none or an unknown value is stored. */
export function readFeedSort(): ListingSort {
  return feedSortOf(readStored(FEED_SORT_STORAGE_KEY));
}

/**
 * The grid view mode, kept in localStorage (SPEC.md §4 "View mode and sort are persisted
 * locally"); `standard` while a server-rendered page is hydrated (`useStored`).
 */
export function useViewMode(): [ViewMode, (mode: ViewMode) => void] {
  const mode = viewModeOf(useStored(VIEW_MODE_STORAGE_KEY));
  const change = useCallback((next: ViewMode) => writeStored(VIEW_MODE_STORAGE_KEY, next), []);
  return [mode, change];
}

/** The home feed's sort, kept in localStorage (SPEC.md §4); `newest` while a page is hydrated. */
export function useFeedSort(): [ListingSort, (sort: ListingSort) => void] {
  const sort = feedSortOf(useStored(FEED_SORT_STORAGE_KEY));
  const change = useCallback((next: ListingSort) => writeStored(FEED_SORT_STORAGE_KEY, next), []);
  return [sort, change];
}
