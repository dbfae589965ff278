/** Internal to the listings feature. */
export const defaultFilters = { sort: 'newest' };
