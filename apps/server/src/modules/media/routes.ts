import { IMAGE_VARIANT_NAME_PATTERN, uploadResponseSchema } from '@marketplace/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { errorResponses } from '../../lib/route-schemas.ts';
import { LISTING_IMAGE_FOLDER, openImageUpload } from './pipeline.ts';
import * as media from './service.ts';

const bearer = [{ bearerAuth: [] }];
const ONE_YEAR_S = 365 * 24 * 60 * 60;

/**
 * Ad photos (ARCHITECTURE.md "media"): `POST /api/upload` and `GET /api/images/{name}`. The
 * module's plugin (`index.ts`) hands in the dependencies.
 */
const mediaRoutes: FastifyPluginAsyncZod<{ deps: media.MediaDeps }> = async (app, options) => {
  const { deps } = options;

  app.post(
    '/api/upload',
    {
      onRequest: [app.authenticate, app.requireVerified],
      schema: {
        tags: ['media'],
        summary:
          'Upload an ad photo (multipart field `file`; JPEG, PNG, WebP or AVIF up to 20 MB). Stores WebP sizes `<id>-card|detail|full.webp` without metadata and answers the detail URL',
        security: bearer,
        consumes: ['multipart/form-data'],
        response: { 201: uploadResponseSchema, ...errorResponses(401, 403, 413, 415, 422, 429) },
      },
    },
    async (request, reply) => {
      const file = await openImageUpload(request, 'listing');
      return reply.status(201).send(await media.storeUpload(deps, request.user.id, file));
    },
  );

  app.get(
    '/api/images/:name',
    {
      config: { access: 'public' },
      schema: {
        tags: ['media'],
        summary: 'An ad photo `<id>-card|detail|full.webp` (cached for a year: names never change content)',
        params: z.object({ name: z.string().max(100) }),
        response: { 200: z.any().describe('image/webp'), ...errorResponses(404, 422) },
      },
    },
    async (request, reply) => {
      const name = request.params.name;
      const file = IMAGE_VARIANT_NAME_PATTERN.test(name)
        ? await deps.storage.read(LISTING_IMAGE_FOLDER, name)
        : null;
      if (!file) throw new AppError('image_not_found');
      reply.header('Cache-Control', `public, max-age=${ONE_YEAR_S}, immutable`);
      return reply.type('image/webp').header('Content-Length', file.size).send(file.stream);
    },
  );
};

export default mediaRoutes;
