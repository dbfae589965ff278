import { ListingFeed } from '../listings/index.ts';

/** Uses another feature through its door. */
export const HomePage = () => ListingFeed();
