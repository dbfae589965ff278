import { de } from '../../i18n/de.ts';

/** A link of a navigation list. */
export interface NavLink {
  key: string;
  label: string;
  to: string;
}

/** Desktop top link bar and mobile quick links bar, in this order (SPEC.md §2). */
export const QUICK_LINKS: readonly NavLink[] = [
  { key: 'entities', label: de.quickLinks.entities, to: '/entities' },
  { key: 'events', label: de.quickLinks.events, to: '/events' },
  { key: 'local-news', label: de.quickLinks.localNews, to: '/lokale-news' },
  { key: 'partner', label: de.quickLinks.becomePartner, to: '/partner-werden' },
  { key: 'career', label: de.quickLinks.career, to: '/karriere' },
  { key: 'help', label: de.quickLinks.help, to: '/hilfe' },
];
