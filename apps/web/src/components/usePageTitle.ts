import { createContext, useContext, useEffect } from 'react';
import { de } from '../i18n/de.ts';

/**
 * What a server rendering a page learns of its head (`entry-server.tsx`): the last title a page
 * named while it rendered, and the meta description if it named one. Absent in the browser.
 */
export interface PageTitleCollector {
  title: string | null;
  description: string | null;
}

/** Where {@link usePageTitle} tells a rendering server the page's title. */
export const PageTitleContext = createContext<PageTitleCollector | null>(null);

/**
 * Sets the browser tab title to "<title> – Marktplatz" while the page is shown, and with a
 * `description` (plain text, about 160 characters at most) the page's meta description until it
 * is left; on a server rendering the page, both go into its head
 * (docs/decisions/0030-one-layout-rendered-on-the-server.md).
 */
export function usePageTitle(title: string, description?: string): void {
  const collector = useContext(PageTitleContext);
  if (collector) {
    collector.title = `${title} – ${de.app.name}`;
    if (description) collector.description = description;
  }
  useEffect(() => {
    document.title = `${title} – ${de.app.name}`;
  }, [title]);
  useEffect(() => {
    const meta = description ? document.querySelector('meta[name="description"]') : null;
    if (!meta || !description) return;
    const before = meta.getAttribute('content') ?? '';
    meta.setAttribute('content', description);
    return () => meta.setAttribute('content', before);
  }, [description]);
}
