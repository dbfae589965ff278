import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import { type SiteConfig, siteConfigSchema } from '@marketplace/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type Config, DEFAULT_TERMS_VERSION } from '../config.ts';
import { errorCatalogue } from '../lib/errors.ts';
import type { HomePreview } from '../modules/listings/index.ts';

/** Where `npm run build` puts the web app. */
export const webDistDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/dist');

const ONE_YEAR_S = 365 * 24 * 60 * 60;

/** Where `index.html` takes the home page's first content (see `withHomePreview`). */
const PREVIEW_START = '<!--home-preview-->';
const PREVIEW_END = '<!--/home-preview-->';

/** What every visitor's browser learns about this installation (contract `siteConfigSchema`). */
export type PublicSiteConfig = SiteConfig;

/** The public part of the configuration (`SITE_NAME`, `TERMS_VERSION`, `OPERATOR_*`). */
export function publicSiteConfig(
  config: Pick<Config, 'siteName' | 'termsVersion' | 'operator'>,
): PublicSiteConfig {
  const o = config.operator;
  return {
    name: config.siteName,
    terms_version: config.termsVersion,
    operator: {
      name: o.name,
      address: o.address,
      email: o.email,
      phone: o.phone,
      representative: o.representative,
      register_court: o.registerCourt,
      register_number: o.registerNumber,
      vat_id: o.vatId,
      responsible: o.responsible,
    },
  };
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * `index.html` for this installation: the site name in `<title>` and in the first paint's
 * header, and the public configuration as a JSON element (`<script type="application/json"
 * id="site-config">`) that the app reads before its first render. The built bundle is the same
 * for every operator; only this page differs.
 */
export function withSiteConfig(indexHtml: string, site: PublicSiteConfig): string {
  const json = JSON.stringify(site).replace(/</g, '\\u003c');
  const name = escapeHtml(site.name);
  return indexHtml
    .replace(/<title>[^<]*<\/title>/, () => `<title>${name} – Kleinanzeigen aus deiner Region</title>`)
    .replace(/(<div class="first-paint-header">)[^<]*(<\/div>)/, (_, open, close) => `${open}${name}${close}`)
    .replace('</head>', () => `<script type="application/json" id="site-config">${json}</script>\n  </head>`);
}

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
 * `/` gets `homePreview`'s first content in its HTML (the plain page when it fails). Every
 * served `index.html` carries the site's public configuration (`withSiteConfig`), which
 * `GET /api/site` also answers; the web manifest gets the site name.
 */
async function webApp(
  app: FastifyInstance,
  options: {
    distDir?: string;
    homePreview?: () => Promise<HomePreview>;
    site?: Pick<Config, 'siteName' | 'termsVersion' | 'operator'>;
  },
) {
  const root = options.distDir ?? webDistDir;
  const indexFile = path.join(root, 'index.html');
  const built = fs.existsSync(indexFile);
  if (!built) app.log.warn({ root }, 'web app is not built; run `npm run build`');
  const site = publicSiteConfig(
    options.site ?? {
      siteName: 'Marktplatz',
      termsVersion: DEFAULT_TERMS_VERSION,
      operator: {
        name: null,
        address: null,
        email: null,
        phone: null,
        representative: null,
        registerCourt: null,
        registerNumber: null,
        vatId: null,
        responsible: null,
      },
    },
  );
  const indexPage = async () => withSiteConfig(await fs.promises.readFile(indexFile, 'utf8'), site);

  app.get(
    '/api/site',
    {
      config: { access: 'public' },
      schema: {
        tags: ['site'],
        summary: 'Name, AGB-Version und Betreiberangaben dieser Installation',
        description:
          'Öffentliche Konfiguration: `name` (SITE_NAME), `terms_version` (aktuelle AGB-Version, TERMS_VERSION) und `operator` (OPERATOR_*, null wenn nicht gesetzt) für das Impressum.',
        response: { 200: siteConfigSchema },
      },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-cache');
      return site;
    },
  );

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
      const html = await indexPage();
      if (!options.homePreview) return html;
      try {
        return withHomePreview(html, await options.homePreview());
      } catch (error) {
        request.log.error({ err: error }, 'home preview failed; serving the plain page');
        return html;
      }
    });
    // The service worker precaches this address for navigations: it carries the site too.
    app.get('/index.html', { schema: { hide: true } }, async (_request, reply) => {
      reply.header('Cache-Control', 'no-cache');
      return reply.type('text/html; charset=utf-8').send(await indexPage());
    });
    app.get('/manifest.webmanifest', { schema: { hide: true } }, async (_request, reply) => {
      const file = path.join(root, 'manifest.webmanifest');
      if (!fs.existsSync(file)) {
        return reply.status(404).send({ detail: errorCatalogue.not_found.detail, code: 'not_found' });
      }
      const manifest = JSON.parse(await fs.promises.readFile(file, 'utf8')) as Record<string, unknown>;
      reply.header('Cache-Control', 'no-cache');
      return reply
        .type('application/manifest+json; charset=utf-8')
        .send(JSON.stringify({ ...manifest, name: site.name, short_name: site.name }));
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
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
    return reply.type('text/html; charset=utf-8').send(await indexPage());
  });
}

export default fp(webApp, { name: 'web-app', dependencies: ['error-handler'] });
