import type { defaultFilters } from '../listings/filters.ts';

/** Breaks feature-door: another feature's internals, even for a type only. */
export const HomePage = (filters: typeof defaultFilters) => filters.sort;
