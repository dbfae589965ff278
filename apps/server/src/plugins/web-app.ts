import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import {
  type ApiTransport,
  type FirstData,
  type RenderedPage,
  siteConfigSchema,
} from '@marketplace/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { type Config, DEFAULT_TERMS_VERSION } from '../config.ts';
import { errorCatalogue } from '../lib/errors.ts';
import type { CareerPages } from '../modules/career/index.ts';
import { type GuideCatalogue, guideListPage, guidePage } from '../modules/guides/index.ts';
import type { PageHead, PublicPage, PublicPages, SiteFacts, Sitemaps } from '../modules/listings/index.ts';
import { eventListPage, eventPage, type LocalEventPages } from '../modules/local-events/index.ts';
import type { NewsPages } from '../modules/news/index.ts';
import { profilePage, type ShopPages } from '../modules/shops/index.ts';
import {
  publicSiteConfig,
  robotsTxt,
  withDescription,
  withFirstData,
  withPageHead,
  withRenderedPage,
  withSiteConfig,
  withTitle,
} from './page-html.ts';
import { PageRenderer } from './page-renderer.ts';
import { SentPages, sendPage } from './sent-pages.ts';
import { registerSitemaps } from './sitemaps.ts';

/** Where `npm run build` puts the web app. */
export const webDistDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/dist');

const ONE_YEAR_S = 365 * 24 * 60 * 60;

/**
 * How long a rendered page made from the answers the server read for it (home, ad, category,
 * search) is sent again while those answers stay the same (ms): the answers decide what it shows,
 * so only its relative times ('vor 5 Min.') age, and the browser redraws those.
 */
const KEPT_WITH_ANSWERS_MS = 5 * 60_000;
/**
 * How long a page whose answers the app asked the API for while rendering (forum, profiles,
 * legal and help pages) is sent again (ms): its answers are not known before it renders.
 */
const KEPT_ASKED_MS = 10_000;

const listingPageParams = z.object({ id: z.string().max(100) });

/** The id in an ad's address `/listing/{id}`, decoded as a route parameter is. */
function listingIdOf(url: string): string {
  const part = (url.split(/[?#]/, 1)[0] ?? '').slice('/listing/'.length);
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}
const categoryPageParams = z.object({ slug: z.string().max(100), sub: z.string().max(100).optional() });
const searchPageQuery = z.looseObject({ q: z.string().max(500).optional() });
const guidePageParams = z.object({ slug: z.string().max(100) });
/** The guides' sitemap file, listed in the index (docs/decisions/0036-guides-as-markdown-files.md). */
const eventPageParams = z.object({ id: z.string().max(100) });
const careerPageParams = z.object({ slug: z.string().max(100) });
const profilePageParams = z.object({ id: z.string().max(100) });
const newsPageParams = z.object({ id: z.string().max(200) });

/**
 * Serves the built web app on the API's origin: hashed assets with a year-long immutable
 * cache, everything else revalidated, and the SPA fallback (any unknown non-API GET answers
 * index.html so the client router resolves it). `/api` and `/ws` misses stay JSON 404s.
 * The public pages (home, ad, category, search, legal, help, guide, forum, profiles) arrive rendered by the app's own
 * components (`PageRenderer`, docs/decisions/0030-one-layout-rendered-on-the-server.md). Every
 * served `index.html` carries the site's public configuration (`withSiteConfig`), which
 * `GET /api/site` also answers; the web manifest gets the site name.
 */
async function webApp(
  app: FastifyInstance,
  options: {
    distDir?: string;
    /** Status, head and data of the home, ad, category and search pages (the listings door). */
    publicPages?: PublicPages;
    /** `/sitemap.xml` and its files (the listings door). */
    sitemaps?: Sitemaps;
    /** The guides (the guides door): heads of `/ratgeber` and `/ratgeber/{slug}`, their sitemap. */
    guides?: GuideCatalogue;
    /** The events (the local-events door): heads of `/events` and `/events/{id}`, their sitemap. */
    localEvents?: LocalEventPages;
    /** The career pages (the career door): heads of `/karriere` and `/karriere/{slug}`, their sitemap. */
    careers?: CareerPages;
    /** The local news (the news door): heads of `/lokale-news` and its articles, their sitemap. */
    news?: NewsPages;
    /** The shops and providers (the shops door): heads of `/shop/{id}` and `/provider/{id}`, their sitemap. */
    shops?: ShopPages;
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
        iban: null,
        bic: null,
      },
    },
  );
  // Read once: the rendered pages come from the server build loaded at start, and the page around
  // them must reference that build's scripts (a new build is served after a restart).
  const indexHtml = built ? withSiteConfig(await fs.promises.readFile(indexFile, 'utf8'), site) : '';
  const indexPage = () => indexHtml;
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
      // Files are looked up per request (a file the build adds is found); index.html and the
      // rendered pages come from the build the server started with.
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
      const pages = options.publicPages;
      return sendRendered(request, reply, async () => ({
        status: 200,
        head: null,
        data: pages ? { kind: 'home', json: await pages.home() } : null,
      }));
    });
    // The service worker precaches this address for navigations: it carries the site too.
    app.get('/index.html', { schema: { hide: true } }, async (_request, reply) => {
      reply.header('Cache-Control', 'no-cache');
      return reply.type('text/html; charset=utf-8').send(indexPage());
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

  if (options.sitemaps) {
    registerSitemaps(app, facts, {
      sitemaps: options.sitemaps,
      guides: options.guides,
      localEvents: options.localEvents,
      careers: options.careers,
      news: options.news,
      shops: options.shops,
    });
  }
  const guides = options.guides;
  const localEvents = options.localEvents;
  const careers = options.careers;
  const news = options.news;
  const shops = options.shops;

  // The app's API requests while it renders a page: the server's own routes, as a visitor, and
  // reads only (a page the server renders changes nothing).
  const api: ApiTransport = async (url, init) => {
    if ((init.method ?? 'GET') !== 'GET')
      throw new Error(`a rendered page may only read: ${init.method} ${url}`);
    const answer = await app.inject({ method: 'GET', url, headers: { accept: 'application/json' } });
    const empty = answer.statusCode === 204 || answer.statusCode === 304;
    return new Response(empty ? null : answer.body, {
      status: answer.statusCode,
      headers: { 'content-type': String(answer.headers['content-type'] ?? 'application/json') },
    });
  };
  const renderer = built ? await PageRenderer.load(root, site, api) : null;
  if (built && !renderer)
    app.log.warn({ root }, 'the web app has no server build; public pages are sent unrendered');

  const sentPages = new SentPages();
  /** The page requests being answered now (renders take a share of the time while others wait). */
  let pageRequests = 0;

  /**
   * Sends `index.html` for a public page: its status (a 301 as a redirect), its head, and its
   * content rendered by the app's components from the answers it carries (`PageRenderer`). A
   * rendered page is kept as sent (`SentPages`): while its address asks for the same answers it
   * goes out again as it is, for {@link KEPT_WITH_ANSWERS_MS}, or {@link KEPT_ASKED_MS} for a
   * page whose answers the app asked for while rendering. When the answers cannot be read the
   * plain page goes out; when rendering fails, or renders are busy or have taken their share of
   * the time while other page requests wait (`PageRenderer.render`), the page goes out with its
   * head and data, and the app renders it in the browser. A page that led elsewhere while it
   * rendered (`RenderedPage.location`) is answered as a 302 to that address.
   */
  const sendRendered = async (...args: Parameters<typeof answerPage>) => {
    pageRequests += 1;
    try {
      return await answerPage(...args);
    } finally {
      pageRequests -= 1;
    }
  };
  const answerPage = async (
    request: FastifyRequest,
    reply: FastifyReply,
    answer: () => Promise<{
      status: PublicPage['status'];
      location?: string;
      head: PageHead | null;
      data: FirstData | null;
    }>,
  ) => {
    const html = indexPage();
    reply.header('Cache-Control', 'no-cache');
    reply.type('text/html; charset=utf-8');
    let page: Awaited<ReturnType<typeof answer>>;
    try {
      page = await answer();
    } catch (error) {
      request.log.error({ err: error }, 'reading the page failed; serving the plain page');
      return reply.send(html);
    }
    if (page.status === 301 && page.location) return reply.redirect(page.location, 301);
    // The head is derived from the status and the answers, so these name the whole page.
    const made = { status: page.status, data: page.data };
    const kept = sentPages.find(request.url, made);
    if (kept) return sendPage(request, reply, kept);

    let withHead = page.head ? withPageHead(html, page.head) : html;
    let rendered: RenderedPage | null = null;
    const rendering = renderer?.render(request.url, page.data, pageRequests > 1);
    if (rendering) {
      try {
        rendered = await rendering;
      } catch (error) {
        request.log.error({ err: error }, 'rendering the page failed; the browser renders it');
      }
    }
    // A page that leads elsewhere (an unknown legal page leads home) is answered as a redirect,
    // as the browser's router would follow it; temporary, as the address may be a page later.
    if (rendered?.location) return reply.redirect(rendered.location, 302);
    // A page without a head of its own gets the title it named while it rendered.
    // Home keeps the site's own title ('<site> – Kleinanzeigen aus deiner Region').
    if (!page.head && rendered?.title && request.routeOptions.url !== '/')
      withHead = withTitle(withHead, rendered.title);
    // And the meta description it named, if any (else the site's own stays).
    if (!page.head && rendered?.description) withHead = withDescription(withHead, rendered.description);
    // A page whose answers the app asked for carries those (a filtered list beside the page's
    // own answers); its status is what they said.
    const data = [page.data, rendered?.data ?? null].filter((first): first is FirstData => first !== null);
    const status = rendered?.status === 404 ? 404 : page.status;
    if (!rendered) return reply.status(status).send(withFirstData(withHead, data));
    // Answers the app asked for are not part of what `made` compares: kept as briefly as such pages.
    const ttl = page.data && !rendered.data ? KEPT_WITH_ANSWERS_MS : KEPT_ASKED_MS;
    const full = withRenderedPage(withHead, rendered, data);
    return sendPage(request, reply, sentPages.keep(request.url, made, status, full, ttl));
  };
  /** A page answer from the listings door, with its data as the `page-data` kind. */
  const listingsPage = (draw: () => Promise<PublicPage>) => async () => {
    const page = await draw();
    return { ...page, data: page.data ? { kind: 'page' as const, json: page.data } : null };
  };
  const pages = options.publicPages;
  if (built && pages) {
    app.get('/listing/:id', { schema: { hide: true } }, async (request, reply) => {
      const parsed = listingPageParams.safeParse(request.params);
      const id = parsed.success ? parsed.data.id : '';
      return sendRendered(
        request,
        reply,
        listingsPage(() => pages.listing(id, facts)),
      );
    });
    app.get('/category/:slug', { schema: { hide: true } }, async (request, reply) => {
      const parsed = categoryPageParams.safeParse(request.params);
      const slug = parsed.success ? parsed.data.slug : '';
      return sendRendered(
        request,
        reply,
        listingsPage(() => pages.category(slug, undefined, facts)),
      );
    });
    app.get('/category/:slug/:sub', { schema: { hide: true } }, async (request, reply) => {
      const parsed = categoryPageParams.safeParse(request.params);
      const { slug, sub } = parsed.success ? parsed.data : { slug: '', sub: '' };
      return sendRendered(
        request,
        reply,
        listingsPage(() => pages.category(slug, sub, facts)),
      );
    });
    app.get('/search', { schema: { hide: true } }, async (request, reply) => {
      const parsed = searchPageQuery.safeParse(request.query);
      const q = parsed.success ? parsed.data.q : undefined;
      return sendRendered(
        request,
        reply,
        listingsPage(() => pages.search(q, facts)),
      );
    });
  }

  // The guide pages: their heads (canonical, description, JSON-LD `Article`) and status from the
  // guides door; their answers the app asks the API for while rendering (`serverPrefetch.ts`).
  if (built && guides) {
    app.get('/ratgeber', { schema: { hide: true } }, async (request, reply) =>
      sendRendered(request, reply, async () => ({ ...guideListPage(guides, facts), data: null })),
    );
    app.get('/ratgeber/:slug', { schema: { hide: true } }, async (request, reply) => {
      const parsed = guidePageParams.safeParse(request.params);
      const slug = parsed.success ? parsed.data.slug : '';
      return sendRendered(request, reply, async () => ({ ...guidePage(guides, slug, facts), data: null }));
    });
  }

  // The event pages: their heads (canonical, description, JSON-LD `Event`) and status from the
  // local-events door; their answers the app asks the API for while rendering.
  if (built && localEvents) {
    app.get('/events', { schema: { hide: true } }, async (request, reply) =>
      sendRendered(request, reply, async () => ({ ...eventListPage(facts), data: null })),
    );
    // The form behind a login is no event: the app shell, as for every page behind a login.
    app.get('/events/neu', { schema: { hide: true } }, async (_request, reply) => {
      reply.header('Cache-Control', 'no-cache');
      return reply.type('text/html; charset=utf-8').send(indexPage());
    });
    app.get('/events/:id', { schema: { hide: true } }, async (request, reply) => {
      const parsed = eventPageParams.safeParse(request.params);
      const id = parsed.success ? parsed.data.id : '';
      return sendRendered(request, reply, async () => ({
        ...eventPage(await localEvents.find(id), id, facts),
        data: null,
      }));
    });
  }

  // The career pages: heads (canonical, description, JSON-LD `JobPosting`) and status (404 unknown,
  // 410 closed) from the career door; their answers the app asks the API for while rendering.
  if (built && careers) {
    app.get('/karriere', { schema: { hide: true } }, async (request, reply) =>
      sendRendered(request, reply, async () => ({ ...(await careers.list(facts)), data: null })),
    );
    app.get('/karriere/:slug', { schema: { hide: true } }, async (request, reply) => {
      const parsed = careerPageParams.safeParse(request.params);
      const slug = parsed.success ? parsed.data.slug : '';
      return sendRendered(request, reply, async () => ({
        ...(await careers.position(slug, facts)),
        data: null,
      }));
    });
  }

  // The local news: the list's head carries its place's RSS feed, an article's its `NewsArticle`;
  // their answers the app asks the API for while rendering (`serverPrefetch.ts`). The writer's
  // page is the member's own and rendered in the browser.
  if (built && news) {
    app.get('/lokale-news', { schema: { hide: true } }, async (request, reply) =>
      sendRendered(request, reply, async () => ({
        ...(await news.list(request.query as Record<string, unknown>, facts)),
        data: null,
      })),
    );
    app.get('/lokale-news/schreiben', { schema: { hide: true } }, async (_request, reply) => {
      reply.header('Cache-Control', 'no-cache');
      return reply.type('text/html; charset=utf-8').send(indexPage());
    });
    app.get('/lokale-news/:id', { schema: { hide: true } }, async (request, reply) => {
      const parsed = newsPageParams.safeParse(request.params);
      const id = parsed.success ? parsed.data.id : '';
      return sendRendered(request, reply, async () => ({ ...(await news.article(id, facts)), data: null }));
    });
  }

  // The shop and provider pages: their heads (canonical, description, JSON-LD `LocalBusiness`)
  // and status (404 unknown or not approved) from the shops door; their answers the app asks
  // the API for while rendering (`serverPrefetch.ts`).
  if (built && shops) {
    for (const kind of ['shop', 'provider'] as const) {
      app.get(`/${kind}/:id`, { schema: { hide: true } }, async (request, reply) => {
        const parsed = profilePageParams.safeParse(request.params);
        const id = parsed.success ? parsed.data.id : '';
        return sendRendered(request, reply, async () => ({
          ...profilePage(await shops.find(kind, id), kind, id, facts),
          data: null,
        }));
      });
    }
  }

  // The other public pages the app renders on the server: legal and help pages with no answers,
  // the forum's pages and the profiles with the answers the app asks the API for.
  for (const pattern of renderer?.paths ?? []) {
    // Home, ad, category and search pages have their routes above.
    if (app.hasRoute({ method: 'GET', url: pattern })) continue;
    app.get(pattern, { schema: { hide: true } }, async (request, reply) =>
      sendRendered(request, reply, async () => ({ status: 200, head: null, data: null })),
    );
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
    // An ad address the router cannot take (an id longer than a route parameter may be) is no
    // ad; its page says so for the id in its address, the one the app's ad page reads.
    if (pages && url.startsWith('/listing/')) {
      const id = listingIdOf(url);
      return sendRendered(
        request,
        reply,
        listingsPage(() => pages.listing(id, facts)),
      );
    }
    reply.header('Cache-Control', 'no-cache');
    return reply.type('text/html; charset=utf-8').send(indexPage());
  });
}

export default fp(webApp, { name: 'web-app', dependencies: ['error-handler'] });
