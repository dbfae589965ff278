import type { SiteConfig } from '@marketplace/contract';

/**
 * Where a server that renders pages (`apps/server/src/plugins/web-app.ts`) puts this
 * installation's public configuration before it loads the rendering code: there is no document
 * whose `site-config` element the texts could read (docs/decisions/0030-one-layout-rendered-on-the-server.md).
 * One installation per process, so one value per process.
 */
export const SERVER_SITE_GLOBAL = 'marketplaceSiteConfig';

/** The configuration a rendering server set (see {@link SERVER_SITE_GLOBAL}), or null in a browser. */
export function serverSiteConfig(): SiteConfig | null {
  const value: unknown = Reflect.get(globalThis, SERVER_SITE_GLOBAL);
  return typeof value === 'object' && value !== null ? (value as SiteConfig) : null;
}
