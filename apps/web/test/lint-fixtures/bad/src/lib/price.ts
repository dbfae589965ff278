import { ListingFeed } from '../features/listings/index.ts';

/** Breaks shared-not-up: a shared helper imports a feature. */
export const formatPrice = (cents: number): string => `${cents / 100} € ${typeof ListingFeed}`;
