import { LISTING_SORTS, type ListingSort } from '@marketplace/contract';
import { useCallback, useState } from 'react';
import { isOneOf } from './guards.ts';
import { FEED_SORT_STORAGE_KEY, readStored, VIEW_MODE_STORAGE_KEY, writeStored } from './storageKeys.ts';

/** View modes of ad grids (SPEC.md §9). */
export const VIEW_MODES = ['standard', 'compact'] as const;
export type ViewMode = (typeof VIEW_MODES)[number];

/** The stored view mode, `standard` when none or an unknown value is stored. */
export function readViewMode(): ViewMode {
  const stored = readStored(VIEW_MODE_STORAGE_KEY);
  return stored === 'compact' ? 'compact' : 'standard';
}

/** The stored feed sort, `newest` when none or an unknown value is stored. */
export function readFeedSort(): ListingSort {
  const stored = readStored(FEED_SORT_STORAGE_KEY);
  return isOneOf(LISTING_SORTS, stored) ? stored : 'newest';
}

/** The grid view mode, kept in localStorage (SPEC.md §4 "View mode and sort are persisted locally"). */
export function useViewMode(): [ViewMode, (mode: ViewMode) => void] {
  const [mode, setMode] = useState(readViewMode);
  const change = useCallback((next: ViewMode) => {
    setMode(next);
    writeStored(VIEW_MODE_STORAGE_KEY, next);
  }, []);
  return [mode, change];
}

/** The home feed's sort, kept in localStorage (SPEC.md §4). */
export function useFeedSort(): [ListingSort, (sort: ListingSort) => void] {
  const [sort, setSort] = useState(readFeedSort);
  const change = useCallback((next: ListingSort) => {
    setSort(next);
    writeStored(FEED_SORT_STORAGE_KEY, next);
  }, []);
  return [sort, change];
}
