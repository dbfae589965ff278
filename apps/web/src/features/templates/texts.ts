/** Texts of /vorlagen, /text-templates and their buttons elsewhere (docs/decisions/0016-texts-of-lazy-pages.md). */
export const templateTexts = {
  // Ad templates (/vorlagen)
  intro:
    'Speichere Anzeigen, die du öfter aufgibst, als Vorlage: Titel, Text, Kategorie, Preis und Ort werden übernommen, Fotos nicht.',
  count: (count: number, max: number) => `${count} von ${max}`,
  empty: 'Du hast noch keine Vorlagen.',
  emptyHint:
    'Tippe im Anzeigenformular oder bei „Meine Anzeigen“ auf „Als Vorlage speichern“, um eine Vorlage anzulegen.',
  noCategory: 'Keine Kategorie',
  noPrice: 'Kein Preis',
  changedAt: (date: string) => `Zuletzt geändert am ${date}`,
  use: 'Anzeige erstellen',
  useLabel: (name: string) => `Neue Anzeige aus Vorlage „${name}“ erstellen`,
  rename: 'Umbenennen',
  renameLabel: (name: string) => `Vorlage „${name}“ umbenennen`,
  renameTitle: 'Vorlage umbenennen',
  renamed: 'Vorlage umbenannt.',
  delete: 'Löschen',
  deleteLabel: (name: string) => `Vorlage „${name}“ löschen`,
  deleteTitle: 'Vorlage löschen?',
  deleteText: (name: string) => `Die Vorlage „${name}“ wird gelöscht. Deine Anzeigen bleiben erhalten.`,
  deleted: 'Vorlage gelöscht.',
  cancel: 'Abbrechen',
  save: 'Speichern',
  loadFailed: 'Fehler beim Laden der Vorlagen',
  actionFailed: 'Das hat nicht geklappt. Bitte versuche es erneut.',
  // Saving an ad as a template (ad form, Meine Anzeigen)
  saveAsTemplate: 'Als Vorlage speichern',
  saveTitle: 'Als Vorlage speichern',
  saveHint: 'Die Vorlage übernimmt Titel, Text, Kategorie, Merkmale, Preis und Ort, aber keine Fotos.',
  nameLabel: 'Name der Vorlage',
  saved: 'Vorlage gespeichert.',
  // Starting an ad from a template (/create-listing?template=)
  fromTemplate: (name: string) =>
    `Die Anzeige ist mit der Vorlage „${name}“ vorausgefüllt. Füge noch Fotos hinzu.`,
  templateMissing: 'Diese Vorlage gibt es nicht mehr. Du kannst die Anzeige trotzdem ausfüllen.',
  // Text templates (/text-templates)
  textIntro:
    'Textvorlagen sind fertige Antworten für den Chat. Füge sie dort mit „Textvorlage einfügen“ ein.',
  textEmpty: 'Du hast keine Textvorlagen.',
  newText: 'Neue Textvorlage',
  add: 'Hinzufügen',
  added: 'Textvorlage hinzugefügt.',
  edit: 'Bearbeiten',
  editLabel: (index: number) => `Textvorlage ${index} bearbeiten`,
  updated: 'Textvorlage gespeichert.',
  moveUp: (index: number) => `Textvorlage ${index} nach oben`,
  moveDown: (index: number) => `Textvorlage ${index} nach unten`,
  deleteTextLabel: (index: number) => `Textvorlage ${index} löschen`,
  deleteTextTitle: 'Textvorlage löschen?',
  textDeleted: 'Textvorlage gelöscht.',
  textCount: (count: number, max: number) => `${count} von ${max} Textvorlagen`,
  textCounter: (count: number, max: number) => `${count}/${max}`,
  // Chat composer
  insert: 'Textvorlage einfügen',
  insertEmpty: 'Keine Textvorlagen',
  manage: 'Textvorlagen verwalten',
};
