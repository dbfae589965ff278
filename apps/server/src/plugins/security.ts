import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import type { Config } from '../config.ts';

/** HSTS lifetime: one year, the value browsers' preload lists expect. */
export const HSTS_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/**
 * Security headers with a Content Security Policy the web app itself passes.
 * `Strict-Transport-Security` (one year, subdomains) follows `config.hsts`: on by default
 * when PUBLIC_URL is https, off for plain HTTP, `HSTS=true|false` overrides. The business
 * limits are counted by each module in the database, shared by every instance
 * (`consumeRequestQuota` of the auth module's door, failed logins, docs/decisions/0005); the
 * flood limit of reads is `public-read-limit.ts` (docs/decisions/0032).
 *
 * helmet's middleware is made once here and applied to each request's raw response. The
 * `@fastify/helmet` wrapper builds it anew on every request (parsing the policy each time), which
 * cost about a tenth of the server's time in the stories bench (docs/benchmarks.md "Stories").
 */
async function security(app: FastifyInstance, options: { config: Pick<Config, 'hsts'> }) {
  const applyHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // WebAssembly may be compiled (no eval of script): the German hyphenation patterns of
        // browsers without a dictionary (docs/decisions/0037-german-hyphenation-from-tex-patterns.md).
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
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
    // A fresh machine serves plain HTTP, where HSTS would lock browsers out of localhost.
    strictTransportSecurity: options.config.hsts
      ? { maxAge: HSTS_MAX_AGE_SECONDS, includeSubDomains: true }
      : false,
  });
  app.addHook('onRequest', (request, reply, done) =>
    applyHeaders(request.raw, reply.raw, (error?: unknown) =>
      done(error instanceof Error ? error : undefined),
    ),
  );
}

export default fp(security, { name: 'security' });
