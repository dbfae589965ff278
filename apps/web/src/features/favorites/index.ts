/**
 * The door of the favourites area (SPEC.md §4 "Favorites"): the heart on cards and ad pages,
 * the toggle behind it, the count for the bottom-nav badge and its refresh, and the favourites page.
 */
export { invalidateFavorites, useFavoriteCount } from './api.ts';
export { FavoriteButton } from './FavoriteButton.tsx';
export { favoritePages } from './pages.ts';
export { type FavoriteToggle, useFavoriteToggle } from './useFavoriteToggle.ts';
