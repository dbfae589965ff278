import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { errorCatalogue } from '../lib/errors.ts';

/** Where `npm run build` puts the web app. */
export const webDistDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/dist');

const ONE_YEAR_S = 365 * 24 * 60 * 60;

/**
 * Serves the built web app on the API's origin: hashed assets with a year-long immutable
 * cache, everything else revalidated, and the SPA fallback (any unknown non-API GET answers
 * index.html so the client router resolves it). `/api` and `/ws` misses stay JSON 404s.
 */
async function webApp(app: FastifyInstance, options: { distDir?: string }) {
  const root = options.distDir ?? webDistDir;
  const indexFile = path.join(root, 'index.html');
  const built = fs.existsSync(indexFile);
  if (!built) app.log.warn({ root }, 'web app is not built; run `npm run build`');

  if (built) {
    await app.register(fastifyStatic, {
      root,
      // Files are looked up per request, so a rebuild of the web app is served without a restart.
      wildcard: true,
      index: ['index.html'],
      setHeaders(res, filePath) {
        const relative = path.relative(root, filePath);
        if (relative.startsWith(`assets${path.sep}`)) {
          res.header('Cache-Control', `public, max-age=${ONE_YEAR_S}, immutable`);
        } else {
          res.header('Cache-Control', 'no-cache');
        }
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url;
    const isApi = url === '/api' || url.startsWith('/api/') || url === '/ws' || url.startsWith('/ws/');
    if (isApi || !built || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.status(404).send({ detail: errorCatalogue.not_found.detail, code: 'not_found' });
    }
    // A missing hashed asset is a real 404, not the app shell.
    if (url.startsWith('/assets/')) {
      return reply.status(404).send({ detail: errorCatalogue.not_found.detail, code: 'not_found' });
    }
    reply.header('Cache-Control', 'no-cache');
    return reply.type('text/html; charset=utf-8').sendFile('index.html', root);
  });
}

export default fp(webApp, { name: 'web-app', dependencies: ['error-handler'] });
