import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { errorCatalogue } from '../lib/errors.ts';
import type { HomePreview } from '../modules/listings/home-preview.ts';

/** Where `npm run build` puts the web app. */
export const webDistDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/dist');

const ONE_YEAR_S = 365 * 24 * 60 * 60;

/** Where `index.html` takes the home page's first content (see `withHomePreview`). */
const PREVIEW_START = '<!--home-preview-->';
const PREVIEW_END = '<!--/home-preview-->';

/**
 * `index.html` with the home page's first content: the markup replaces what stands between
 * the preview markers (the loading text), the data goes in a JSON script element before the
 * app's scripts. A page without the markers is returned unchanged.
 */
export function withHomePreview(indexHtml: string, preview: HomePreview): string {
  const start = indexHtml.indexOf(PREVIEW_START);
  const end = indexHtml.indexOf(PREVIEW_END, start);
  if (start < 0 || end < 0) return indexHtml;
  const data = `<script type="application/json" id="home-data">${preview.data}</script>`;
  const page = `${indexHtml.slice(0, start)}${preview.html}${indexHtml.slice(end + PREVIEW_END.length)}`;
  // A function, so that '$&' or "$'" in an ad's text stay text.
  return page.replace('</body>', () => `${data}\n  </body>`);
}

/**
 * Serves the built web app on the API's origin: hashed assets with a year-long immutable
 * cache, everything else revalidated, and the SPA fallback (any unknown non-API GET answers
 * index.html so the client router resolves it). `/api` and `/ws` misses stay JSON 404s.
 * `/` gets `homePreview`'s first content in its HTML (the plain page when it fails).
 */
async function webApp(
  app: FastifyInstance,
  options: { distDir?: string; homePreview?: () => Promise<HomePreview> },
) {
  const root = options.distDir ?? webDistDir;
  const indexFile = path.join(root, 'index.html');
  const built = fs.existsSync(indexFile);
  if (!built) app.log.warn({ root }, 'web app is not built; run `npm run build`');

  if (built) {
    await app.register(fastifyStatic, {
      root,
      // Files are looked up per request, so a rebuild of the web app is served without a restart.
      wildcard: true,
      // `/` is answered below, with the home page's first content.
      index: false,
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

  if (built) {
    app.get('/', { schema: { hide: true } }, async (request, reply) => {
      reply.header('Cache-Control', 'no-cache');
      reply.type('text/html; charset=utf-8');
      const html = await fs.promises.readFile(indexFile, 'utf8');
      if (!options.homePreview) return html;
      try {
        return withHomePreview(html, await options.homePreview());
      } catch (error) {
        request.log.error({ err: error }, 'home preview failed; serving the plain page');
        return html;
      }
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
