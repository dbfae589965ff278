import { useEffect } from 'react';
import { de } from '../i18n/de.ts';

/** Sets the browser tab title to "<title> – Marktplatz" while the page is shown. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} – ${de.app.name}`;
  }, [title]);
}
