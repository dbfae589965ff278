import { guideListSchema, guideParamsSchema, guideSchema } from '@marketplace/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/errors.ts';
import { errorResponses } from '../../lib/route-schemas.ts';
import type { GuideCatalogue } from './catalogue.ts';

/** How long browsers and proxies may keep a guide answer (s): the guides change only with a release. */
const GUIDE_MAX_AGE_S = 300;

/** The guide's calls (SPEC.md §2 /ratgeber): the list and one guide, public, read from memory. */
const guideRoutes: FastifyPluginAsyncZod<{ guides: GuideCatalogue }> = async (app, { guides }) => {
  const tags = ['guides'];

  app.get(
    '/api/guides',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Every guide (Ratgeber) in its order: title, teaser, last update and reading time',
        response: { 200: guideListSchema },
      },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', `public, max-age=${GUIDE_MAX_AGE_S}`);
      return guides.list();
    },
  );

  app.get(
    '/api/guides/:slug',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary:
          'One guide: its content as sanitized HTML with heading ids, its table of contents and its neighbours',
        description:
          '`html` holds `<h2>`/`<h3>` with the `id`s of `toc`; `previous` and `next` are the guides before and after it in the list (null at either end). An unknown guide is a 404, an address that cannot be one a 422.',
        params: guideParamsSchema,
        response: { 200: guideSchema, ...errorResponses(404, 422) },
      },
    },
    async (request, reply) => {
      const guide = guides.find(request.params.slug);
      if (!guide) throw new AppError('guide_not_found');
      reply.header('Cache-Control', `public, max-age=${GUIDE_MAX_AGE_S}`);
      return guide;
    },
  );
};

export default guideRoutes;
