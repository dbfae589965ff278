/**
 * The door of saved searches with alerts ('Suchaufträge'): the 'Suche speichern' button of the
 * search and category pages, the 'Gespeicherte Suchen' section of /favorites, and the list's
 * query (the dashboard counts it).
 */

export { type PageFilters, useSavedSearches } from './api.ts';
export { SavedSearchesSection } from './SavedSearchesSection.tsx';
export { SAVE_SEARCH_ROOM, SaveSearchButton, WithSaveSearch } from './SaveSearchButton.tsx';
