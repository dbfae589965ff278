import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { createLocalMediaStorage, type MediaStorage } from '../lib/media-storage.ts';
import { createS3MediaStorage } from '../lib/s3-media-storage.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Uploaded media: ad photos, avatars, story videos. */
    mediaStorage: MediaStorage;
  }
}

/**
 * Media storage (ARCHITECTURE.md "media"): an S3-compatible bucket when `S3_*` is set (every
 * instance reads what any instance wrote), else the local folder DATA_DIR/media. A missing
 * bucket or wrong keys stop the start with one line naming the bucket.
 */
async function mediaStorage(app: FastifyInstance, options: { config: Config }) {
  const { s3, dataDir } = options.config;
  if (s3) {
    const storage = createS3MediaStorage(s3);
    await storage.check();
    app.decorate('mediaStorage', storage);
  } else {
    app.decorate('mediaStorage', createLocalMediaStorage(path.join(dataDir, 'media')));
  }
}

export default fp(mediaStorage, { name: 'media-storage' });
