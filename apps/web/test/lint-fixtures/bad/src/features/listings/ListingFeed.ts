import { currentUser } from '../../app/session.ts';
import { defaultFilters } from './filters.ts';

/** Breaks features-not-app: a feature imports from app/. */
export const ListingFeed = () => `${defaultFilters.sort} ${String(currentUser)}`;
