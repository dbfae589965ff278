import { EVENT_CATEGORY_NAMES, formatEventTime, type LocalEvent } from '@marketplace/contract';
import { create } from 'xmlbuilder2';
import { absolute, breadcrumbList, type PageHead, type SiteFacts } from '../../lib/page-head.ts';

/*
 * What the event pages (/events, /events/{id}) tell search engines and messengers in their head
 * (docs/decisions/0030-one-layout-rendered-on-the-server.md); their content is rendered by the web
 * app's components from `GET /api/events…`.
 */

/** An event page's status and head. */
export interface EventPage {
  /** 404 for an unknown event. */
  status: 200 | 404;
  head: PageHead;
}

export const EVENT_HEAD_TEXTS = {
  listTitle: 'Events in deiner Nähe',
  listDescription:
    'Flohmärkte, Konzerte, Sport, Workshops, Partys und Märkte in deiner Stadt: finde Veranstaltungen nach Ort, Umkreis und Datum und nimm teil.',
  notFound: 'Veranstaltung nicht gefunden',
  cancelled: 'Abgesagt',
} as const;

/** The head of `/events`. */
export function eventListPage(site: SiteFacts): EventPage {
  const canonical = `${site.publicUrl}/events`;
  const title = `${EVENT_HEAD_TEXTS.listTitle} | ${site.siteName}`;
  return {
    status: 200,
    head: {
      title,
      description: EVENT_HEAD_TEXTS.listDescription,
      canonical,
      robots: null,
      openGraph: [
        ['og:type', 'website'],
        ['og:site_name', site.siteName],
        ['og:locale', 'de_DE'],
        ['og:title', title],
        ['og:description', EVENT_HEAD_TEXTS.listDescription],
        ['og:url', canonical],
      ],
      jsonLd: [breadcrumbList(site, [{ name: 'Events', path: '/events' }])],
    },
  };
}

/** About 160 characters: when and where, then the start of the description. */
function describe(event: LocalEvent): string {
  const lead = `${formatEventTime(event.starts_at)} in ${event.postal_code} ${event.place}. `;
  const text = `${lead}${event.description.replace(/\s+/g, ' ').replace(/[#*_`>[\]]/g, '')}`;
  return text.length > 160 ? `${text.slice(0, 157).trimEnd()}…` : text;
}

/**
 * The head of `/events/{id}`: title, description, canonical, and a schema.org `Event` (start and
 * end with the Europe/Berlin offset, the place with its address, `offers` or
 * `isAccessibleForFree`, `eventStatus` EventScheduled or EventCancelled, the organiser) with the
 * breadcrumb; for an unknown event 404, `noindex`.
 */
export function eventPage(event: LocalEvent | null, id: string, site: SiteFacts): EventPage {
  const canonical = `${site.publicUrl}/events/${encodeURIComponent(id)}`;
  if (!event) {
    return {
      status: 404,
      head: {
        title: `${EVENT_HEAD_TEXTS.notFound} | ${site.siteName}`,
        description: EVENT_HEAD_TEXTS.listDescription,
        canonical,
        robots: 'noindex, follow',
        openGraph: [],
        jsonLd: [],
      },
    };
  }
  const cancelled = event.status === 'cancelled';
  const title = `${cancelled ? `${EVENT_HEAD_TEXTS.cancelled}: ` : ''}${event.title} | ${site.siteName}`;
  const description = describe(event);
  const image = event.image ? absolute(site, event.image) : null;
  const jsonLd: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: event.title,
    description: event.description.slice(0, 5000),
    startDate: event.starts_at,
    endDate: event.ends_at,
    eventStatus: cancelled ? 'https://schema.org/EventCancelled' : 'https://schema.org/EventScheduled',
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    location: {
      '@type': 'Place',
      name: event.address,
      address: {
        '@type': 'PostalAddress',
        streetAddress: event.address,
        postalCode: event.postal_code,
        addressLocality: event.place,
        addressCountry: 'DE',
      },
      geo: { '@type': 'GeoCoordinates', latitude: event.latitude, longitude: event.longitude },
    },
    organizer: { '@type': 'Person', name: event.organizer.name },
    isAccessibleForFree: event.is_free,
    offers: {
      '@type': 'Offer',
      price: event.price.toFixed(2),
      priceCurrency: 'EUR',
      url: canonical,
      availability:
        event.max_participants !== null && event.participant_count >= event.max_participants
          ? 'https://schema.org/SoldOut'
          : 'https://schema.org/InStock',
    },
    url: canonical,
    inLanguage: 'de-DE',
    ...(event.max_participants !== null ? { maximumAttendeeCapacity: event.max_participants } : {}),
    ...(image ? { image: [image] } : {}),
  };
  return {
    status: 200,
    head: {
      title,
      description,
      canonical,
      robots: cancelled ? 'noindex, follow' : null,
      openGraph: [
        ['og:type', 'website'],
        ['og:site_name', site.siteName],
        ['og:locale', 'de_DE'],
        ['og:title', event.title],
        ['og:description', description],
        ['og:url', canonical],
        ...(image ? ([['og:image', image]] as [string, string][]) : []),
      ],
      jsonLd: [
        jsonLd,
        breadcrumbList(site, [
          { name: 'Events', path: '/events' },
          { name: EVENT_CATEGORY_NAMES[event.category], path: `/events?category=${event.category}` },
          { name: event.title, path: `/events/${encodeURIComponent(event.id)}` },
        ]),
      ],
    },
  };
}

/** `/sitemaps/events.xml`: `/events` and every upcoming event's page with its last change. */
export function eventSitemap(publicUrl: string, events: readonly { id: string; updatedAt: Date }[]): string {
  const root = create({ version: '1.0', encoding: 'UTF-8' }).ele('urlset', {
    xmlns: 'http://www.sitemaps.org/schemas/sitemap/0.9',
  });
  root.ele('url').ele('loc').txt(`${publicUrl}/events`);
  for (const event of events) {
    const url = root.ele('url');
    url.ele('loc').txt(`${publicUrl}/events/${event.id}`);
    url.ele('lastmod').txt(event.updatedAt.toISOString());
  }
  return root.end();
}
