/*
 * The head of a public page the server sends (docs/decisions/0030-one-layout-rendered-on-the-server.md):
 * every module with public pages describes it in this shape, and the web-app plugin writes it.
 */

/** Where the site lives and what it is called (`PUBLIC_URL`, `SITE_NAME`). */
export interface SiteFacts {
  /** Absolute URL without a trailing slash, e.g. 'https://www.example.de'. */
  publicUrl: string;
  siteName: string;
}

/**
 * What a page's `<head>` says about it to search engines and messengers. Plain text and
 * absolute URLs: the web-app plugin escapes everything when it writes the head.
 */
export interface PageHead {
  title: string;
  /** About 160 characters at most. */
  description: string;
  /** The page's one address (absolute). */
  canonical: string;
  /** 'noindex, follow' for pages that should not be listed (gone, unknown, no hits); else null. */
  robots: string | null;
  /** Other forms of the page, e.g. its RSS feed: `<link rel="alternate" type title href>` (absolute). */
  alternates?: { type: string; title: string; href: string }[];
  /** OpenGraph tags as [property, content] pairs (og:title, og:image, product:price:amount, ...). */
  openGraph: [string, string][];
  /** schema.org objects for `<script type="application/ld+json">` elements. */
  jsonLd: Record<string, unknown>[];
}

/** The first step of every breadcrumb. */
const HOME_CRUMB = 'Startseite';

/** One step of a breadcrumb: its text and the path it links to. */
export interface Crumb {
  name: string;
  path: string;
}

/** `pathOrUrl` as an absolute URL under `PUBLIC_URL`. */
export function absolute(site: SiteFacts, pathOrUrl: string): string {
  return new URL(pathOrUrl, `${site.publicUrl}/`).href;
}

/** schema.org BreadcrumbList: the home page, then `crumbs`, each with position, name and item. */
export function breadcrumbList(site: SiteFacts, crumbs: readonly Crumb[]): Record<string, unknown> {
  const all = [{ name: HOME_CRUMB, path: '/' }, ...crumbs];
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: all.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: absolute(site, crumb.path),
    })),
  };
}

/**
 * The OpenGraph tags of a page: `og:type` (website unless given), site name, German locale,
 * title, description and its address.
 */
export function openGraphOf(
  site: SiteFacts,
  page: { title: string; description: string; canonical: string; type?: string },
): [string, string][] {
  return [
    ['og:type', page.type ?? 'website'],
    ['og:site_name', site.siteName],
    ['og:locale', 'de_DE'],
    ['og:title', page.title],
    ['og:description', page.description],
    ['og:url', page.canonical],
  ];
}
