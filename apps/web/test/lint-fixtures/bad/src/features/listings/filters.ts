import { sortOf } from './sort.ts';

/** Breaks no-cycle together with sort.ts. */
export const defaultFilters = { sort: 'newest' };
export const sortName = () => sortOf(defaultFilters);
