// German texts of /partner-werden. They live next to the feature, not in i18n/de.ts, so they load
// with its lazily loaded page instead of the app's first script (home page JavaScript at most
// 250 kB gzipped, docs/benchmarks.md). The partner types' names come from the contract
// (`PARTNER_TYPE_NAMES`), as the admins' inbox and the confirmation mail use them too.

/** The page /partner-werden: what partners get today and what is still being built, and the form. */
export const partnerTexts = {
  /** The page's meta description (about 160 characters at most). */
  description:
    'Partner werden: Shops, Dienstleister und Werbepartner aus der Region schicken uns eine unverbindliche Anfrage und bekommen eine Antwort per E-Mail.',
  intro:
    'Du hast ein Geschäft, bietest Dienstleistungen an oder möchtest in deiner Region werben? Erzähl uns von deinem Unternehmen. Die Anfrage ist kostenlos und unverbindlich.',
  offersTitle: 'Was Partner bei uns bekommen',
  offers: [
    {
      type: 'shop',
      heading: 'Für Shops',
      text: 'Eine Shop-Seite mit deinem Firmennamen, auf der alle deine Anzeigen an einem Ort stehen.',
      today:
        'Die Shop-Seiten bauen wir gerade auf. Schon heute kannst du dich als gewerblicher Verkäufer verifizieren lassen; verifizierte Gewerbe stehen im Verzeichnis unter „Shops“.',
      links: [
        { label: 'Verzeichnis der Shops', to: '/entities?type=shops' },
        { label: 'Als Verkäufer verifizieren', to: '/seller-verification' },
      ],
    },
    {
      type: 'provider',
      heading: 'Für Dienstleister',
      text: 'Ein Anbieterprofil, über das Kundinnen und Kunden dich in ihrer Region finden.',
      today:
        'Die Anbieterprofile sind noch im Aufbau. Bis dahin erscheinst du mit deinen Anzeigen für Dienstleistungen im Verzeichnis unter „Dienstleister“.',
      links: [{ label: 'Verzeichnis der Dienstleister', to: '/entities?type=providers' }],
    },
    {
      type: 'advertiser',
      heading: 'Für Werbepartner',
      text: 'Reichweite in der Region: Menschen, die hier in ihrer Nähe kaufen, verkaufen und suchen.',
      today:
        'Feste Werbeformen und Preislisten gibt es noch nicht. Was zu deinem Unternehmen passt, besprechen wir persönlich mit dir.',
      links: [],
    },
  ],
  stepsTitle: 'So geht es weiter',
  steps: [
    'Du schickst uns deine Anfrage über das Formular.',
    'Du bekommst sofort eine Bestätigung an deine E-Mail-Adresse.',
    'Wir prüfen deine Anfrage und antworten dir per E-Mail.',
  ],
  /** The enquiry form (`POST /api/partner-enquiries`). */
  form: {
    title: 'Partneranfrage',
    company: 'Unternehmen',
    contactName: 'Ansprechperson',
    email: 'E-Mail-Adresse',
    emailHint: 'An diese Adresse schicken wir die Bestätigung und unsere Antwort.',
    phone: 'Telefon (optional)',
    partnerType: 'Ich möchte Partner werden als',
    message: 'Deine Nachricht',
    messageHint: 'Was bietest du an, in welcher Region, und was wünschst du dir von uns?',
    consentBefore:
      'Ich bin einverstanden, dass ihr mich zu meiner Anfrage kontaktiert und meine Angaben dafür speichert (',
    consentPrivacy: 'Datenschutzerklärung',
    consentAfter: ').',
    submit: 'Anfrage senden',
    failed: 'Die Anfrage konnte nicht gesendet werden. Bitte versuche es später erneut.',
    another: 'Weitere Anfrage senden',
  },
};
