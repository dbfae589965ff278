// German texts of the classic views (/listings-old, /dashboard-old). They live next to the
// feature, not in i18n/de.ts, so they load with its lazily loaded pages
// (docs/decisions/0016-texts-of-lazy-pages.md).
import type { MyListingsBulkAction } from '@marketplace/contract';

const count = (n: number) => n.toLocaleString('de-DE');
const ads = (n: number) => (n === 1 ? '1 Anzeige' : `${count(n)} Anzeigen`);

/** The past participle of each bulk action in the result line. */
const DONE: Record<MyListingsBulkAction, string> = {
  reserve: 'reserviert',
  sold: 'als verkauft markiert',
  extend: 'verlängert',
  delete: 'gelöscht',
};

/** The table of one's own ads, its filter, export and bulk actions. */
export const classicTexts = {
  intro: 'Alle deine Anzeigen in einer Tabelle: sortieren, filtern, mehrere auf einmal bearbeiten.',
  tableLabel: 'Deine Anzeigen',
  columns: {
    title: 'Titel',
    price: 'Preis',
    status: 'Status',
    views: 'Aufrufe',
    favorites: 'Merken',
    messages: 'Nachrichten',
    createdAt: 'Erstellt',
    expiresAt: 'Läuft ab',
  },
  statusFilter: 'Status',
  allStatuses: 'Alle',
  search: 'Titel suchen',
  exportCsv: 'CSV exportieren',
  exportFailed: 'Der Export ist fehlgeschlagen. Bitte versuche es erneut.',
  loadFailed: 'Deine Anzeigen konnten nicht geladen werden.',
  empty: 'Keine Anzeigen gefunden.',
  selected: (n: number) => `${ads(n)} ausgewählt`,
  actions: {
    reserve: 'Reservieren',
    sold: 'Als verkauft markieren',
    extend: 'Verlängern',
    delete: 'Löschen',
  } satisfies Record<MyListingsBulkAction, string>,
  confirmTitle: {
    reserve: (n: number) => `${ads(n)} reservieren?`,
    sold: (n: number) => `${ads(n)} als verkauft markieren?`,
    extend: (n: number) => `${ads(n)} verlängern?`,
    delete: (n: number) => `${ads(n)} löschen?`,
  } satisfies Record<MyListingsBulkAction, (n: number) => string>,
  confirmText: {
    reserve: 'Die Anzeigen bleiben sichtbar und werden als reserviert gekennzeichnet.',
    sold: 'Die Anzeigen werden als verkauft gekennzeichnet.',
    extend: 'Aktive und abgelaufene Anzeigen laufen ab heute weitere 60 Tage.',
    delete:
      'Die Anzeigen werden mit ihren Fotos endgültig gelöscht. Das kann nicht rückgängig gemacht werden.',
  } satisfies Record<MyListingsBulkAction, string>,
  cancel: 'Abbrechen',
  bulkFailed: 'Die Aktion ist fehlgeschlagen. Bitte versuche es erneut.',
  /**
   * The result line: '12 Anzeigen verlängert, 1 nicht möglich: <reason>' (the reasons in German
   * from the server, each once).
   */
  result: (action: MyListingsBulkAction, changed: number, reasons: readonly string[], failed: number) =>
    `${ads(changed)} ${DONE[action]}${failed > 0 ? `, ${count(failed)} nicht möglich: ${reasons.join('; ')}` : ''}`,
  /** The table's heading on /dashboard-old. */
  dashboardTable: 'Deine Anzeigen',
} as const;
