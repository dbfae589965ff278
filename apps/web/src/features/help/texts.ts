// German texts of the FAQ, help and support contact pages. They live next to the feature, not in i18n/de.ts, so they load
// with its lazily loaded pages instead of the app's first script (home page JavaScript at most
// 250 kB gzipped, docs/benchmarks.md). SPEC.md texts are kept character for character.

/** Frequently asked questions on /faq; `links` lead to the pages an answer names. */
export const faqTexts = {
  intro: 'Antworten auf die Fragen, die uns am häufigsten gestellt werden.',
  guideHint: 'Ausführliche Tipps zum Kaufen und Verkaufen findest du im Ratgeber.',
  guideLink: 'Zum Ratgeber',
  items: [
    {
      question: 'Wie gebe ich eine Anzeige auf?',
      answer:
        'Melde dich an und wähle „Anzeige aufgeben“. Wähle eine Kategorie, beschreibe deinen Artikel, lade bis zu ' +
        '20 Fotos hoch, lege einen Preis fest und veröffentliche die Anzeige. Sie ist 60 Tage online und lässt ' +
        'sich unter „Meine Anzeigen“ bearbeiten, verlängern, reservieren oder als verkauft markieren.',
      links: [
        { label: 'Anzeige aufgeben', to: '/create-listing' },
        { label: 'Meine Anzeigen', to: '/listings' },
      ],
    },
    {
      question: 'Kostet die Nutzung etwas?',
      answer: 'Nein. Stöbern, Favoriten speichern, chatten und private Anzeigen aufgeben ist kostenlos.',
      links: [],
    },
    {
      question: 'Wie kontaktiere ich eine Verkäuferin oder einen Verkäufer?',
      answer:
        'Öffne die Anzeige und wähle „Nachricht schreiben“. Die Unterhaltung findest du danach im Chat, auch mit ' +
        'Fotos und Preisvorschlägen. Dafür musst du angemeldet sein.',
      links: [{ label: 'Zum Chat', to: '/chat' }],
    },
    {
      question: 'Wie merke ich mir Anzeigen?',
      answer:
        'Tippe auf das Herz einer Anzeige. Alle gemerkten Anzeigen findest du unter „Favoriten“, wenn du ' +
        'angemeldet bist.',
      links: [{ label: 'Zu den Favoriten', to: '/favorites' }],
    },
    {
      question: 'Wie schütze ich mich vor Betrug?',
      answer:
        'Triff dich zur Übergabe an einem belebten Ort, zahle nicht im Voraus an Unbekannte und gib keine ' +
        'Zugangsdaten weiter. Verdächtige Anzeigen meldest du auf der Anzeigenseite über „Melden“.',
      links: [
        { label: 'Ratgeber: Betrug erkennen', to: '/ratgeber/betrug-erkennen' },
        { label: 'Ratgeber: Sicher kaufen und verkaufen', to: '/ratgeber/sicher-kaufen-und-verkaufen' },
      ],
    },
    {
      question: 'Ich habe mein Passwort vergessen. Was nun?',
      answer:
        'Fordere auf der Anmeldeseite über „Passwort vergessen?“ einen Link an. Er ist eine Stunde gültig; ' +
        'danach bist du auf allen anderen Geräten abgemeldet.',
      links: [{ label: 'Passwort zurücksetzen', to: '/password-reset' }],
    },
    {
      question: 'Wie lösche ich mein Konto?',
      answer:
        'In den Einstellungen unter „Konto löschen“. Nach Eingabe deines Passworts werden dein Konto und alle ' +
        'deine Daten – Profil, Anzeigen, Favoriten, Follows und Chats – sofort gelöscht. Vorher kannst du dort ' +
        'alle deine Daten exportieren.',
      links: [{ label: 'Zu den Einstellungen', to: '/settings' }],
    },
  ],
};

/** Help centre on /hilfe and the support contact page; `links` lead to the pages a topic names. */
export const helpTexts = {
  intro: 'Hier findest du Antworten und Wege zu unserem Support.',
  topics: [
    {
      heading: 'Erste Schritte',
      text: 'Registriere dich mit deiner E-Mail-Adresse, bestätige sie über den Link in unserer E-Mail und richte dein Profil in den Einstellungen ein.',
      links: [
        { label: 'Registrieren', to: '/register' },
        { label: 'Einstellungen', to: '/settings' },
      ],
    },
    {
      heading: 'Kaufen und Verkaufen',
      text: 'Suche über das Suchfeld oder die Kategorien. Merke dir Anzeigen als Favoriten und schreibe Anbietern im Chat. Eigene Anzeigen gibst du über „Anzeige aufgeben“ auf.',
      links: [
        { label: 'Zum Chat', to: '/chat' },
        { label: 'Anzeige aufgeben', to: '/create-listing' },
      ],
    },
    {
      heading: 'Benachrichtigungen',
      text: 'Wähle, worüber wir dich in der App und per E-Mail informieren: neue Nachrichten, neue Follower und neue Anzeigen von Mitgliedern, denen du folgst.',
      links: [{ label: 'Benachrichtigungseinstellungen', to: '/notifications/settings' }],
    },
    {
      heading: 'Sicherheit und Datenschutz',
      text: 'Gib niemals Passwörter weiter und melde verdächtige Anzeigen über „Melden“. Wie wir mit deinen Daten umgehen, steht in der Datenschutzerklärung.',
      links: [{ label: 'Datenschutzerklärung', to: '/legal/datenschutz' }],
    },
    {
      heading: 'Ratgeber',
      text: 'Ausführliche Tipps zum sicheren Handeln, zu Versand, Übergabe und Preisen sowie zu Gewährleistung und gewerblichem Verkauf.',
      links: [
        { label: 'Zum Ratgeber', to: '/ratgeber' },
        { label: 'Betrug erkennen', to: '/ratgeber/betrug-erkennen' },
      ],
    },
  ],
  faqLink: 'Zu den häufigen Fragen',
  contactLink: 'Support kontaktieren',
  contactText:
    'Schreib uns über das Formular oder per E-Mail. Wir antworten in der Regel innerhalb eines Werktags.',
  contactFormIntro: 'Schreib uns über das Formular. Wir antworten in der Regel innerhalb eines Werktags.',
  contactEmailLabel: 'E-Mail an den Support',
  contactFaqHint: 'Viele Antworten findest du auch in den häufigen Fragen.',
  /** The contact form (`POST /api/contact`). */
  contactForm: {
    title: 'Kontaktformular',
    topic: 'Thema',
    email: 'Deine E-Mail-Adresse',
    emailHint: 'An diese Adresse schicken wir eine Bestätigung und unsere Antwort.',
    message: 'Deine Nachricht',
    consentBefore:
      'Ich bin einverstanden, dass meine Angaben gespeichert werden, um meine Anfrage zu beantworten (',
    consentPrivacy: 'Datenschutzerklärung',
    consentAfter: ').',
    submit: 'Nachricht senden',
    failed: 'Die Nachricht konnte nicht gesendet werden. Bitte versuche es später erneut.',
  },
};
