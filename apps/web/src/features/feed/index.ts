/**
 * The door of the ad lists (SPEC.md §2 "Home", §4 "Home feed"): the paged feed, the filter and
 * sort controls around it, the filters kept in the address, and the feed's query for prefetching.
 * Home, search, category and profile pages show their ads through these pieces.
 */
export { listingFeedQuery, listingQueryKey, listingsQueryKey, usePlaces } from './api.ts';
export { BrowseListings } from './BrowseListings.tsx';
export { FeedToolbar } from './FeedToolbar.tsx';
export {
  activeFilterCount,
  filtersFromSearchParams,
  type ListingFilters,
  nextRadiusKm,
  radiusChoice,
  withoutFilters,
} from './filters.ts';
export { ListingFeed } from './ListingFeed.tsx';
export { NoResults } from './NoResults.tsx';
export { PlaceAutocomplete } from './PlaceAutocomplete.tsx';
export { PlaceField } from './PlaceField.tsx';
export { PlacePicker } from './PlacePicker.tsx';
export { checkKeptPlace, placeLabel, resolvePlace } from './placeResolution.ts';
export { useUrlFilters } from './useUrlFilters.ts';
