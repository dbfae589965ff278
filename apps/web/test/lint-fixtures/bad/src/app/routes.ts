import { ListingFeed } from '../features/listings/ListingFeed.ts';

/** Breaks outside-door: app/ reaches past the listings door. */
export const routes = [{ path: '/', page: ListingFeed }];
