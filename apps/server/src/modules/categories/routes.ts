import { categoriesResponseSchema } from '@marketplace/contract';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { activeListingsByCategory } from '../listings/stats.ts';
import { type CategoryTree, loadCategoryTree, syncTaxonomy } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The category tree, read once on start (categories change only with a deploy). */
    categories: CategoryTree;
  }
}

/**
 * Category module: syncs the taxonomy on start and answers `GET /api/categories/all`
 * (SPEC.md §7) with `{ categories }`, each with subcategories, attributes and the number of
 * active ads (counted by the listings module, cached for a minute).
 */
const categoryRoutes: FastifyPluginAsyncZod = async (app) => {
  await syncTaxonomy(app.database.db);
  app.decorate('categories', await loadCategoryTree(app.database.db));

  app.get(
    '/api/categories/all',
    {
      schema: {
        tags: ['categories'],
        summary: 'All categories with their subcategories and attributes',
        response: { 200: categoriesResponseSchema },
      },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'public, max-age=60');
      return { categories: app.categories.withCounts(await activeListingsByCategory(app.database.db)) };
    },
  );
};

export default fp(categoryRoutes, { name: 'categories', dependencies: ['database'] });
