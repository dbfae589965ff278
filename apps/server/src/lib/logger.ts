import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';

/** The field of a log line that carries the request id (Fastify's own `reqId`). */
const REQUEST_ID_FIELD = 'reqId';

/** An incoming `X-Request-Id` is kept only when it is such a short, safe token. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** The id of the request whose work is running (also in services that log through `app.log`). */
const currentRequestId = new AsyncLocalStorage<string>();

/**
 * The id of a request: the incoming `X-Request-Id` when it is a short safe token (a proxy's
 * id, letters, digits, `.`, `_`, `-`, at most 64 characters), else a new UUID.
 */
export function requestIdOf(request: IncomingMessage): string {
  const incoming = request.headers['x-request-id'];
  return typeof incoming === 'string' && SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/**
 * Answers every request with its id in `X-Request-Id`, and keeps the id current while the
 * request's work runs, so that every log line written meanwhile carries it (`reqId`), also
 * lines of services that log through `app.log`. Bound again after the body was read
 * (`preValidation`): the body arrives in the socket's own async context.
 */
export function addRequestIds(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    currentRequestId.run(request.id, done);
  });
  app.addHook('preValidation', (request, _reply, done) => {
    currentRequestId.run(request.id, done);
  });
}

/** Removes secrets carried in query strings (socket tokens, verification and reset tokens). */
export function redactUrl(url: string): string {
  return url.replace(/([?&](?:token|access_token)=)[^&#]*/gi, '$1[REDACTED]');
}

/**
 * pino options: request lines without query-string tokens, and no authorization header,
 * cookie, password or token field in any log line; every line written during a request carries
 * its id (`reqId`, see {@link addRequestIds}). Lines go to `stream`, else standard output.
 */
export function loggerOptions(level: string, stream?: NodeJS.WritableStream): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    // Lines written during a request by a logger that does not carry its id already.
    mixin(_object, _level, logger) {
      const id = currentRequestId.getStore();
      if (!id || REQUEST_ID_FIELD in logger.bindings()) return {};
      return { [REQUEST_ID_FIELD]: id };
    },
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        '*.password',
        '*.new_password',
        '*.current_password',
        '*.token',
        '*.access_token',
        '*.password_hash',
      ],
      censor: '[REDACTED]',
    },
    serializers: {
      req(request) {
        return {
          method: request.method,
          url: redactUrl(request.url),
          remoteAddress: request.ip,
        };
      },
    },
  };
}
