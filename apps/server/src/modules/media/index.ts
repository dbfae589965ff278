import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config.ts';
import { EncodeLimiter } from './images.ts';
import { createImagePipeline, type ImagePipeline, removeLeftoverUploads } from './pipeline.ts';
import mediaRoutes from './routes.ts';
import { type MediaDeps, sweepUnattachedUploads } from './service.ts';

export { EncodeLimiter, renderVariants } from './images.ts';
/**
 * The media module's only door (ARCHITECTURE.md "modules", "media"): the one image pipeline
 * (`app.images`, used for ad photos and avatars, later story media), photo uploads and their
 * claims by ads (`claimUploads`) and chat photo messages (`claimChatPhoto`), and the upload sweep
 * (`sweepUnattachedUploads`). Other modules import only from here.
 */
export {
  AVATAR_FOLDER,
  AVATAR_MAX_BYTES,
  type ImagePipeline,
  type ImagePurpose,
  type ImageUploadStream,
  imageUrl,
  LISTING_IMAGE_FOLDER,
  openImageUpload,
  type StoredImage,
} from './pipeline.ts';
export {
  claimChatPhoto,
  claimEventImage,
  claimProfileImages,
  claimUploads,
  releaseUploads,
  releaseUploadsOfOwner,
  removeFiles,
  sweepUnattachedUploads,
  uploadIdOf,
} from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The application's one image pipeline (media module): stream, check, encode, store. */
    images: ImagePipeline;
  }
}

/** When uploads no ad or chat message took are removed: hourly (cron, UTC). */
const SWEEP_CRON = '35 * * * *';

/**
 * Registers the media module: decorates `app.images` (one encode limiter per application),
 * `POST /api/upload` and `GET /api/images/{name}`, and sweeps uploads no ad or chat message
 * claimed within a day every hour (a job run once across the instances,
 * docs/decisions/0014-job-queue.md). On start it
 * removes temporary files a killed process left in `DATA_DIR/tmp`.
 */
async function media(app: FastifyInstance, options: { config: Config }) {
  const tmpDir = path.join(options.config.dataDir, 'tmp');
  const leftovers = await removeLeftoverUploads(tmpDir);
  if (leftovers > 0) app.log.info({ files: leftovers }, 'removed unfinished uploads of an earlier run');
  const images = createImagePipeline({ storage: app.mediaStorage, tmpDir, limiter: new EncodeLimiter() });
  app.decorate('images', images);
  const deps: MediaDeps = { db: app.database.db, storage: app.mediaStorage, images };

  await app.jobs.every('media.sweep', SWEEP_CRON, async () => {
    await sweepUnattachedUploads(deps);
  });

  await app.register(mediaRoutes, { deps });
}

export default fp(media, {
  name: 'media',
  dependencies: ['database', 'media-storage', 'multipart', 'auth', 'jobs'],
});
