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

/**
 * What busboy, the parser under @fastify/multipart, raises for a body that is no readable
 * multipart/form-data: a content type without a boundary, a body that ends before its closing
 * boundary (also inside a part), a content type busboy does not read. These are plain `Error`s
 * without a code, known only by their messages.
 */
const BROKEN_BODY_MESSAGES =
  /^(Multipart: Boundary not found|Boundary required|Unexpected end of multipart data|\w+ terminated early due to unexpected end of multipart data|Unsupported Content-Type\.|Missing Content-Type-header\.)$/;

/**
 * @fastify/multipart's own errors about the body (not its limits, which are 413): the request
 * ended early, a field named `__proto__`, a field declared JSON that is none, a route reading
 * parts of a body that is not multipart.
 */
const BROKEN_BODY_CODES = new Set([
  'FST_MP_PREMATURE_CLOSE',
  'FST_PROTO_VIOLATION',
  'FST_INVALID_JSON_FIELD_ERROR',
  'FST_INVALID_MULTIPART_CONTENT_TYPE',
]);

/**
 * Whether `error`, thrown while a route reads a multipart upload (`request.file()`,
 * `request.parts()` or the file stream), means the client sent a broken body rather than the
 * server failing; the error handler answers it with a German 400 (ARCHITECTURE.md "Errors").
 */
export function isBrokenMultipartBody(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') return BROKEN_BODY_CODES.has(code);
  return BROKEN_BODY_MESSAGES.test(error.message);
}

export default fp(multipartUploads, { name: 'multipart' });
