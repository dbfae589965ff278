import type { FirstData, RenderedPage, SiteConfig } from '@marketplace/contract';
import serialize from 'serialize-javascript';
import type { Config } from '../config.ts';
import type { PageHead } from '../lib/page-head.ts';

/*
 * The HTML the web app's plugin sends, as text: `index.html` with the site's configuration, a
 * page's head, the markup the server rendered and the answers it was rendered from
 * (docs/decisions/0030-one-layout-rendered-on-the-server.md), and `/robots.txt`. Pure functions;
 * the routes that use them are in web-app.ts.
 */

/** What `index.html`'s `#root` holds between these markers is replaced by a rendered page. */
const APP_START = '<!--app-->';
const APP_END = '<!--/app-->';

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
 * `index.html` with a page the server rendered (`PageRenderer`): its markup replaces what
 * `#root` holds between the app markers (the first paint), `#root` is marked
 * `data-server-rendered` so the app hydrates it (apps/web/src/main.tsx), its style elements go
 * into the head, and the answers it was rendered from go into a JSON script element before the
 * app's scripts (`<script type="application/json" id="home-data">`, `id="page-data"` or
 * `id="query-data"`, JSON in which `<` is escaped). A page without the markers is returned unchanged.
 */
export function withRenderedPage(
  indexHtml: string,
  page: Pick<RenderedPage, 'html' | 'styles'>,
  data: readonly FirstData[],
): string {
  const start = indexHtml.indexOf(APP_START);
  const end = indexHtml.indexOf(APP_END, start);
  if (start < 0 || end < 0) return indexHtml;
  const root = `${indexHtml.slice(0, start)}${page.html}${indexHtml.slice(end + APP_END.length)}`;
  // Functions as replacements, so that '$&' or "$'" in an ad's text stay text.
  const marked = root
    .replace('<div id="root">', () => '<div id="root" data-server-rendered="">')
    .replace('</head>', () => `${page.styles}\n  </head>`);
  return withFirstData(marked, data);
}

/** `html` with `title` (plain text, escaped here) as its `<title>`. */
export function withTitle(html: string, title: string): string {
  return html.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(title)}</title>`);
}

/** `html` with `description` (plain text, escaped here) as its meta description. */
export function withDescription(html: string, description: string): string {
  return html.replace(
    /<meta name="description" content="[^"]*"\s*\/?>/,
    () => `<meta name="description" content="${escapeHtml(description)}">`,
  );
}

/**
 * `html` with the answers a page was rendered from before `</body>` (see `withRenderedPage`), one
 * element per kind: a category or search address with filters carries the page's own answers
 * and those its rendering asked the API for.
 */
export function withFirstData(html: string, data: readonly FirstData[]): string {
  const elements = data.map(({ kind, json }) => {
    const id = { home: 'home-data', page: 'page-data', query: 'query-data' }[kind];
    return `<script type="application/json" id="${id}">${json}</script>\n  `;
  });
  return elements.length === 0 ? html : html.replace('</body>', () => `${elements.join('')}</body>`);
}

/**
 * `index.html` with a page's head data for search engines and messengers: its `<title>`, meta
 * description, canonical link, robots rule, alternate links (an RSS feed), OpenGraph tags and JSON-LD elements. Every text is
 * HTML-escaped; JSON-LD is serialized so that no text can close its script element
 * (`serialize-javascript`, which escapes `<`, `>`, `/` and the line separators).
 */
export function withPageHead(indexHtml: string, head: PageHead): string {
  const tags = [
    `<link rel="canonical" href="${escapeHtml(head.canonical)}">`,
    head.robots ? `<meta name="robots" content="${escapeHtml(head.robots)}">` : '',
    ...(head.alternates ?? []).map(
      ({ type, title, href }) =>
        `<link rel="alternate" type="${escapeHtml(type)}" title="${escapeHtml(title)}" href="${escapeHtml(href)}">`,
    ),
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
  return withDescription(withTitle(indexHtml, head.title), head.description).replace(
    '</head>',
    () => `${tags.join('\n    ')}\n  </head>`,
  );
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
