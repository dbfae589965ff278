/** The door of the local news (SPEC.md §2 /lokale-news): the list, each article, the writer's page. */

/** The news pages' first answers, for the server that renders them. */
export { newsListSearch, newsQueries } from './api.ts';
export { newsPages } from './pages.ts';
