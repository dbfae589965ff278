import { formatPrice } from '../../lib/price.ts';
import { defaultFilters } from './filters.ts';

/** Uses its own feature's internals and a shared helper. */
export const ListingFeed = () => `${defaultFilters.sort} ${formatPrice(100)}`;
