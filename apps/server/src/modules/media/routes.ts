import path from 'node:path';
import { IMAGE_VARIANT_NAME_PATTERN, UPLOAD_MAX_BYTES, uploadResponseSchema } from '@marketplace/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { AppError } from '../../lib/errors.ts';
import { errorResponses } from '../../lib/route-schemas.ts';
import * as media from './service.ts';

const bearer = [{ bearerAuth: [] }];
const ONE_YEAR_S = 365 * 24 * 60 * 60;
const SWEEP_INTERVAL_MS = 60 * 60 * 1000;

/** Ad photos (issue 4): `POST /api/upload` and `GET /api/images/{name}`. */
const mediaRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, options) => {
  const deps: media.MediaDeps = {
    db: app.database.db,
    storage: app.mediaStorage,
    tmpDir: path.join(options.config.dataDir, 'tmp'),
  };
  const sweep = setInterval(() => {
    media
      .sweepUnattachedUploads(deps)
      .catch((error: unknown) => app.log.error({ err: error }, 'upload sweep failed'));
  }, SWEEP_INTERVAL_MS);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));

  app.post(
    '/api/upload',
    {
      preHandler: [app.authenticate, app.requireVerified],
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
      const missing = new AppError(
        'validation',
        "Bitte lade ein Bild im Feld 'file' hoch (multipart/form-data).",
      );
      if (!request.isMultipart()) throw missing;
      const file = await request.file({ limits: { fileSize: UPLOAD_MAX_BYTES } });
      if (file?.fieldname !== 'file') throw missing;
      return reply.status(201).send(await media.storeUpload(deps, request.user.id, file.file));
    },
  );

  app.get(
    '/api/images/:name',
    {
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
        ? await app.mediaStorage.read(media.LISTING_IMAGE_FOLDER, name)
        : null;
      if (!file) throw new AppError('image_not_found');
      reply.header('Cache-Control', `public, max-age=${ONE_YEAR_S}, immutable`);
      return reply.type('image/webp').header('Content-Length', file.size).send(file.stream);
    },
  );
};

export default mediaRoutes;
