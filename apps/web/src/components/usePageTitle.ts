import { createContext, useContext, useEffect } from 'react';
import { de } from '../i18n/de.ts';

/**
 * What a server rendering a page learns of its title (`entry-server.tsx`): the last title a page
 * named while it rendered. Absent in the browser.
 */
export interface PageTitleCollector {
  title: string | null;
}

/** Where {@link usePageTitle} tells a rendering server the page's title. */
export const PageTitleContext = createContext<PageTitleCollector | null>(null);

/**
 * Sets the browser tab title to "<title> – Marktplatz" while the page is shown; on a server
 * rendering the page, the title goes into its `<title>` (docs/decisions/0030-one-layout-rendered-on-the-server.md).
 */
export function usePageTitle(title: string): void {
  const collector = useContext(PageTitleContext);
  if (collector) collector.title = `${title} – ${de.app.name}`;
  useEffect(() => {
    document.title = `${title} – ${de.app.name}`;
  }, [title]);
}
