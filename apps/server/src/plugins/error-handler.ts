import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/client.ts';
import { AppError, errorCatalogue, requestPartNames } from '../lib/errors.ts';
import { isBrokenMultipartBody } from './multipart.ts';

/** A multipart upload whose body cannot be read (no boundary, cut off, not multipart at all). */
const BROKEN_FORM_DETAIL =
  'Die Formulardaten der Anfrage sind unvollständig oder fehlerhaft. Bitte sende sie noch einmal (multipart/form-data).';

/**
 * The one error handler (ARCHITECTURE.md "Errors"): every non-2xx body is `{ detail, code }`.
 * Validation failures are 422 with `detail` naming the field; a broken JSON or multipart body is
 * 400; 5xx never show internals.
 */
async function errorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      return reply
        .status(error.status)
        .headers(error.headers)
        .send({ detail: error.detail, code: error.code });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issue = error.validation[0];
      const field = issue?.instancePath.replace(/^\//, '').replaceAll('/', '.') || '';
      const where = requestPartNames[error.validationContext ?? 'body'] ?? 'Feld';
      const detail = field
        ? `${where} '${field}': ${issue?.message ?? 'ungültig'}`
        : `Ungültige Anfrage: ${issue?.message ?? 'ungültig'}`;
      return reply.status(422).send({ detail, code: 'validation' });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return reply.status(500).send({ detail: errorCatalogue.internal.detail, code: 'internal' });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      const { detail } = errorCatalogue.service_unavailable;
      return reply.status(503).header('Retry-After', '5').send({ detail, code: 'service_unavailable' });
    }
    if (isBrokenMultipartBody(error)) {
      return reply.status(400).send({ detail: BROKEN_FORM_DETAIL, code: 'bad_request' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(status).send({ detail: errorCatalogue.internal.detail, code: 'internal' });
    }
    if (status === 429) {
      return reply.status(429).send({ detail: errorCatalogue.rate_limited.detail, code: 'rate_limited' });
    }
    if (status === 413 || error.code === 'FST_REQ_FILE_TOO_LARGE') {
      return reply
        .status(413)
        .send({ detail: errorCatalogue.payload_too_large.detail, code: 'payload_too_large' });
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply
        .status(415)
        .send({ detail: 'Nicht unterstütztes Format der Anfrage.', code: 'unsupported_media_type' });
    }
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      return reply
        .status(400)
        .send({ detail: 'Die Anfrage enthält kein gültiges JSON.', code: 'bad_request' });
    }
    return reply.status(status).send({ detail: 'Ungültige Anfrage.', code: 'bad_request' });
  });
}

export default fp(errorHandler, { name: 'error-handler' });
