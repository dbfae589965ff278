// German texts of the directory (/entities). They live next to the feature, not in i18n/de.ts, so
// they load with its lazily loaded page (docs/decisions/0016-texts-of-lazy-pages.md).
import type { EntityType } from '@marketplace/contract';

/** /entities: shops, service providers and members. */
export const entityTexts = {
  tabsLabel: 'Verzeichnis',
  tabs: { users: 'Mitglieder', shops: 'Shops', providers: 'Dienstleister' } satisfies Record<
    EntityType,
    string
  >,
  intro: {
    users: 'Mitglieder mit aktiven Anzeigen, die mit den meisten Anzeigen zuerst.',
    shops: 'Gewerbliche Verkäuferinnen und Verkäufer, deren Angaben wir geprüft haben.',
    providers:
      'Geprüfte Dienstleister in deiner Nähe: Handwerk, Nachhilfe, Umzüge, Reinigung, Kinderbetreuung und mehr.',
  } satisfies Record<EntityType, string>,
  search: 'Name suchen',
  empty: {
    users: 'Gerade hat niemand aktive Anzeigen.',
    shops: 'Noch keine Shops. Gewerbliche Verkäufer erscheinen hier, sobald wir ihre Angaben geprüft haben.',
    providers: 'Gerade bietet niemand Dienstleistungen an.',
  } satisfies Record<EntityType, string>,
  noMatch: (q: string) => `Niemand mit „${q}“ im Namen.`,
  activeListings: (n: number) =>
    n === 1 ? '1 aktive Anzeige' : `${n.toLocaleString('de-DE')} aktive Anzeigen`,
  services: (n: number) => (n === 1 ? '1 Dienstleistung' : `${n.toLocaleString('de-DE')} Dienstleistungen`),
  count: (n: number, capped: boolean) =>
    capped
      ? `Über ${n.toLocaleString('de-DE')} Einträge`
      : n === 1
        ? '1 Eintrag'
        : `${n.toLocaleString('de-DE')} Einträge`,
  more: 'Weitere laden',
  loadFailed: 'Das Verzeichnis konnte gerade nicht geladen werden.',
} as const;
