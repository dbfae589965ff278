import { DEFAULT_SITE_NAME, type SiteConfig } from '@marketplace/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api.ts';
import { isRecord } from '../../lib/guards.ts';
import { serverSiteConfig } from '../../lib/serverSite.ts';

/** The configuration of an installation that has set nothing (tests, the dev server). */
const UNCONFIGURED: SiteConfig = {
  name: DEFAULT_SITE_NAME,
  terms_version: '',
  operator: {
    name: null,
    address: null,
    email: null,
    phone: null,
    representative: null,
    register_court: null,
    register_number: null,
    vat_id: null,
    responsible: null,
  },
};

/**
 * The site configuration the server wrote into this page (`<script type="application/json"
 * id="site-config">`, apps/server/src/plugins/web-app.ts), or null when the page has none (the
 * Vite dev server, component tests) or it cannot be read. On a server that renders pages: the
 * configuration it set (`lib/serverSite.ts`). The server wrote it with the contract's
 * schema, so past its outline (name, AGB version, operator) it is taken as typed
 * (docs/decisions/0017-checks-off-the-first-load.md).
 */
export function servedSiteConfig(): SiteConfig | null {
  if (typeof document === 'undefined') return serverSiteConfig();
  const text = document.getElementById('site-config')?.textContent;
  if (!text) return null;
  try {
    const config: unknown = JSON.parse(text);
    return isRecord(config) &&
      typeof config.name === 'string' &&
      typeof config.terms_version === 'string' &&
      isRecord(config.operator)
      ? (config as SiteConfig)
      : null;
  } catch {
    return null;
  }
}

/** `GET /api/site`: name, current AGB version and operator data of this installation. */
export const siteConfigQuery = queryOptions({
  queryKey: ['site'],
  queryFn: ({ signal }) => apiFetch<SiteConfig>('/api/site', { signal, token: null }),
  staleTime: Number.POSITIVE_INFINITY,
});

/**
 * The site configuration: at once from the served page when it carries one, else from
 * `GET /api/site` (`isPending` until it answers). `config` falls back to an unconfigured site
 * while nothing is known, so texts can always be drawn.
 */
export function useSiteConfig(): { config: SiteConfig; isPending: boolean; isError: boolean } {
  const served = servedSiteConfig();
  const query = useQuery({ ...siteConfigQuery, initialData: served ?? undefined });
  return { config: query.data ?? UNCONFIGURED, isPending: query.isPending, isError: query.isError };
}

/** 'YYYY-MM-DD' as German readers write a date: '24. November 2026'. */
export function germanDate(isoDate: string): string {
  const date = new Date(`${isoDate}T12:00:00Z`);
  if (Number.isNaN(date.getTime())) return isoDate;
  return new Intl.DateTimeFormat('de-DE', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(date);
}
