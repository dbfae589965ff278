import { breadcrumbList, openGraphOf, type PageHead, type SiteFacts } from '../../lib/page-head.ts';
import type { GuideCatalogue } from './catalogue.ts';

/*
 * What the guide pages (/ratgeber, /ratgeber/{slug}) tell search engines and messengers in their
 * head; their content is rendered by the web app's components from `GET /api/guides…`
 * (docs/decisions/0030-one-layout-rendered-on-the-server.md, 0036-guides-as-markdown-files.md).
 * The shape is the shared `PageHead` (lib/page-head.ts), which the web-app plugin writes into the page.
 */

/** A guide page's status and head. */
export interface GuidePage {
  /** 404 for an unknown guide. */
  status: 200 | 404;
  head: PageHead;
}

/** Texts of the guide pages' heads (the web app's guide texts say the same on the page). */
export const GUIDE_HEAD_TEXTS = {
  listTitle: 'Ratgeber',
  listDescription:
    'Ratgeber für Kleinanzeigen: sicher kaufen und verkaufen, Betrug erkennen, Versand, Übergabe, Preise, Gewährleistung und Verkaufen als Gewerbe.',
  notFound: 'Ratgeber nicht gefunden',
} as const;

/** The head of `/ratgeber`: the list of guides, with a schema.org `ItemList` of their pages. */
export function guideListPage(guides: GuideCatalogue, site: SiteFacts): GuidePage {
  const canonical = `${site.publicUrl}/ratgeber`;
  const title = `${GUIDE_HEAD_TEXTS.listTitle} | ${site.siteName}`;
  return {
    status: 200,
    head: {
      title,
      description: GUIDE_HEAD_TEXTS.listDescription,
      canonical,
      robots: null,
      openGraph: openGraphOf(site, {
        title: title,
        description: GUIDE_HEAD_TEXTS.listDescription,
        canonical,
      }),
      jsonLd: [
        breadcrumbList(site, [{ name: GUIDE_HEAD_TEXTS.listTitle, path: '/ratgeber' }]),
        {
          '@context': 'https://schema.org',
          '@type': 'ItemList',
          itemListElement: guides.list().guides.map((guide, index) => ({
            '@type': 'ListItem',
            position: index + 1,
            name: guide.title,
            url: `${site.publicUrl}/ratgeber/${guide.slug}`,
          })),
        },
      ],
    },
  };
}

/**
 * The head of `/ratgeber/{slug}`: the guide's title and description, its canonical address, and
 * a schema.org `Article` (headline, description, date of its last revision, the site as author
 * and publisher) with the breadcrumb; for an unknown guide 404, `noindex`.
 */
export function guidePage(guides: GuideCatalogue, slug: string, site: SiteFacts): GuidePage {
  const guide = guides.find(slug);
  const canonical = `${site.publicUrl}/ratgeber/${encodeURIComponent(slug)}`;
  if (!guide) {
    return {
      status: 404,
      head: {
        title: `${GUIDE_HEAD_TEXTS.notFound} | ${site.siteName}`,
        description: GUIDE_HEAD_TEXTS.listDescription,
        canonical,
        robots: 'noindex, follow',
        openGraph: [],
        jsonLd: [],
      },
    };
  }
  const title = `${guide.title} | ${site.siteName}`;
  const organization = { '@type': 'Organization', name: site.siteName, url: `${site.publicUrl}/` };
  return {
    status: 200,
    head: {
      title,
      description: guide.description,
      canonical,
      robots: null,
      openGraph: [
        ['og:type', 'article'],
        ['og:site_name', site.siteName],
        ['og:locale', 'de_DE'],
        ['og:title', guide.title],
        ['og:description', guide.description],
        ['og:url', canonical],
        ['article:modified_time', guide.updated],
      ],
      jsonLd: [
        {
          '@context': 'https://schema.org',
          '@type': 'Article',
          headline: guide.title,
          description: guide.description,
          dateModified: guide.updated,
          inLanguage: 'de-DE',
          timeRequired: `PT${guide.reading_minutes}M`,
          mainEntityOfPage: canonical,
          url: canonical,
          author: organization,
          publisher: organization,
        },
        breadcrumbList(site, [
          { name: GUIDE_HEAD_TEXTS.listTitle, path: '/ratgeber' },
          { name: guide.title, path: `/ratgeber/${encodeURIComponent(guide.slug)}` },
        ]),
      ],
    },
  };
}
