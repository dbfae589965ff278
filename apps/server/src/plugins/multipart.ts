import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Largest file any route accepts (story media, SPEC.md §9: 50 MB); routes set lower limits. */
export const MAX_UPLOAD_BYTES = 50 * 1024 * 1024;

/** Multipart uploads, one file per request; each route reads it with its own `fileSize`. */
async function multipartUploads(app: FastifyInstance) {
  await app.register(multipart, {
    limits: { files: 1, fileSize: MAX_UPLOAD_BYTES, fields: 10, fieldSize: 64 * 1024, parts: 20 },
  });
}

export default fp(multipartUploads, { name: 'multipart' });
