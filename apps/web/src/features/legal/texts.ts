// German texts of the legal pages /legal/{page}. They live next to the feature, not in i18n/de.ts, so they load
// with its lazily loaded pages instead of the app's first script (home page JavaScript at most
// 250 kB gzipped, docs/benchmarks.md). SPEC.md texts are kept character for character.
import { SITE_NAME } from '../../i18n/de.ts';

/** Legal pages /legal/{page} (SPEC.md §2). */
export const legalTexts = {
  /** The Impressum: the operator's data come from the server's configuration (`OPERATOR_*`). */
  imprint: {
    title: 'Impressum',
    providerHeading: 'Angaben gemäß § 5 DDG',
    representativeHeading: 'Vertreten durch',
    contactHeading: 'Kontakt',
    email: (address: string) => `E-Mail: ${address}`,
    phone: (number: string) => `Telefon: ${number}`,
    registerHeading: 'Registereintrag',
    registerCourt: (court: string) => `Registergericht: ${court}`,
    registerNumber: (number: string) => `Registernummer: ${number}`,
    vatHeading: 'Umsatzsteuer-ID',
    vatId: (id: string) => `Umsatzsteuer-Identifikationsnummer gemäß § 27a Umsatzsteuergesetz: ${id}`,
    responsibleHeading: 'Verantwortlich für den Inhalt nach § 18 Abs. 2 MStV',
    notSet: 'Nicht angegeben',
    loading: 'Die Angaben werden geladen...',
    loadFailed: 'Die Angaben zum Betreiber konnten nicht geladen werden. Bitte lade die Seite neu.',
    missingTitle: 'Angaben zum Betreiber fehlen',
    missing: (fields: string) =>
      `Der Betreiber dieser Website hat noch nicht alle Pflichtangaben hinterlegt. Es fehlen: ${fields}. ` +
      'Sie werden in der Server-Konfiguration gesetzt (Variablen OPERATOR_NAME, OPERATOR_ADDRESS, OPERATOR_EMAIL; siehe README).',
    fieldNames: { name: 'Name', address: 'Anschrift', email: 'E-Mail-Adresse' },
    membersHeading: 'Inhalte der Mitglieder',
    members:
      'Für die Inhalte der Anzeigen und Nachrichten sind die jeweiligen Mitglieder verantwortlich. Rechtswidrige ' +
      'Anzeigen kannst du auf der Anzeigenseite über „Melden“ anzeigen oder uns über die oben genannte Adresse melden.',
    sourcesHeading: 'Datenquellen',
    sources: 'Postleitzahlen: GeoNames (CC BY 4.0)',
  },
  privacy: {
    title: 'Datenschutzerklärung',
    sections: [
      {
        heading: '1. Verantwortlicher',
        paragraphs: [
          `Verantwortlich für die Verarbeitung deiner Daten auf ${SITE_NAME} ist der im Impressum genannte ` +
            'Betreiber. Dort findest du auch die Adresse, an die du dich mit allen Fragen zum Datenschutz wendest.',
        ],
        links: [{ label: 'Zum Impressum', to: '/legal/impressum' }],
      },
      {
        heading: '2. Dein Konto',
        paragraphs: [
          'Für ein Konto speichern wir deine E-Mail-Adresse, dein Passwort nur als Argon2id-Hash, freiwillig deinen ' +
            'Spitznamen, Vor- und Nachnamen und dein Profilbild, dazu den Zeitpunkt der Registrierung, ob deine ' +
            'E-Mail-Adresse bestätigt ist, und welche Fassung der AGB du wann akzeptiert hast. Anderen Mitgliedern ' +
            'zeigen wir nur deinen Anzeigenamen, dein Profilbild und seit wann du Mitglied bist.',
          'Rechtsgrundlage ist die Erfüllung des Nutzungsvertrags (Art. 6 Abs. 1 lit. b DSGVO). Wir speichern die ' +
            'Daten, bis du dein Konto löschst. Das geht jederzeit in den Einstellungen unter „Konto löschen“; dein ' +
            'Konto, deine Anzeigen mit ihren Fotos, deine Merkliste, deine Follows, deine Chats und ' +
            'Benachrichtigungen werden dann sofort gelöscht.',
        ],
        links: [{ label: 'Zu den Einstellungen', to: '/settings' }],
      },
      {
        heading: '3. Anzeigen, Fotos und Merkliste',
        paragraphs: [
          'Anzeigen mit Titel, Beschreibung, Preis, Kategorie, Merkmalen, Postleitzahl und Ort sind für alle ' +
            'sichtbar. Eine Anzeige läuft nach 60 Tagen ab und bleibt in „Meine Anzeigen“, bis du sie oder dein ' +
            'Konto löschst.',
          'Fotos speichern wir als WebP-Bilder und entfernen dabei alle eingebetteten Metadaten wie Kameradaten und ' +
            'GPS-Standort. Fotos, die keiner Anzeige und keiner Nachricht zugeordnet werden, löschen wir nach einem ' +
            'Tag; die Fotos einer Anzeige mit der Anzeige.',
          'Aufrufe zählen wir pro Anzeige und Tag ohne deine IP-Adresse zu speichern (nur ein nicht umkehrbarer ' +
            'Schlüssel aus Tag und Adresse); diese Einträge löschen wir nach zwei Tagen. Deine Merkliste sehen nur du ' +
            'und, als Zahl ohne Namen, die Anbieter.',
        ],
      },
      {
        heading: '4. Chat und Benachrichtigungen',
        paragraphs: [
          'Nachrichten, Fotos, Preisvorschläge und Bewertungen im Chat sehen nur die beiden Beteiligten. Wir ' +
            'speichern sie, bis eines der beiden Mitglieder sein Konto löscht; dann wird die Unterhaltung gelöscht.',
          'Benachrichtigungen (neue Nachricht, neuer Follower, neue Anzeige eines gefolgten Mitglieds) speichern ' +
            'wir in deinem Konto, bis du sie oder dein Konto löschst. Per E-Mail bekommst du sie nur, wenn du das ' +
            'in den Benachrichtigungseinstellungen eingeschaltet hast.',
        ],
        links: [{ label: 'Zu den Benachrichtigungseinstellungen', to: '/notifications/settings' }],
      },
      {
        heading: '5. Anmeldung, Sitzungen und Schutz vor Missbrauch',
        paragraphs: [
          'Bei der Anmeldung legen wir eine Sitzung mit einer Gerätebezeichnung aus deinem Browser an (ohne ' +
            'IP-Adresse), damit du deine angemeldeten Geräte siehst und abmelden kannst. Eine Sitzung gilt höchstens ' +
            '24 Stunden und endet nach 30 Minuten ohne Aktivität; beendete Sitzungen löschen wir innerhalb einer Stunde.',
          'Zum Schutz vor dem Erraten von Passwörtern und vor massenhaften Registrierungen speichern wir bei ' +
            'fehlgeschlagenen Anmeldungen die E-Mail-Adresse und die IP-Adresse und zählen Registrierungen und ' +
            'Passwort-Anfragen pro IP-Adresse. Diese Einträge löschen wir nach 24 Stunden. Links zum Bestätigen ' +
            'der E-Mail-Adresse gelten 24 Stunden, Links zum Zurücksetzen des Passworts eine Stunde; wir löschen ' +
            'sie spätestens sieben Tage danach. Rechtsgrundlage ist unser berechtigtes Interesse an einem sicheren ' +
            'Betrieb (Art. 6 Abs. 1 lit. f DSGVO).',
        ],
      },
      {
        heading: '6. Cookies und Speicher im Browser',
        paragraphs: [
          'Damit du angemeldet bleibst, legen wir dein Anmelde-Token und deine Profildaten im lokalen Speicher ' +
            'deines Browsers ab, bis du dich abmeldest. Dort merken wir uns auch deine Cookie-Auswahl mit Datum, die ' +
            'Ansicht und die Sortierung der Startseite.',
          'Nach einer Anmeldung setzen wir ein technisch notwendiges Geräte-Cookie (180 Tage), an dem wir ein ' +
            'Gerät wiedererkennen, auf dem du dich schon angemeldet hast: Wird dein Passwort von anderswo erraten, ' +
            'kommst du von diesem Gerät aus weiter hinein.',
          'Diese Einträge sind für den Dienst unbedingt erforderlich (§ 25 Abs. 2 Nr. 2 TDDDG). Statistik- oder ' +
            'Marketing-Dienste setzen wir derzeit nicht ein; deine Auswahl dazu speichern wir trotzdem, damit sie ' +
            'gilt, falls wir solche Dienste später einsetzen.',
        ],
        links: [{ label: 'Cookie-Auswahl ändern', to: '/legal/cookies' }],
      },
      {
        heading: '7. Server-Protokolle',
        paragraphs: [
          'Bei jedem Aufruf protokolliert der Server Zeitpunkt, aufgerufene Adresse (ohne Anmelde-Token und ' +
            'Links aus E-Mails), Antwortcode, Dauer und deine IP-Adresse, um Fehler zu finden und Angriffe abzuwehren ' +
            '(Art. 6 Abs. 1 lit. f DSGVO). Die Protokolle werden nicht mit deinem Konto zusammengeführt; wie lange ' +
            'sie aufbewahrt werden, legt der Betreiber beim Hosting fest.',
        ],
      },
      {
        heading: '8. E-Mails',
        paragraphs: [
          'Wir schicken dir E-Mails zum Bestätigen deiner Adresse, zum Zurücksetzen deines Passworts, zum Ändern ' +
            'deiner Adresse, eine Warnung nach vielen fehlgeschlagenen Anmeldeversuchen und die Benachrichtigungen, ' +
            'die du per E-Mail gewählt hast. Sie enthalten deinen Anzeigenamen und einen Link und werden über den ' +
            'Mailserver des Betreibers verschickt.',
        ],
      },
      {
        heading: '9. Bezahlte Werbeoptionen und Rechnungen',
        paragraphs: [
          'Buchst du eine Werbeoption (Hochschieben, Top-Anzeige, Highlight), speichern wir die Bestellung mit ' +
            'deiner Rechnungsadresse, dem Titel der Anzeige, den Beträgen und dem Zahlungseingang und stellen dir ' +
            'eine Rechnung aus, bei einer Stornierung eine Gutschrift. Rechtsgrundlage ist der Vertrag (Art. 6 Abs. 1 ' +
            'lit. b DSGVO) und unsere gesetzliche Pflicht (Art. 6 Abs. 1 lit. c DSGVO).',
          'Rechnungen, Gutschriften und die Bestellungen, zu denen sie gehören, müssen wir 10 Jahre aufbewahren ' +
            '(§ 147 Abgabenordnung, § 14b Umsatzsteuergesetz). Sie bleiben deshalb auch erhalten, wenn du dein Konto ' +
            'oder die Anzeige löschst, dann getrennt von deinem Konto.',
        ],
        links: [{ label: 'Zu deinen Zahlungen', to: '/payments' }],
      },
      {
        heading: '10. Deine Rechte',
        paragraphs: [
          'Du hast das Recht auf Auskunft, Berichtigung, Löschung, Einschränkung der Verarbeitung, ' +
            'Datenübertragbarkeit und Widerspruch (Art. 15 bis 21 DSGVO) und kannst dich bei einer ' +
            'Datenschutz-Aufsichtsbehörde beschweren. Vieles geht direkt in den Einstellungen: dein Profil ändern, ' +
            'alle deine Daten als JSON-Datei exportieren und dein Konto löschen. Für alles andere schreib dem ' +
            'Betreiber an die Adresse im Impressum.',
        ],
        links: [
          { label: 'Zu den Einstellungen', to: '/settings' },
          { label: 'Zum Impressum', to: '/legal/impressum' },
        ],
      },
    ],
  },
  terms: {
    title: 'Allgemeine Geschäftsbedingungen',
    /** The AGB version the server names (`terms_version`, 'YYYY-MM-DD'), as a date line. */
    version: (date: string) => `Stand: ${date}`,
    sections: [
      {
        heading: '1. Geltungsbereich',
        paragraphs: [
          `Diese Bedingungen gelten für die Nutzung von ${SITE_NAME} durch Besucherinnen, Besucher und ` +
            'registrierte Mitglieder. Mit der Registrierung akzeptierst du sie.',
        ],
      },
      {
        heading: '2. Anzeigen',
        paragraphs: [
          'Mitglieder sind für ihre Anzeigen selbst verantwortlich. Anzeigen müssen wahrheitsgemäß sein und ' +
            'dürfen keine verbotenen Waren oder Dienstleistungen anbieten. Eine Anzeige läuft nach 60 Tagen ab ' +
            'und kann verlängert werden.',
        ],
      },
      {
        heading: '3. Verträge zwischen Mitgliedern',
        paragraphs: [
          'Kaufverträge kommen ausschließlich zwischen den beteiligten Mitgliedern zustande. ' +
            `${SITE_NAME} ist nicht Vertragspartei.`,
        ],
      },
      {
        heading: '4. Sperrung',
        paragraphs: [
          'Wir dürfen Inhalte entfernen und Konten sperren, wenn sie gegen diese Bedingungen oder geltendes ' +
            'Recht verstoßen.',
        ],
      },
      {
        heading: '5. Änderungen',
        paragraphs: [
          'Ändern sich diese Bedingungen, zeigen wir dir die neue Fassung bei deinem nächsten Besuch an; sie gilt ' +
            'für dich, sobald du ihr zustimmst. Du kannst dein Konto jederzeit in den Einstellungen löschen.',
        ],
        links: [{ label: 'Zu den Einstellungen', to: '/settings' }],
      },
    ],
  },
  cookies: {
    title: 'Cookie-Richtlinie',
    sections: [
      {
        heading: 'Wofür wir Cookies nutzen',
        paragraphs: [
          'Notwendige Cookies und Einträge im lokalen Speicher halten dich angemeldet und merken sich deine ' +
            'Einstellungen. Statistik- und Marketing-Dienste setzen wir derzeit nicht ein; sollten wir es tun, ' +
            'dann nur mit deiner Zustimmung.',
        ],
        links: [{ label: 'Mehr in der Datenschutzerklärung', to: '/legal/datenschutz' }],
      },
      {
        heading: 'Auswahl ändern',
        paragraphs: ['Hier kannst du deine Auswahl jederzeit ändern.'],
      },
    ],
  },
};
