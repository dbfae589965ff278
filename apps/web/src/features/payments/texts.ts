import type { OrderStatus } from '@marketplace/contract';

/** Texts of /payments, the promotion dialog and the ADMINs' payments panel (docs/decisions/0016-texts-of-lazy-pages.md). */
export const paymentTexts = {
  // Promotion dialog (Meine Anzeigen, an own ad's page)
  promote: 'Anzeige bewerben',
  promoteLabel: (title: string) => `Anzeige „${title}“ bewerben`,
  dialogTitle: 'Mehr Reichweite für deine Anzeige',
  option: 'Werbeoption',
  vatIncluded: 'Preis inkl. 19 % MwSt.',
  billing: 'Rechnungsadresse',
  name: 'Name oder Firma',
  street: 'Straße und Hausnummer',
  postalCode: 'PLZ',
  city: 'Ort',
  method: 'Zahlungsart',
  invoiceHint:
    'Du erhältst sofort eine Rechnung mit Bankverbindung und GiroCode. Die Werbeoption startet, sobald deine Überweisung eingegangen ist.',
  stripeHint:
    'Du bezahlst gleich auf der sicheren Seite von Stripe. Die Werbeoption startet, sobald die Zahlung bestätigt ist; die Rechnung findest du dann unter „Zahlungen“.',
  stripeReturned: (reference: string) =>
    `Danke für deine Zahlung zu ${reference}. Sobald Stripe sie bestätigt, startet die Werbeoption und die Rechnung erscheint hier.`,
  order: 'Zahlungspflichtig bestellen',
  cancel: 'Abbrechen',
  ordered: 'Bestellt. Die Rechnung findest du unter „Zahlungen“.',
  orderFailed: 'Die Bestellung hat nicht geklappt. Bitte versuche es erneut.',
  // /payments
  intro:
    'Hier findest du deine Bestellungen von Werbeoptionen, ihre Rechnungen und deine laufenden Top-Anzeigen und Highlights.',
  activeTitle: 'Laufende Werbeoptionen',
  noActive: 'Gerade läuft keine Werbeoption.',
  endsAt: (date: string) => `bis ${date}`,
  ordersTitle: 'Meine Bestellungen',
  noOrders: 'Du hast noch keine Werbeoption gebucht. Bewerben kannst du eine Anzeige unter „Meine Anzeigen“.',
  toMyListings: 'Zu „Meine Anzeigen“',
  status: {
    pending: 'Zahlung offen',
    paid: 'Bezahlt',
    cancelled: 'Storniert',
    lapsed: 'Verfallen',
  } satisfies Record<OrderStatus, string>,
  orderedOn: (date: string) => `Bestellt am ${date}`,
  paidOn: (date: string) => `Bezahlt am ${date}`,
  orderNumber: (reference: string) => `Bestellnummer ${reference}`,
  transferTitle: 'Bitte überweise',
  recipient: 'Empfänger',
  iban: 'IBAN',
  bic: 'BIC',
  amount: 'Betrag',
  reference: 'Verwendungszweck',
  dueAt: (date: string) => `Zahlbar bis ${date}. Ohne Zahlungseingang verfällt die Bestellung.`,
  girocodeAlt: 'GiroCode für die Überweisung: mit der Banking-App scannen',
  invoice: (number: string) => `Rechnung ${number}`,
  creditNote: (number: string) => `Gutschrift ${number}`,
  downloadFailed: 'Die Rechnung konnte nicht geladen werden.',
  loadFailed: 'Fehler beim Laden der Zahlungen',
  // Top-Anzeigen above results
  topTitle: 'Top-Anzeigen',
  // ADMINs' panel
  adminTitle: 'Zahlungen',
  revenueTitle: 'Umsatz je Monat und Werbeoption',
  noRevenue: 'Noch keine bezahlten Bestellungen.',
  month: 'Monat',
  orders: 'Bestellungen',
  gross: 'Brutto',
  net: 'Netto',
  openTitle: 'Offene Überweisungen',
  noOpen: 'Keine offenen Überweisungen.',
  paidTitle: 'Zuletzt bezahlt',
  markPaid: 'Zahlung erhalten',
  cancelOrder: 'Stornieren',
  confirmCancel: (reference: string) =>
    `Bestellung ${reference} stornieren? Die Werbeoption endet, und die Rechnung erhält eine Gutschrift.`,
  markedPaid: 'Zahlung verbucht, die Werbeoption läuft.',
  cancelled: 'Bestellung storniert, Gutschrift erstellt.',
  actionFailed: 'Das hat nicht geklappt. Bitte versuche es erneut.',
};
