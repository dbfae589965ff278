// German texts of /karriere. They live next to the feature, not in i18n/de.ts, so they load with
// its lazily loaded pages instead of the app's first script. The teams' and employment types' names
// come from the contract (`CAREER_TEAM_NAMES`, `EMPLOYMENT_TYPE_NAMES`), as the admin panels use them too.

/** The career pages: who we are, how we work, what we offer, the positions and the application form. */
export const careerTexts = {
  title: 'Karriere',
  /** The list page's meta description (the server's head says the same). */
  description:
    'Arbeiten beim Kleinanzeigen-Marktplatz aus deiner Region: offene Stellen in Technik, Community und Kundenservice, wie wir arbeiten und was wir bieten.',
  intro:
    'Wir bauen einen Marktplatz für Kleinanzeigen, auf dem Menschen in ihrer Region kaufen, verkaufen, verschenken und ins Gespräch kommen – ohne Datenhandel und ohne Tricks. Wir sind ein kleines Team und suchen Menschen, die das mit uns weiterbringen wollen.',
  aboutTitle: 'Wie wir arbeiten',
  about: [
    {
      heading: 'Klein und direkt',
      text: 'Kurze Wege statt Abstimmungsrunden: Wer eine Idee hat, bespricht sie direkt mit den Leuten, die sie umsetzen.',
    },
    {
      heading: 'Remote oder vor Ort',
      text: 'Viele von uns arbeiten von zu Hause, andere im Büro. Ob eine Stelle remote möglich ist, steht in jeder Ausschreibung.',
    },
    {
      heading: 'Sorgfalt vor Tempo',
      text: 'Wir liefern lieber etwas, das funktioniert und die Daten der Menschen schützt, als schnell etwas Halbes.',
    },
  ],
  benefitsTitle: 'Was wir bieten',
  benefits: [
    '30 Tage Urlaub und flexible Arbeitszeiten',
    'Arbeit von zu Hause oder im Büro, je nach Stelle',
    'Ein eigenes Budget für Weiterbildung',
    'Deutschlandticket als Jobticket',
  ],
  positionsTitle: 'Offene Stellen',
  filterLabel: 'Nach Team filtern',
  allTeams: 'Alle Teams',
  none: 'Gerade sind keine Stellen ausgeschrieben. Schau bald wieder vorbei.',
  noneInTeam: 'In diesem Team ist gerade keine Stelle ausgeschrieben.',
  loadFailed: 'Die Stellen konnten nicht geladen werden. Bitte versuche es später erneut.',
  remote: 'remote möglich',
  toPosition: (title: string) => `${title} ansehen`,
  posted: (date: string) => `Ausgeschrieben am ${date}`,
  /** One position's page. */
  home: 'Startseite',
  breadcrumb: 'Brotkrümelnavigation',
  allPositions: 'Alle offenen Stellen',
  notFound: 'Stelle nicht gefunden',
  notFoundText: 'Diese Stelle gibt es nicht. Vielleicht findest du unter den offenen Stellen eine passende.',
  closed: 'Stelle nicht mehr ausgeschrieben',
  closedText:
    'Diese Stelle ist bereits besetzt oder nicht mehr ausgeschrieben. Schau dir unsere offenen Stellen an.',
  positionLoadFailed: 'Die Stelle konnte nicht geladen werden. Bitte versuche es später erneut.',
  loading: 'Stelle wird geladen',
  /** The application form (`POST /api/career/positions/{slug}/applications`). */
  form: {
    title: 'Jetzt bewerben',
    intro: 'Ein kurzes Anschreiben und dein Lebenslauf reichen. Zeugnisse können wir später nachfordern.',
    name: 'Vor- und Nachname',
    email: 'E-Mail-Adresse',
    emailHint: 'An diese Adresse schicken wir die Bestätigung und unsere Antwort.',
    phone: 'Telefon (optional)',
    message: 'Anschreiben',
    messageHint: 'Warum passt die Stelle zu dir? Ein paar Sätze genügen.',
    cv: 'Lebenslauf (PDF, bis 10 MB)',
    chooseCv: 'PDF auswählen',
    changeCv: 'Andere Datei wählen',
    noCv: 'Noch keine Datei gewählt',
    cvMissing: 'Bitte lade deinen Lebenslauf als PDF hoch.',
    cvNotPdf: 'Der Lebenslauf muss eine PDF-Datei sein. Bitte lade deinen Lebenslauf als PDF hoch.',
    cvTooLarge: 'Der Lebenslauf ist zu groß. Bitte lade eine PDF-Datei bis 10 MB hoch.',
    consentBefore:
      'Ich bin einverstanden, dass ihr meine Bewerbung für diese Stelle speichert und verarbeitet und mich dazu kontaktiert (',
    consentPrivacy: 'Datenschutzerklärung',
    consentAfter: ').',
    submit: 'Bewerbung absenden',
    failed: 'Die Bewerbung konnte nicht gesendet werden. Bitte versuche es später erneut.',
  },
};

/** A date as '28.11.2026'. */
export function careerDate(iso: string): string {
  return new Intl.DateTimeFormat('de-DE', { dateStyle: 'medium', timeZone: 'Europe/Berlin' }).format(
    new Date(iso),
  );
}
