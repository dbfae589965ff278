import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import categoryRoutes, { type ListingCounter } from './routes.ts';
import { type CategoryTree, loadCategoryTree, syncTaxonomy } from './service.ts';

export type { ListingCounter } from './routes.ts';
/**
 * The categories module's only door (ARCHITECTURE.md "modules", docs/decisions/0006-module-doors.md):
 * the category tree of SPEC.md §7 `GET /api/categories/all`. Other modules import from here.
 */
export type { CategoryTree, ResolvedCategory } from './service.ts';
/** The taxonomy of SPEC.md written to the database, and the tree read back (demo and bench data). */
export { loadCategoryTree, syncTaxonomy } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The category tree, read once on start (categories change only with a deploy). */
    categories: CategoryTree;
    /**
     * Hands the categories module the count of active ads per category for
     * `GET /api/categories/all`. The listings module calls it once while it registers (it owns
     * the ads and their count cache); until then every count is 0.
     */
    countListingsWith(counter: ListingCounter): void;
  }
}

/**
 * Registers the categories module: syncs the taxonomy of `taxonomy.ts` into the database,
 * decorates `app.categories` for the modules that declare a dependency on 'categories', and
 * answers `GET /api/categories/all`.
 */
async function categories(app: FastifyInstance) {
  await syncTaxonomy(app.database.db);
  const tree = await loadCategoryTree(app.database.db);
  let counter: ListingCounter = async () => new Map();
  app.decorate('categories', tree);
  app.decorate('countListingsWith', (next: ListingCounter) => {
    counter = next;
  });
  await app.register(categoryRoutes, { tree, counts: () => counter() });
}

export default fp(categories, { name: 'categories', dependencies: ['database'] });
