/**
 * Texts of /calendar (docs/decisions/0016-texts-of-lazy-pages.md): the member's appointments
 * from chat and the events they take part in, and the calendar subscription.
 */
export const calendarTexts = {
  intro:
    'Hier siehst du die Termine, die du im Chat vereinbart hast (Besichtigungen und Abholungen), und die Events, an denen du teilnimmst.',
  loadFailed: 'Der Kalender konnte nicht geladen werden.',
  upcoming: 'Nächste Termine',
  noUpcoming:
    'Keine anstehenden Termine. Schlage im Chat über „Termin vorschlagen“ eine Besichtigung oder Abholung vor.',
  views: { month: 'Monat', week: 'Woche', list: 'Liste', today: 'Heute' },
  noEventsInView: 'Keine Termine in diesem Zeitraum.',
  status: {
    proposed: 'Angefragt',
    accepted: 'Vereinbart',
    declined: 'Abgelehnt',
    countered: 'Anderer Termin vorgeschlagen',
    cancelled: 'Abgesagt',
  },
  event: 'Event',
  types: { viewing: 'Besichtigung', pickup: 'Abholung' },
  with: (name: string) => `mit ${name}`,
  toConversation: 'Zur Unterhaltung',
  toListing: 'Zur Anzeige',
  toEvent: 'Zum Event',
  subscriptionTitle: 'Kalender-Abo',
  subscriptionIntro:
    'Abonniere deine Termine in Google Kalender, Apple Kalender oder Outlook. Die Adresse ist geheim: Wer sie kennt, sieht deine Termine.',
  subscriptionCreate: 'Abo-Adresse erstellen',
  subscriptionAddress: 'Deine Abo-Adresse',
  subscriptionCopy: 'Adresse kopieren',
  subscriptionCopied: 'Die Adresse ist kopiert.',
  subscriptionOpen: 'In Kalender-App öffnen',
  subscriptionRenew: 'Neue Adresse erstellen',
  subscriptionRenewHint: 'Die bisherige Adresse funktioniert danach nicht mehr.',
  subscriptionRenewed: 'Neue Adresse erstellt. Die alte funktioniert nicht mehr.',
  subscriptionHelp:
    'Google Kalender: „Weitere Kalender“ → „Per URL“. Apple Kalender: „Ablage“ → „Neues Kalenderabo“. Outlook: „Kalender hinzufügen“ → „Aus dem Internet abonnieren“.',
  actionFailed: 'Das hat nicht geklappt. Bitte versuche es erneut.',
} as const;
