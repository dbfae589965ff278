// German texts of the seller analytics (/analytics). They live next to the feature, not in
// i18n/de.ts, so they load with its lazily loaded page (docs/decisions/0016-texts-of-lazy-pages.md).

/** /analytics: the figures of the member's own ads. */
export const analyticsTexts = {
  intro: 'So oft wurden deine Anzeigen angesehen, gemerkt und angefragt.',
  range: 'Zeitraum',
  days: (n: number) => `${n} Tage`,
  listing: 'Anzeige',
  allListings: 'Alle Anzeigen',
  views: 'Aufrufe',
  favorites: 'Gemerkt',
  contacts: 'Kontaktanfragen',
  perDay: 'Verlauf pro Tag',
  sources: 'Herkunft der Aufrufe',
  noViews: 'Noch keine Aufrufe in diesem Zeitraum.',
  topByViews: 'Meistgesehene Anzeigen',
  topByContacts: 'Meiste Kontaktanfragen',
  noneRanked: 'Noch keine Anzeige in diesem Zeitraum.',
  downloadCsv: 'CSV herunterladen',
  downloadFailed: 'Die CSV-Datei konnte nicht geladen werden.',
  loadFailed: 'Die Zahlen konnten nicht geladen werden.',
  notFound: 'Diese Anzeige gibt es nicht, oder sie gehört nicht dir.',
  showAll: 'Alle Anzeigen zeigen',
  period: (from: string, to: string) => `${from} bis ${to}`,
  countedHint:
    'Jede Person zählt pro Tag und Anzeige einmal, deine eigenen Aufrufe zählen nicht. Kontaktanfragen sind die ersten Nachrichten je Interessent.',
  /** Accessible name of a figure: its label and value. */
  figure: (label: string, value: string) => `${label}: ${value}`,
} as const;
