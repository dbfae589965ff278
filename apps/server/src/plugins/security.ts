import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Security headers with a Content Security Policy the web app itself passes, and the
 * rate-limit machinery. Limits are opt-in per route (`config.rateLimit`), so login, posting
 * and sockets each declare their own numbers.
 */
async function security(app: FastifyInstance) {
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        fontSrc: ["'self'", 'data:'],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    // Same-origin images must stay loadable by the service worker and the app.
    crossOriginEmbedderPolicy: false,
    // Served over plain HTTP on a fresh machine; a TLS proxy in production adds HSTS.
    strictTransportSecurity: false,
  });
  await app.register(rateLimit, { global: false });
}

export default fp(security, { name: 'security' });
