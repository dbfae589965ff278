export { ListingFeed } from './ListingFeed.ts';
