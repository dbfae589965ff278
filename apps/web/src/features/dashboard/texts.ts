// German texts of the member's dashboard (/dashboard). They live next to the feature, not in
// i18n/de.ts, so they load with its lazily loaded page (docs/decisions/0016-texts-of-lazy-pages.md).

const count = (n: number) => n.toLocaleString('de-DE');

/** /dashboard: the member's overview. */
export const dashboardTexts = {
  greeting: (name: string) => `Hallo, ${name}!`,
  intro: 'Hier siehst du auf einen Blick, was sich bei dir tut.',
  overview: 'Überblick',
  activeListings: 'Aktive Anzeigen',
  otherStatuses: (reserved: number, sold: number) =>
    `${count(reserved)} reserviert · ${count(sold)} verkauft`,
  views: 'Aufrufe',
  viewsHint: 'deiner Anzeigen',
  watchers: 'Gemerkt',
  watchersHint: 'von anderen gemerkt',
  /** When the member has more ads than the first page: the sums cover the newest 100. */
  newestOnly: (n: number) => `in deinen neuesten ${count(n)} Anzeigen`,
  messages: 'Nachrichten',
  messagesHint: 'ungelesen im Chat',
  notifications: 'Benachrichtigungen',
  notificationsHint: 'ungelesen',
  favorites: 'Favoriten',
  favoritesHint: 'gemerkte Anzeigen',
  savedSearches: 'Gespeicherte Suchen',
  savedSearchesHint: (alerts: number) => `${count(alerts)} mit Benachrichtigung`,
  followers: 'Follower',
  followersHint: (following: number) => `Du folgst ${count(following)}`,
  latest: 'Deine neuesten Anzeigen',
  allListings: 'Alle Anzeigen',
  empty: 'Du hast noch keine Anzeigen.',
  createListing: 'Anzeige aufgeben',
  /** To /feed, which phones reach from here (their header has no feed button). */
  feed: 'Dein Feed',
  /** To /vorlagen: ad templates to post similar ads quickly. */
  templates: 'Anzeigenvorlagen',
  /** To /text-templates: ready answers for the chat. */
  textTemplates: 'Textvorlagen',
  settings: 'Einstellungen',
  loadFailed: 'Deine Anzeigen konnten nicht geladen werden.',
  /** Accessible name of a tile: its label and value. */
  tile: (label: string, value: string) => `${label}: ${value}`,
} as const;
