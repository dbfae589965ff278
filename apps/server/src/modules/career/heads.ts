import { CAREER_TEAM_NAMES, EMPLOYMENT_TYPE_NAMES } from '@marketplace/contract';
import { create } from 'xmlbuilder2';
import type { Database } from '../../db/client.ts';
import { breadcrumbList, openGraphOf, type PageHead, type SiteFacts } from '../../lib/page-head.ts';
import type { JobPositionRow } from './schema.ts';
import { findPositionBySlug, listOpenPositions, openPositionDates } from './service.ts';

/*
 * What the career pages (/karriere, /karriere/{slug}) tell search engines in their head; their
 * content is rendered by the web app's components from `GET /api/career/…` (as the guide pages,
 * docs/decisions/0030-one-layout-rendered-on-the-server.md). The shape is the shared `PageHead`.
 */

/** A career page's status and head: 404 for an unknown position, 410 for a closed one (as ads that are gone). */
export interface CareerPage {
  status: 200 | 404 | 410;
  head: PageHead;
}

/** Texts of the career pages' heads (the web app's career texts say the same on the page). */
export const CAREER_HEAD_TEXTS = {
  listTitle: 'Karriere',
  listDescription:
    'Arbeiten beim Kleinanzeigen-Marktplatz aus deiner Region: offene Stellen in Technik, Community und Kundenservice, wie wir arbeiten und was wir bieten.',
  notFound: 'Stelle nicht gefunden',
  closed: 'Stelle nicht mehr ausgeschrieben',
} as const;

/** The head of `/karriere`: the open positions as a schema.org `ItemList`. */
export async function careerListPage(db: Database, site: SiteFacts): Promise<CareerPage> {
  const canonical = `${site.publicUrl}/karriere`;
  const title = `${CAREER_HEAD_TEXTS.listTitle} | ${site.siteName}`;
  const { positions } = await listOpenPositions(db);
  return {
    status: 200,
    head: {
      title,
      description: CAREER_HEAD_TEXTS.listDescription,
      canonical,
      robots: null,
      openGraph: openGraphOf(site, {
        title: title,
        description: CAREER_HEAD_TEXTS.listDescription,
        canonical,
      }),
      jsonLd: [
        breadcrumbList(site, [{ name: CAREER_HEAD_TEXTS.listTitle, path: '/karriere' }]),
        {
          '@context': 'https://schema.org',
          '@type': 'ItemList',
          itemListElement: positions.map((position, index) => ({
            '@type': 'ListItem',
            position: index + 1,
            name: position.title,
            url: `${site.publicUrl}/karriere/${position.slug}`,
          })),
        },
      ],
    },
  };
}

/**
 * The schema.org `JobPosting` of an open position (Google's job search): title, the text as HTML,
 * `datePosted`, `employmentType` FULL_TIME or PART_TIME, the site's operator as
 * `hiringOrganization`, the place as `jobLocation` (Germany) and, when remote work is possible,
 * `jobLocationType` TELECOMMUTE for applicants in Germany.
 */
export function jobPosting(row: JobPositionRow, site: SiteFacts, canonical: string): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'JobPosting',
    title: row.title,
    description: row.html,
    identifier: { '@type': 'PropertyValue', name: site.siteName, value: row.id },
    datePosted: row.postedAt.toISOString(),
    employmentType: row.employmentType === 'full_time' ? 'FULL_TIME' : 'PART_TIME',
    industry: 'Online-Marktplatz',
    occupationalCategory: CAREER_TEAM_NAMES[row.team],
    hiringOrganization: { '@type': 'Organization', name: site.siteName, sameAs: `${site.publicUrl}/` },
    jobLocation: {
      '@type': 'Place',
      address: { '@type': 'PostalAddress', addressLocality: row.location, addressCountry: 'DE' },
    },
    ...(row.remote
      ? {
          jobLocationType: 'TELECOMMUTE',
          applicantLocationRequirements: { '@type': 'Country', name: 'Deutschland' },
        }
      : {}),
    directApply: true,
    url: canonical,
  };
}

/**
 * The head of `/karriere/{slug}`: the position's title, its summary as description, its canonical
 * address, the `JobPosting` and the breadcrumb; for an unknown position 404, for a closed one 410,
 * both `noindex` and without JSON-LD.
 */
export async function careerPositionPage(db: Database, slug: string, site: SiteFacts): Promise<CareerPage> {
  const row = /^[a-z0-9-]{1,100}$/.test(slug) ? await findPositionBySlug(db, slug) : null;
  const canonical = `${site.publicUrl}/karriere/${encodeURIComponent(slug)}`;
  if (row?.status !== 'open') {
    return {
      status: row ? 410 : 404,
      head: {
        title: `${row ? CAREER_HEAD_TEXTS.closed : CAREER_HEAD_TEXTS.notFound} | ${site.siteName}`,
        description: CAREER_HEAD_TEXTS.listDescription,
        canonical,
        robots: 'noindex, follow',
        openGraph: [],
        jsonLd: [],
      },
    };
  }
  const kind = `${EMPLOYMENT_TYPE_NAMES[row.employmentType]}, ${row.location}${row.remote ? ' oder remote' : ''}`;
  const title = `${row.title} (${kind}) | ${site.siteName}`;
  return {
    status: 200,
    head: {
      title,
      description: row.summary,
      canonical,
      robots: null,
      openGraph: openGraphOf(site, { title: row.title, description: row.summary, canonical }),
      jsonLd: [
        jobPosting(row, site, canonical),
        breadcrumbList(site, [
          { name: CAREER_HEAD_TEXTS.listTitle, path: '/karriere' },
          { name: row.title, path: `/karriere/${row.slug}` },
        ]),
      ],
    },
  };
}

/**
 * The sitemap of the career pages (sitemaps.org): `/karriere` and each open position with its last
 * change as `lastmod`; closed positions are left out.
 * @param publicUrl the site's absolute URL without trailing slash (`PUBLIC_URL`)
 */
export async function careerSitemap(db: Database, publicUrl: string): Promise<string> {
  const positions = await openPositionDates(db);
  const root = create({ version: '1.0', encoding: 'UTF-8' }).ele('urlset', {
    xmlns: 'http://www.sitemaps.org/schemas/sitemap/0.9',
  });
  const overview = root.ele('url');
  overview.ele('loc').txt(`${publicUrl}/karriere`);
  const newest = positions.map((position) => position.updatedAt.getTime()).sort((a, b) => b - a)[0];
  if (newest !== undefined) overview.ele('lastmod').txt(new Date(newest).toISOString());
  for (const position of positions) {
    const url = root.ele('url');
    url.ele('loc').txt(`${publicUrl}/karriere/${position.slug}`);
    url.ele('lastmod').txt(position.updatedAt.toISOString());
  }
  return root.end();
}
