// German texts of the guide pages (/ratgeber…); the shell's links to them stay in i18n/de.ts. They
// live next to the feature, not in i18n/de.ts, so they load with its lazily loaded pages instead of
// the app's first script (home page JavaScript at most 250 kB gzipped, docs/benchmarks.md).

/** The guide pages (/ratgeber, /ratgeber/{slug}). */
export const guideTexts = {
  title: 'Ratgeber',
  intro:
    'Tipps rund ums Kaufen und Verkaufen: wie du sicher handelst, Betrug erkennst, gute Anzeigen schreibst und was rechtlich gilt.',
  readingTime: (minutes: number) => `${minutes} Min. Lesezeit`,
  updated: (date: string) => `Aktualisiert am ${date}`,
  read: 'Weiterlesen',
  contents: 'Inhalt',
  breadcrumb: 'Brotkrumen',
  home: 'Startseite',
  previous: 'Vorheriger Ratgeber',
  next: 'Nächster Ratgeber',
  more: 'Weitere Ratgeber',
  allGuides: 'Alle Ratgeber',
  notFound: 'Ratgeber nicht gefunden',
  notFoundText:
    'Diesen Ratgeber gibt es nicht (mehr). Vielleicht findest du deine Antwort in einem der anderen.',
  loadFailed: 'Der Ratgeber konnte nicht geladen werden.',
  listFailed: 'Die Ratgeber konnten nicht geladen werden.',
  retry: 'Erneut versuchen',
  helpHint: 'Deine Frage ist nicht dabei?',
  faqLink: 'Häufige Fragen',
  contactLink: 'Support kontaktieren',
};

/** `YYYY-MM-DD` as a German date ('20. November 2026'), the same on the server and in any browser's zone. */
export function guideDate(date: string): string {
  return new Date(`${date}T00:00:00Z`).toLocaleDateString('de-DE', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}
