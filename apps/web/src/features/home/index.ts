/**
 * The door of the home page (SPEC.md §2 "Home"): the page itself, and what the app needs to
 * start loading its data before the first render (the served answers, the stored feed settings).
 */
export {
  readServedHomeData,
  SERVED_HOME_DATA_ID,
  SERVED_HOME_FEED_FILTERS,
  storedHomeFeedFilters,
} from './homeFeed.ts';
export { homePages } from './pages.ts';
