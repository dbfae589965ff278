import type { Profile, ProfileKind } from '@marketplace/contract';
import { create } from 'xmlbuilder2';
import { absolute, breadcrumbList, type PageHead, type SiteFacts } from '../../lib/page-head.ts';

/*
 * What the shop and provider pages (/shop/{id}, /provider/{id}) tell search engines in their
 * head (docs/decisions/0030-one-layout-rendered-on-the-server.md): title, description, canonical
 * and a schema.org `LocalBusiness`; their content is rendered by the web app's components from
 * `GET /api/profiles/{id}`.
 */

/** A profile page's status and head. */
export interface ShopPage {
  /** 404 for an unknown, unapproved or other-kind profile. */
  status: 200 | 404;
  head: PageHead;
}

const DIRECTORY: Record<ProfileKind, { name: string; path: string }> = {
  shop: { name: 'Shops', path: '/entities?type=shops' },
  provider: { name: 'Dienstleister', path: '/entities?type=providers' },
};

/** schema.org day names of ISO weekdays 1 (Monday) to 7. */
const SCHEMA_DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** About 160 characters: the city, then the start of the description. */
function describe(profile: Profile): string {
  const text = `${profile.business.postal_code} ${profile.business.city}: ${profile.description.replace(/\s+/g, ' ')}`;
  return text.length > 160 ? `${text.slice(0, 157).trimEnd()}…` : text;
}

/**
 * The head of `/shop/{id}` or `/provider/{id}`: title, description, canonical, a schema.org
 * `LocalBusiness` (address, phone, e-mail, opening hours, a provider's area served and its
 * services as offers, the VAT id) and the breadcrumb; 404 with `noindex` where there is no such
 * approved profile.
 */
export function profilePage(
  profile: Profile | null,
  kind: ProfileKind,
  id: string,
  site: SiteFacts,
): ShopPage {
  const path = `/${kind}/${encodeURIComponent(id)}`;
  const canonical = `${site.publicUrl}${path}`;
  if (!profile) {
    return {
      status: 404,
      head: {
        title: `Profil nicht gefunden | ${site.siteName}`,
        description: 'Dieses Profil gibt es nicht oder es ist nicht öffentlich.',
        canonical,
        robots: 'noindex, follow',
        openGraph: [],
        jsonLd: [],
      },
    };
  }
  const description = describe(profile);
  const title = `${profile.display_name} – ${kind === 'shop' ? 'Shop' : 'Dienstleister'} in ${profile.business.city} | ${site.siteName}`;
  const logo = profile.logo ? absolute(site, profile.logo) : null;
  const banner = profile.banner ? absolute(site, profile.banner) : null;
  const images = [
    ...(logo ? [logo] : []),
    ...(banner ? [banner] : []),
    ...profile.photos.map((photo) => absolute(site, photo.url)),
  ];
  const b = profile.business;
  const jsonLd: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'LocalBusiness',
    '@id': canonical,
    name: profile.display_name,
    legalName: profile.display_name,
    description: profile.description.slice(0, 5000),
    url: canonical,
    telephone: b.phone,
    email: b.email,
    address: {
      '@type': 'PostalAddress',
      streetAddress: b.street,
      postalCode: b.postal_code,
      addressLocality: b.city,
      addressCountry: 'DE',
    },
    ...(b.vat_id ? { vatID: b.vat_id } : {}),
    ...(b.website ? { sameAs: [b.website] } : {}),
    ...(logo ? { logo } : {}),
    ...(images.length > 0 ? { image: images } : {}),
    ...(profile.hours.length > 0
      ? {
          openingHoursSpecification: profile.hours.map((h) => ({
            '@type': 'OpeningHoursSpecification',
            dayOfWeek: `https://schema.org/${SCHEMA_DAYS[h.day - 1]}`,
            opens: h.opens,
            closes: h.closes,
          })),
        }
      : {}),
    ...(profile.area
      ? {
          areaServed: {
            '@type': 'GeoCircle',
            geoMidpoint: {
              '@type': 'PostalAddress',
              postalCode: profile.area.postal_code,
              addressCountry: 'DE',
            },
            geoRadius: profile.area.radius_km * 1000,
          },
        }
      : {}),
    ...(profile.services.length > 0
      ? {
          makesOffer: profile.services.map((service) => ({
            '@type': 'Offer',
            itemOffered: { '@type': 'Service', name: service.name },
            ...(service.price_min !== null
              ? {
                  priceSpecification: {
                    '@type': 'PriceSpecification',
                    priceCurrency: 'EUR',
                    minPrice: service.price_min,
                    ...(service.price_max !== null ? { maxPrice: service.price_max } : {}),
                  },
                }
              : {}),
          })),
        }
      : {}),
    inLanguage: 'de-DE',
  };
  return {
    status: 200,
    head: {
      title,
      description,
      canonical,
      robots: null,
      openGraph: [
        ['og:type', 'business.business'],
        ['og:site_name', site.siteName],
        ['og:locale', 'de_DE'],
        ['og:title', profile.display_name],
        ['og:description', description],
        ['og:url', canonical],
        // The wide banner suits link previews better than the square logo.
        ...((banner ?? logo) ? ([['og:image', banner ?? logo]] as [string, string][]) : []),
      ],
      jsonLd: [jsonLd, breadcrumbList(site, [DIRECTORY[kind], { name: profile.display_name, path }])],
    },
  };
}

/** `/sitemaps/shops.xml`: every approved shop's and provider's page with its last change. */
export function profileSitemap(
  publicUrl: string,
  profiles: readonly { id: string; kind: ProfileKind; updatedAt: Date }[],
): string {
  const root = create({ version: '1.0', encoding: 'UTF-8' }).ele('urlset', {
    xmlns: 'http://www.sitemaps.org/schemas/sitemap/0.9',
  });
  root.ele('url').ele('loc').txt(`${publicUrl}/shop-registration`);
  for (const profile of profiles) {
    const url = root.ele('url');
    url.ele('loc').txt(`${publicUrl}/${profile.kind}/${profile.id}`);
    url.ele('lastmod').txt(profile.updatedAt.toISOString());
  }
  return root.end();
}
