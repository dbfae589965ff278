import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { createLocalMediaStorage, type MediaStorage } from '../lib/media-storage.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Uploaded media: ad photos and avatars, later story and chat media. */
    mediaStorage: MediaStorage;
  }
}

/**
 * Media storage (ARCHITECTURE.md "media"): the local folder DATA_DIR/media, the only storage
 * built so far. An S3-compatible bucket would be another `MediaStorage` chosen here; until it
 * exists, `S3_*` variables stop the start (docs/decisions/0005).
 */
async function mediaStorage(app: FastifyInstance, options: { config: Config }) {
  app.decorate('mediaStorage', createLocalMediaStorage(path.join(options.config.dataDir, 'media')));
}

export default fp(mediaStorage, { name: 'media-storage' });
