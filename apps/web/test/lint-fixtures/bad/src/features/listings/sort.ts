import { defaultFilters } from './filters.ts';

/** Breaks no-cycle together with filters.ts. */
export const sortOf = (filters = defaultFilters) => filters.sort;
