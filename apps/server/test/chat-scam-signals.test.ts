import type { ChatWarning } from '@marketplace/contract';
import { describe, expect, it } from 'vitest';
import { scamSignals } from '../src/modules/chat/index.ts';

/**
 * The scam shield's classifier (docs/decisions/0031-scam-shield-in-chat.md) on a corpus written
 * for this test: German scam messages of the kinds members of classifieds sites report, each with
 * the signal it must carry, and ordinary messages about prices, times, addresses, shipping and
 * PayPal with buyer protection. Every scam message is warned of; at most two ordinary ones are.
 */

const OWN_HOST = 'kleinanzeigen.example';
const check = (text: string) => scamSignals(text, { ownHosts: [OWN_HOST] });

/** Scam messages and the signal each must carry (it may carry more). */
const SCAM: readonly (readonly [string, ChatWarning])[] = [
  // Off the platform: messengers, e-mail, phone numbers to write to.
  ['Schreib mir bitte auf WhatsApp 0176 1234567', 'off_platform'],
  [
    'Hallo, ich bin gerade unterwegs. Können wir auf WhatsApp weiterschreiben? +49 151 23456789',
    'off_platform',
  ],
  ['Bitte kontaktieren Sie mich per E-Mail: max.mueller1978@gmail.com', 'off_platform'],
  ['Ist der Artikel noch verfügbar? Melden Sie sich bitte unter anna.schmidt(at)web(dot)de', 'off_platform'],
  ['Schreib mir lieber auf w h a t s a p p, hier antworte ich selten', 'off_platform'],
  ['Hast du Telegram? Mein Name dort ist @kaeufer_jan', 'off_platform'],
  ['Schick mir deine Handynummer, dann schreib ich dir auf Whats4pp', 'off_platform'],
  ['Ich bin nur über Signal erreichbar, schreib mir da: 0157 98765432', 'off_platform'],
  ['Kontaktieren Sie mich bitte direkt: 0049 172 5556667 (nur SMS)', 'off_platform'],
  ['Hier ist meine Nummer 0160/1122334, schreib mir eine SMS, dann klären wir alles', 'off_platform'],
  ['Gib mir bitte deine E-Mail-Adresse, dann schicke ich dir die Zahlungsbestätigung', 'off_platform'],
  ['Meine Mail ist thomas.k[at]gmx[punkt]de, bitte dort melden', 'off_platform'],
  ['Schreib mir auf WA, hier bin ich kaum online.', 'off_platform'],
  ['Hi! Sorry, ich nutze die App hier nicht so oft. Schreib an wa.me/4917612345678', 'off_platform'],
  ['Können wir per Mail weitermachen? Hier kommen Nachrichten bei mir nicht richtig an.', 'off_platform'],
  ['Bitte meld dich unter +4915209876543 bei WhatsApp', 'off_platform'],
  [
    'Ich bin Kurierfahrer und kann es selbst abholen. Bitte schreiben Sie mir: 0 1 7 6 / 2 3 4 5 6 7 8',
    'off_platform',
  ],
  ['Add mich auf Snapchat oder Telegram, dann reden wir weiter', 'off_platform'],
  [
    'Schreib mir per W\u200ch\u200ca\u200ct\u200cs\u200cA\u200cp\u200cp, da bin ich schneller',
    'off_platform',
  ],
  ['Bin nur noch über ＷｈａｔｓＡｐｐ zu erreichen, Nummer steht im Profil', 'off_platform'],
  // Links to other sites: shipping and payment look-alikes.
  ['Hier der Link zur Sendungsverfolgung: dhl-paket-zustellung.info/track?id=8837', 'foreign_link'],
  [
    'Ich habe bezahlt! Bitte bestätige den Empfang hier: https://kleinanzeigen-sicher-bezahlen.com/zahlung/48213',
    'foreign_link',
  ],
  [
    'Die Zahlung ist über DHL reserviert. Um das Geld zu erhalten, gib deine Kartendaten hier ein: www.dhl-zahlung-empfangen.de',
    'foreign_link',
  ],
  [
    'Bitte klick auf den Link, um die Lieferung zu bestätigen: hermes-sendung[.]online/abc123',
    'foreign_link',
  ],
  [
    'Ich habe das Geld über PayPal geschickt, du musst es nur noch hier freigeben: paypal-sicherheit-check.net/login',
    'foreign_link',
  ],
  ['Dein Paket liegt bereit, Versandlabel hier herunterladen: bit.ly/3xYzAbc', 'foreign_link'],
  [
    'Schau dir hier die Details zur sicheren Zahlung an: https://secure-pay-kleinanzeigen.top/de',
    'foreign_link',
  ],
  [
    'Mein Kurier holt das Sofa ab, bitte trag hier deine Daten ein: https://dpd-abholung-service.site/form',
    'foreign_link',
  ],
  ['Die Versicherung für den Versand musst du hier abschließen: gls-versicherung-paket.xyz', 'foreign_link'],
  ['Zahlung eingegangen ✅ Bestätigung: http://kleinanzeigen.zahlung-erhalten.info/id=99', 'foreign_link'],
  // Payment in advance, without buyer protection.
  ['Zahlung bitte über PayPal Freunde, dann versende ich', 'advance_payment'],
  ['Gerne, aber nur per PayPal Freunde & Familie, sonst zahle ich Gebühren.', 'advance_payment'],
  ['Ich versende nur gegen Vorkasse per Überweisung.', 'advance_payment'],
  ['Überweise bitte vorab 450 €, dann geht der Hund morgen auf die Reise.', 'advance_payment'],
  ['Bezahlung bitte via PayPal F&F, Käuferschutz brauchen wir nicht.', 'advance_payment'],
  [
    'Die Wohnung ist noch frei. Bitte überweisen Sie zuerst die Kaution von 800 Euro, dann schicke ich die Schlüssel per Post.',
    'advance_payment',
  ],
  [
    'Ich bin im Ausland, bitte zahlen Sie per Western Union, dann schickt meine Spedition das Auto.',
    'advance_payment',
  ],
  ['Kannst du mir vorab 20 € Versandkosten schicken? Dann geht es heute noch raus.', 'advance_payment'],
  ['Ich nehme auch Amazon-Gutscheine, schick mir einfach die Codes, dann versende ich.', 'advance_payment'],
  ['Bitte über Paypal ohne Käuferschutz, dann mache ich 10 € Rabatt.', 'advance_payment'],
  [
    'Für die Reservierung brauche ich eine Anzahlung von 100 €, IBAN: DE89 3704 0044 0532 0130 00',
    'advance_payment',
  ],
  ['pay-pal fr3unde bitte, ist schneller', 'advance_payment'],
  ['Zahlung per Freunde und Familie, dann geht es sofort raus', 'advance_payment'],
  ['Ich verschicke nicht ohne Vorkasse, sorry.', 'advance_payment'],
  ['Bezahlen kannst du mit Paysafecard, schick mir einfach den Code.', 'advance_payment'],
  ['Überweisung bitte vor dem Versand, die Kontodaten schicke ich dir.', 'advance_payment'],
  // Several at once.
  [
    'Ok, 80 € passt. Zahlung per PayPal an Freunde an muellerjonas@outlook.de, schreib mir danach auf WhatsApp',
    'advance_payment',
  ],
  ['Schick mir den Betrag über paypal.me/jonas1987 und die Bestätigung auf WhatsApp.', 'advance_payment'],
];

/** Ordinary messages of buyers and sellers. */
const ORDINARY: readonly string[] = [
  'Hallo, ist der Kinderwagen noch da? Ich könnte Samstag abholen.',
  'Ja, der ist noch da. Samstag ab 10 Uhr passt gut.',
  'Würdest du 45 € nehmen? Ich hole ihn auch heute noch ab.',
  'PayPal mit Käuferschutz ist ok, die Gebühr übernehme ich.',
  'Wäre Versand möglich? Ich würde über PayPal Waren und Dienstleistungen zahlen.',
  'Die Adresse ist Hauptstraße 12, 80331 München, 2. Stock, bei Meier klingeln.',
  'Ich bin gegen 18:30 da, Barzahlung bei Abholung ist doch ok?',
  'Hat das Fahrrad Gebrauchsspuren? Kannst du noch ein Foto von der Kette schicken?',
  'Klar, ich mache heute Abend ein paar Bilder und schicke sie dir hier im Chat.',
  'Preis ist fest, 120 €. Dafür ist es auch frisch gewartet.',
  'Danke im Voraus für deine Antwort! Wie alt ist die Waschmaschine?',
  'Die Maschine ist 4 Jahre alt, Energieeffizienzklasse A+++, läuft einwandfrei.',
  'Kann ich das Sofa am 14.06. zwischen 17 und 19 Uhr abholen? Ich bringe einen Transporter mit.',
  'Hallo! Gibt es das Regal auch noch in Weiß?',
  'Ich zahle bar bei Abholung, keine Vorkasse.',
  'Versand mit DHL versichert für 6,99 €, die Sendungsnummer schicke ich dir hier im Chat.',
  'Hier die Sendungsnummer: 00340434161094042557. Sollte morgen ankommen, melde dich, wenn es da ist.',
  'Ruf kurz an, wenn du vor der Tür stehst: 0151 2345678',
  'Super, dann bis morgen um 15 Uhr! Parken kannst du direkt vor dem Haus.',
  'Ist der Preis noch verhandelbar? 200 statt 250 wäre für mich drin.',
  'Die Schuhe sind Größe 42 und nur zweimal getragen.',
  'Kannst du das Paket bis Freitag abschicken? Ich bin ab Montag im Urlaub.',
  'Meine Tochter ist 5, passt das Fahrrad mit 16 Zoll da schon?',
  'Ich habe die Anzeige reserviert, bis Sonntag halte ich sie dir frei.',
  'Wo genau in Köln-Ehrenfeld wäre die Abholung? Ich komme mit der Bahn.',
  'Hast du noch die Originalverpackung und die Rechnung? Wegen der Garantie.',
  'Bitte nicht per PayPal Freunde, nur mit Käuferschutz – sicher ist sicher.',
  'Ich komme aus Leipzig, das sind etwa 40 km. Würde Dienstag nach der Arbeit passen?',
  'Hallo, ist die Playstation 5 noch zu haben? Mit wie vielen Controllern?',
  'Die Jacke hat einen kleinen Fleck am Ärmel, sieht man auf Bild 3.',
  'Danke, ist gut angekommen! Alles wie beschrieben.',
  'Kann ich bei Abholung per Echtzeitüberweisung zahlen, während ich da bin?',
  `Schau mal, ich habe noch eine zweite Anzeige mit dem passenden Tisch: https://${OWN_HOST}/listing/5f2c1a`,
  'Der Tisch ist 1,80 m lang und 90 cm breit, ausziehbar auf 2,40 m.',
  'Würde es auch 18 Uhr tun? Vorher schaffe ich es leider nicht.',
  'Gerne, ich lege noch die Ladekabel dazu. Zahlst du bar oder mit PayPal?',
  'Hallo, ich interessiere mich für die Winterreifen. Sind das 205/55 R16?',
  'Treffpunkt wäre der Parkplatz am Rewe in der Bahnhofstraße, da ist es belebt.',
  'Ich würde dir 15 € für beide Bücher geben und sie am Wochenende abholen.',
  'Kein Problem, ich warte auf deine Nachricht hier im Chat.',
  'Die Katze ist geimpft und gechippt, den Impfpass bekommst du bei Abholung.',
  'Kannst du mir vorher Bescheid geben, wann du kommst? Dann zahle ich bar.',
  'Hallo, ich hätte Interesse. Wäre eine Abholung am 01.05.2025 um 14 Uhr möglich? Schreib mir einfach hier.',
  'Versand per Hermes geht auch, dann kommen 5 € dazu.',
  'Ich bin Mo.-Fr. ab 17 Uhr zu Hause, am Wochenende ganztags. Meld dich einfach hier.',
  'Die Bedienungsanleitung findest du auf ikea.com, falls du sie brauchst.',
  // Calling, saying no to a messenger or to paying ahead, and things sold are no lure.
  'Kontakt: 0176 1234567 (bitte anrufen)',
  'Ich nutze kein WhatsApp, lass uns hier schreiben.',
  'Vorkasse mache ich nicht, nur Barzahlung bei Abholung.',
  'Eine Anzahlung ist nicht nötig, du zahlst bei Abholung.',
  'Das iPhone ist bei iCloud abgemeldet und zurückgesetzt.',
  'Laptop mit Office inkl. Outlook, Zustand.Top',
];

describe('scam shield: the classifier (docs/decisions/0031-scam-shield-in-chat.md)', () => {
  it('the corpus is large enough: at least 40 scam and 40 ordinary messages', () => {
    expect(SCAM.length).toBeGreaterThanOrEqual(40);
    expect(ORDINARY.length).toBeGreaterThanOrEqual(40);
  });

  it('warns of every scam message, with the signal it carries', () => {
    const missed = SCAM.filter(([text, signal]) => !check(text).includes(signal)).map(
      ([text, signal]) => `${signal}: ${text} → [${check(text).join(', ')}]`,
    );
    expect(missed).toEqual([]);
  });

  it('warns of at most 2 ordinary messages (printed)', () => {
    const flagged = ORDINARY.map((text) => ({ text, signals: check(text) })).filter(
      ({ signals }) => signals.length > 0,
    );
    console.info(
      `Scam shield corpus: ${SCAM.length}/${SCAM.length} scam messages warned; ` +
        `${flagged.length}/${ORDINARY.length} ordinary messages warned` +
        flagged.map(({ text, signals }) => `\n  [${signals.join(', ')}] ${text}`).join(''),
    );
    expect(flagged.length).toBeLessThanOrEqual(2);
  });

  it('answers the signals worst first, and nothing for an empty text', () => {
    expect(
      check('Zahlung per PayPal Freunde an jonas@example.com, Bestätigung kommt über dhl-check.info'),
    ).toEqual(['advance_payment', 'foreign_link', 'off_platform']);
    expect(check('')).toEqual([]);
    expect(check('   ')).toEqual([]);
  });

  it('lets links to this site pass (also www. and sub-domains), not to look-alikes', () => {
    expect(check(`Hier: https://www.${OWN_HOST}/listing/1`)).toEqual([]);
    expect(check(`Hier: https://m.${OWN_HOST}/listing/1`)).toEqual([]);
    expect(check(`Hier: https://${OWN_HOST}.zahlung-bestaetigen.info/1`)).toEqual(['foreign_link']);
    expect(check('Hier: kleinanzeigen-example.com/sicher-bezahlen')).toEqual(['foreign_link']);
  });

  it('undoes obfuscations: spaced letters, digits for letters, (at) and [dot], look-alike letters', () => {
    expect(check('W.h.a.t.s.A.p.p?')).toEqual(['off_platform']);
    expect(check('schreib mir auf wh4ts-app')).toEqual(['off_platform']);
    expect(check('max {at} gmx [dot] de')).toEqual(['off_platform']);
    expect(check('Vоrkasse bitte')).toEqual(['advance_payment']); // a Cyrillic 'о'
    expect(check('PAYPAL FREUNDE UND FAMILIE')).toEqual(['advance_payment']);
    expect(check('Überweisung VORAB')).toEqual(['advance_payment']);
  });

  it('a phone number is a signal only when the message asks to write there', () => {
    expect(check('Ruf mich an: 0176 1234567')).toEqual([]);
    expect(check('Schreib mir an 0176 1234567')).toEqual(['off_platform']);
  });
});
