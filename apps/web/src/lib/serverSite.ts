import { SERVER_SITE_GLOBAL, type SiteConfig } from '@marketplace/contract';

/**
 * The configuration a server rendering pages set before it loaded the app (the contract's
 * `SERVER_SITE_GLOBAL`), or null in a browser.
 */
export function serverSiteConfig(): SiteConfig | null {
  const value: unknown = Reflect.get(globalThis, SERVER_SITE_GLOBAL);
  return typeof value === 'object' && value !== null ? (value as SiteConfig) : null;
}
