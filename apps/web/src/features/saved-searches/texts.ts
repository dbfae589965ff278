/** Texts of the saved-searches section on /favorites (docs/decisions/0016-texts-of-lazy-pages.md). */
export const savedSearchTexts = {
  heading: 'Gespeicherte Suchen',
  count: (count: number, max: number) => `${count} von ${max}`,
  empty: 'Du hast noch keine Suchen gespeichert.',
  emptyHint:
    'Tippe bei einer Suche oder Kategorie auf „Suche speichern“, dann benachrichtigen wir dich über neue passende Anzeigen.',
  open: 'Öffnen',
  openLabel: (name: string) => `Suche „${name}“ öffnen`,
  alerts: 'Benachrichtigen',
  alertsLabel: (name: string) => `Benachrichtigungen für „${name}“`,
  delete: 'Löschen',
  deleteLabel: (name: string) => `Suche „${name}“ löschen`,
  deleted: 'Gespeicherte Suche gelöscht.',
  frequency: { instant: 'Sofort', daily: 'Täglich', off: 'Aus' },
  frequencyChanged: {
    instant: 'Du wirst sofort über jede neue passende Anzeige benachrichtigt.',
    daily: 'Du bekommst einmal am Tag eine Nachricht über neue passende Anzeigen.',
    off: 'Keine Benachrichtigungen mehr für diese Suche.',
  },
  savedAt: (date: string) => `Gespeichert am ${date}`,
  loadFailed: 'Fehler beim Laden der gespeicherten Suchen',
  actionFailed: 'Das hat nicht geklappt. Bitte versuche es erneut.',
};
