import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { createLocalMediaStorage, type MediaStorage } from '../lib/media-storage.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Uploaded media (avatars, later listing and story media). */
    mediaStorage: MediaStorage;
  }
}

/**
 * Media storage (ARCHITECTURE.md "media"): the local folder DATA_DIR/media. An S3 bucket
 * (`S3_*`) is another implementation of the same `MediaStorage` interface, chosen here.
 */
async function mediaStorage(app: FastifyInstance, options: { config: Config }) {
  app.decorate('mediaStorage', createLocalMediaStorage(path.join(options.config.dataDir, 'media')));
}

export default fp(mediaStorage, { name: 'media-storage' });
