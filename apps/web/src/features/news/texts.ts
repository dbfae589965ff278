// German texts of the local news pages (/lokale-news). They live next to the feature, not in
// i18n/de.ts, so they load with its lazily loaded pages. The categories' names come from the
// contract (`NEWS_CATEGORY_NAMES`), as the feed uses them too.

/** A date as '28. November 2026'. */
export function newsDate(iso: string): string {
  return new Date(iso).toLocaleDateString('de-DE', { day: 'numeric', month: 'long', year: 'numeric' });
}

export const newsTexts = {
  title: 'Lokale News',
  intro: 'Was in deiner Region passiert: Politik, Kultur, Sport, Wirtschaft, Verkehr und Vereine.',
  place: 'PLZ oder Ort',
  radius: 'Umkreis',
  radiusKm: (km: number) => `${km} km`,
  wholeCountry: 'Ganz Deutschland',
  category: 'Rubrik',
  allCategories: 'Alle Rubriken',
  show: 'Anzeigen',
  resetPlace: 'Ort entfernen',
  near: (place: string, km: number) => `Artikel im Umkreis von ${km} km um ${place}`,
  everywhere: 'Die neuesten Artikel aus ganz Deutschland',
  count: (n: number) => (n === 1 ? '1 Artikel' : `${n} Artikel`),
  none: 'Hier gibt es noch keine Artikel. Wähle einen größeren Umkreis oder eine andere Rubrik.',
  loadFailed: 'Die Artikel konnten nicht geladen werden. Bitte versuche es erneut.',
  rss: 'RSS-Feed',
  write: 'Artikel schreiben',
  readingTime: (minutes: number) => `${minutes} Min. Lesezeit`,
  by: (name: string) => `Von ${name}`,
  pages: 'Seiten',
  home: 'Startseite',
  breadcrumb: 'Brotkrumen',
  related: 'Weitere Artikel',
  notFound: 'Artikel nicht gefunden',
  notFoundText: 'Diesen Artikel gibt es nicht (mehr).',
  allArticles: 'Alle lokalen News',
  edit: 'Bearbeiten',
  delete: 'Löschen',
  deleteConfirm: 'Diesen Artikel wirklich löschen?',
  deleted: 'Der Artikel wurde gelöscht.',
  cancel: 'Abbrechen',
  // The writer's page
  writerTitle: 'Lokale News schreiben',
  writerNoRight:
    'Lokale News schreiben Redakteur:innen und Administratoren. Wenn du für deinen Ort schreiben möchtest, melde dich über das Kontaktformular bei uns.',
  newArticle: 'Neuer Artikel',
  editArticle: 'Artikel bearbeiten',
  fieldTitle: 'Titel',
  fieldTeaser: 'Vorspann',
  fieldTeaserHelp: 'Ein bis zwei Sätze, die in der Liste und in Suchmaschinen erscheinen.',
  fieldBody: 'Text',
  fieldBodyHelp: 'Markdown: **fett**, *kursiv*, ## Zwischenüberschrift, - Aufzählung, [Link](https://…)',
  fieldPostalCode: 'Postleitzahl des Ortes',
  fieldImage: 'Bild hochladen',
  imageUploading: 'Bild wird hochgeladen …',
  removeImage: 'Bild entfernen',
  publish: 'Veröffentlichen',
  save: 'Änderungen speichern',
  published: 'Der Artikel ist veröffentlicht.',
  saved: 'Die Änderungen sind gespeichert.',
  saveFailed: 'Der Artikel konnte nicht gespeichert werden.',
  yourArticles: 'Deine Artikel',
  allArticlesAdmin: 'Alle Artikel',
  noArticles: 'Noch keine Artikel.',
  loginNeeded: 'Bitte melde dich an, um Artikel zu schreiben.',
} as const;
