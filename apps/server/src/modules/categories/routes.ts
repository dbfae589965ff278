import { categoriesResponseSchema } from '@marketplace/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { CategoryTree } from './service.ts';

/** Active ads per category id, as the module that owns the ads counts them. */
export type ListingCounter = () => Promise<Map<number, number>>;

/**
 * `GET /api/categories/all` (SPEC.md §7): `{ categories }`, each with subcategories,
 * attributes and the number of active ads from `counts()`.
 */
const categoryRoutes: FastifyPluginAsyncZod<{ tree: CategoryTree; counts: ListingCounter }> = async (
  app,
  options,
) => {
  app.get(
    '/api/categories/all',
    {
      config: { access: 'public' },
      schema: {
        tags: ['categories'],
        summary: 'All categories with their subcategories and attributes',
        response: { 200: categoriesResponseSchema },
      },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'public, max-age=60');
      return { categories: options.tree.withCounts(await options.counts()) };
    },
  );
};

export default categoryRoutes;
