import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import { type SiteConfig, siteConfigSchema } from '@marketplace/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import serialize from 'serialize-javascript';
import { z } from 'zod';
import { type Config, DEFAULT_TERMS_VERSION } from '../config.ts';
import { errorCatalogue } from '../lib/errors.ts';
import type {
  DrawnPage,
  HomePreview,
  PageHead,
  PagePreviewer,
  SiteFacts,
  Sitemaps,
} from '../modules/listings/index.ts';

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
 * the preview markers (the loading text), its style sheet goes into the head, the data goes in
 * a JSON script element before the app's scripts. A page without the markers is returned unchanged.
 */
export function withHomePreview(indexHtml: string, preview: HomePreview): string {
  const start = indexHtml.indexOf(PREVIEW_START);
  const end = indexHtml.indexOf(PREVIEW_END, start);
  if (start < 0 || end < 0) return indexHtml;
  const data = `<script type="application/json" id="home-data">${preview.data}</script>`;
  const page = `${indexHtml.slice(0, start)}${preview.html}${indexHtml.slice(end + PREVIEW_END.length)}`;
  // Functions, so that '$&' or "$'" in an ad's text stay text. The style sheet is our own constant.
  return page
    .replace('</head>', () => `<style>${preview.css}</style>\n  </head>`)
    .replace('</body>', () => `${data}\n  </body>`);
}

/**
 * `index.html` with a page's head data for search engines and messengers: its `<title>`, meta
 * description, canonical link, robots rule, OpenGraph tags and JSON-LD elements. Every text is
 * HTML-escaped; JSON-LD is serialized so that no text can close its script element
 * (`serialize-javascript`, which escapes `<`, `>`, `/` and the line separators). `css`, the drawn
 * content's style sheet, goes into the head too.
 */
export function withPageHead(indexHtml: string, head: PageHead, css: string | null = null): string {
  const tags = [
    // Our own constant style sheet of the drawn content (never user text).
    css ? `<style>${css}</style>` : '',
    `<link rel="canonical" href="${escapeHtml(head.canonical)}">`,
    head.robots ? `<meta name="robots" content="${escapeHtml(head.robots)}">` : '',
    ...head.openGraph.map(
      ([property, content]) => `<meta property="${escapeHtml(property)}" content="${escapeHtml(content)}">`,
    ),
    head.openGraph.some(([property]) => property === 'og:image')
      ? '<meta name="twitter:card" content="summary_large_image">'
      : '',
    ...head.jsonLd.map(
      (data) => `<script type="application/ld+json">${serialize(data, { isJSON: true })}</script>`,
    ),
  ].filter(Boolean);
  // Functions as replacements, so that '$&' or "$'" in an ad's text stay text.
  return indexHtml
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(head.title)}</title>`)
    .replace(
      /<meta name="description" content="[^"]*"\s*\/?>/,
      () => `<meta name="description" content="${escapeHtml(head.description)}">`,
    )
    .replace('</head>', () => `${tags.join('\n    ')}\n  </head>`);
}

/**
 * `index.html` with a page's first content between the preview markers (the loading text goes).
 * A page without the markers is returned unchanged.
 */
export function withFirstContent(indexHtml: string, html: string): string {
  const start = indexHtml.indexOf(PREVIEW_START);
  const end = indexHtml.indexOf(PREVIEW_END, start);
  if (start < 0 || end < 0) return indexHtml;
  return `${indexHtml.slice(0, start)}${html}${indexHtml.slice(end + PREVIEW_END.length)}`;
}

/**
 * `/robots.txt`: everything public may be crawled except the API (its images excepted), the
 * sockets and the pages behind a login (SPEC.md §2); the sitemap index is named.
 */
export function robotsTxt(publicUrl: string): string {
  const memberPages = [
    '/dashboard',
    '/favorites',
    '/merkliste',
    '/payments',
    '/analytics',
    '/notifications',
    '/vorlagen',
    '/listings',
    '/calendar',
    '/text-templates',
    '/settings',
    '/feed',
    '/stories',
    '/create-listing',
    '/edit-listing/',
    '/chat',
    '/seller-verification',
    '/verification-status',
    '/admin',
    '/login',
    '/register',
    '/password-reset',
    '/reset-password',
    '/verify-email',
  ];
  return [
    'User-agent: *',
    'Allow: /api/images/',
    'Disallow: /api/',
    'Disallow: /ws/',
    ...memberPages.map((page) => `Disallow: ${page}`),
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

const listingPageParams = z.object({ id: z.string().max(100) });
const categoryPageParams = z.object({ slug: z.string().max(100), sub: z.string().max(100).optional() });
const searchPageQuery = z.looseObject({ q: z.string().max(500).optional() });
const sitemapParams = z.object({ page: z.coerce.number().int().min(1).max(100_000) });

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
    /** The ad, category and search pages' first HTML and head data (the listings door). */
    drawnPages?: PagePreviewer;
    /** `/sitemap.xml` and its files (the listings door). */
    sitemaps?: Sitemaps;
    site?: Pick<Config, 'siteName' | 'termsVersion' | 'operator'> & Partial<Pick<Config, 'publicUrl'>>;
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
  const facts: SiteFacts = {
    publicUrl: (options.site?.publicUrl ?? 'http://localhost:3000').replace(/\/+$/, ''),
    siteName: site.name,
  };

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

  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) => {
    reply.header('Cache-Control', 'public, max-age=3600');
    return reply.type('text/plain; charset=utf-8').send(robotsTxt(facts.publicUrl));
  });

  const sitemaps = options.sitemaps;
  if (sitemaps) {
    const sendXml = (reply: FastifyReply, xml: string) => {
      reply.header('Cache-Control', 'public, max-age=300');
      return reply.type('application/xml; charset=utf-8').send(xml);
    };
    app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) =>
      sendXml(reply, (await sitemaps.index(facts.publicUrl)).xml),
    );
    app.get('/sitemaps/categories.xml', { schema: { hide: true } }, async (_request, reply) =>
      sendXml(reply, (await sitemaps.categoryPages(facts.publicUrl)).xml),
    );
    app.get('/sitemaps/listings-:page.xml', { schema: { hide: true } }, async (request, reply) => {
      const parsed = sitemapParams.safeParse(request.params);
      const file = parsed.success ? await sitemaps.listingPage(facts.publicUrl, parsed.data.page) : null;
      if (!file)
        return reply.status(404).send({ detail: errorCatalogue.not_found.detail, code: 'not_found' });
      return sendXml(reply, file.xml);
    });
  }

  const pages = options.drawnPages;
  /** Sends `index.html` with the drawn page's status, head and first content (the plain page when drawing fails). */
  const sendDrawn = async (request: FastifyRequest, reply: FastifyReply, draw: () => Promise<DrawnPage>) => {
    const html = await indexPage();
    reply.header('Cache-Control', 'no-cache');
    reply.type('text/html; charset=utf-8');
    let page: DrawnPage;
    try {
      page = await draw();
    } catch (error) {
      request.log.error({ err: error }, 'drawing the page failed; serving the plain page');
      return reply.send(html);
    }
    if (page.status === 301 && page.location) return reply.redirect(page.location, 301);
    const withHead = withPageHead(html, page.head, page.css);
    // `first-content` tells the page's first script that the server drew this page (apps/web/src/boot.ts).
    const content = page.html ? `<div id="first-content">${page.html}</div>` : null;
    const drawn = content ? withFirstContent(withHead, content) : withHead;
    // The answers it was drawn from, for the app (docs/decisions/0012); `<` is escaped in them.
    const data = page.data ? `<script type="application/json" id="page-data">${page.data}</script>` : null;
    return reply
      .status(page.status)
      .send(data ? drawn.replace('</body>', () => `${data}\n  </body>`) : drawn);
  };
  if (built && pages) {
    app.get('/listing/:id', { schema: { hide: true } }, async (request, reply) => {
      const parsed = listingPageParams.safeParse(request.params);
      const id = parsed.success ? parsed.data.id : '';
      return sendDrawn(request, reply, () => pages.listing(id, facts));
    });
    app.get('/category/:slug', { schema: { hide: true } }, async (request, reply) => {
      const parsed = categoryPageParams.safeParse(request.params);
      const slug = parsed.success ? parsed.data.slug : '';
      return sendDrawn(request, reply, () => pages.category(slug, undefined, facts));
    });
    app.get('/category/:slug/:sub', { schema: { hide: true } }, async (request, reply) => {
      const parsed = categoryPageParams.safeParse(request.params);
      const { slug, sub } = parsed.success ? parsed.data : { slug: '', sub: '' };
      return sendDrawn(request, reply, () => pages.category(slug, sub, facts));
    });
    app.get('/search', { schema: { hide: true } }, async (request, reply) => {
      const parsed = searchPageQuery.safeParse(request.query);
      const q = parsed.success ? parsed.data.q : undefined;
      return sendDrawn(request, reply, () => pages.search(q, facts));
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
    // An ad address the router cannot take (an id longer than a route parameter may be) is no ad.
    if (pages && url.startsWith('/listing/'))
      return sendDrawn(request, reply, () => pages.listing('', facts));
    reply.header('Cache-Control', 'no-cache');
    return reply.type('text/html; charset=utf-8').send(await indexPage());
  });
}

export default fp(webApp, { name: 'web-app', dependencies: ['error-handler'] });
