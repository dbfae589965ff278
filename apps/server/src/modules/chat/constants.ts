/** Fixed values the chat's use cases share: the id pattern and the German texts of its rules. */

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** German texts of the chat rules that are not in the error catalogue (contract `chat.ts`). */
export const texts = {
  reported: 'Danke! Wir prüfen die Unterhaltung.',
  ownListing: 'Das ist deine eigene Anzeige – du kannst dir dazu nicht selbst schreiben.',
  tooManyMessages: 'Du hast in kurzer Zeit sehr viele Nachrichten gesendet.',
  foreignImage:
    "Feld 'image': Fotos müssen über „Foto hinzufügen“ hochgeladen werden; fremde Bildadressen sind nicht erlaubt.",
  offerBuyerOnly: 'Nur Interessenten können einen Preisvorschlag machen.',
  offerListingGone: 'Diese Anzeige gibt es nicht mehr.',
  offerListingInactive: 'Diese Anzeige ist nicht mehr verfügbar.',
  offerStillOpen: 'Es gibt schon einen offenen Preisvorschlag. Warte bitte auf die Antwort.',
  offerNotFound: 'Diesen Preisvorschlag gibt es nicht.',
  offerOwn: 'Auf deinen eigenen Preisvorschlag kannst du nicht antworten.',
  reserveSellerOnly: 'Nur wer die Anzeige eingestellt hat, kann sie reservieren.',
  counterOnlySeller: 'Auf ein Gegenangebot kannst du nur zusagen oder absagen.',
  ratingNoListing: 'Bewerten kannst du nur nach einer Unterhaltung über eine Anzeige.',
  cursorUnknown: 'Diese Nachricht gibt es in dieser Unterhaltung nicht.',
  cursorBoth: "Parameter 'before': Bitte nur before oder after angeben, nicht beides.",
} as const;
