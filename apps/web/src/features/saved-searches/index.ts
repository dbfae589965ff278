/**
 * The door of saved searches with alerts ('Suchaufträge'): the 'Suche speichern' button of the
 * search and category pages and the 'Gespeicherte Suchen' section of /favorites.
 */

export type { PageFilters } from './api.ts';
export { SavedSearchesSection } from './SavedSearchesSection.tsx';
export { SAVE_SEARCH_ROOM, SaveSearchButton, WithSaveSearch } from './SaveSearchButton.tsx';
