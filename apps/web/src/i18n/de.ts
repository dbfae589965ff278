import {
  DEFAULT_SITE_NAME,
  HOME_TEXTS,
  OFFER_TYPE_TEXTS,
  PRICE_TEXTS,
  RELATIVE_TIME_TEXTS,
} from '@marketplace/contract';

/**
 * The marketplace's name (`SITE_NAME` of the server): the served `index.html` carries it in its
 * `site-config` JSON element (apps/server/src/plugins/web-app.ts), read once when the texts load;
 * 'Marktplatz' where the page has none (dev server, component tests).
 */
const SITE_NAME: string = (() => {
  if (typeof document === 'undefined') return DEFAULT_SITE_NAME;
  try {
    const name: unknown = JSON.parse(document.getElementById('site-config')?.textContent ?? '{}').name;
    return typeof name === 'string' && name.trim() !== '' ? name : DEFAULT_SITE_NAME;
  } catch {
    return DEFAULT_SITE_NAME;
  }
})();

/**
 * Every user-facing German text of the web app, named by meaning (ARCHITECTURE.md "Layout").
 * Texts fixed by SPEC.md are copied character for character; components import them from here.
 */
export const de = {
  app: {
    name: SITE_NAME,
    tagline: 'Kleinanzeigen aus deiner Region',
    logoLabel: `${SITE_NAME} – zur Startseite`,
  },

  /** Quick links of the desktop top bar and the mobile quick links bar (SPEC.md §2). */
  quickLinks: {
    label: 'Schnellzugriff',
    entities: 'Entitäten',
    events: 'Events',
    localNews: 'Lokale News',
    becomePartner: 'Partner werden',
    career: 'Karriere',
    help: 'Hilfe',
  },

  header: {
    toggleSideMenu: 'Menü öffnen',
    cars: 'Autos',
    searchPlaceholder: 'Was suchst du?',
    searchLabel: 'Suche',
    searchSubmit: 'Suchen',
    feed: 'Feed',
    stories: 'Stories',
    chat: 'Nachrichten',
    notifications: 'Benachrichtigungen',
    createListing: 'Anzeige aufgeben',
    login: 'Anmelden',
    accountMenu: 'Konto-Menü',
  },

  /** Avatar menu of the desktop header (SPEC.md §2). */
  accountMenu: {
    dashboard: 'Dashboard',
    myListings: 'Meine Anzeigen',
    favorites: 'Favoriten',
    settings: 'Einstellungen',
    logout: 'Abmelden',
  },

  /** Side menu (SPEC.md §2 "Side menu"). */
  sideMenu: {
    label: 'Hauptmenü',
    close: 'Menü schließen',
    guest: 'Gast',
    guestHint: 'Melde dich an, um Anzeigen aufzugeben und zu chatten.',
    home: 'Startseite',
    categories: 'Kategorien',
    favorites: 'Favoriten',
    chat: 'Chat',
    myListings: 'Meine Anzeigen',
    saved: 'Gespeicherte',
    profile: 'Profil',
    settings: 'Einstellungen',
    payments: 'Zahlungen',
    analytics: 'Analytics',
    logout: 'Abmelden',
    login: 'Anmelden',
    register: 'Registrieren',
    popular: 'Beliebte Kategorien',
    popularCars: 'Autos',
    popularFashion: 'Mode',
    popularElectronics: 'Elektronik',
    popularFurniture: 'Möbel',
  },

  /** Display name fallback when a user has no nickname, first name or e-mail (SPEC.md §2). */
  user: {
    fallbackName: 'Benutzer',
    avatarAlt: (name: string) => `Profilbild von ${name}`,
  },

  /** Mobile bottom navigation (SPEC.md §2 "Mobile"). */
  bottomNav: {
    label: 'Hauptnavigation',
    home: 'Start',
    favorites: 'Favoriten',
    create: 'Erstellen',
    chat: 'Chat',
    dashboard: 'Dashboard',
  },

  notifications: {
    panelTitle: 'Benachrichtigungen',
    empty: 'Keine Benachrichtigungen',
    showAll: 'Alle Benachrichtigungen anzeigen',
    unreadCount: (count: number) => `${count} ungelesen`,
    markAllRead: 'Alle als gelesen markieren',
    markRead: 'Als gelesen markieren',
    delete: 'Löschen',
    deleteLabel: (title: string) => `Benachrichtigung „${title}“ löschen`,
    unreadLabel: 'Ungelesen',
    settingsLink: 'Einstellungen',
    filterLabel: 'Art',
    filterAll: 'Alle',
    unreadOnly: 'Nur ungelesene',
    /** Names of the notification types (SPEC.md §3 "Notification: type"). */
    types: {
      follow: 'Neue Follower',
      new_listing: 'Neue Anzeigen',
      listing_view: 'Aufrufe deiner Anzeigen',
      listing_favorite: 'Gemerkte Anzeigen',
      message: 'Nachrichten',
      forum_reply: 'Antworten im Forum',
      forum_mention: 'Erwähnungen im Forum',
      forum_like: 'Likes im Forum',
      story_reaction: 'Reaktionen auf deine Stories',
      verification: 'Entscheidungen über deine Verkäufer-Verifizierung',
      moderation: 'Meldungen und Entscheidungen der Moderation',
    },
    pageRange: (from: number, to: number, total: number) => `${from}–${to} von ${total}`,
    previousPage: 'Zurück',
    nextPage: 'Weiter',
    actionFailed: 'Das hat nicht geklappt. Bitte versuche es erneut.',
    settingsIntro:
      'Wähle für jede Art, ob du sie hier in der App und zusätzlich per E-Mail bekommst. E-Mails schicken wir nur, wenn du gerade nicht online bist.',
    inApp: 'In der App',
    email: 'Per E-Mail',
    channelLabel: (type: string, channel: string) => `${type}: ${channel}`,
    saved: 'Einstellungen gespeichert',
    saveFailed: 'Die Einstellungen konnten nicht gespeichert werden.',
    loadFailed: 'Die Einstellungen konnten nicht geladen werden.',
    loginHint: 'Melde dich an, um deine Benachrichtigungen einzustellen.',
    loginButton: 'Anmelden',
  },

  /** Buyer-seller chat at /chat (SPEC.md §2). */
  chat: {
    title: 'Nachrichten',
    conversationsLabel: 'Unterhaltungen',
    empty: 'Noch keine Unterhaltungen. Schreib einem Verkäufer über „Nachricht schreiben“ auf einer Anzeige.',
    choose: 'Wähle links eine Unterhaltung.',
    loadFailed: 'Die Unterhaltungen konnten nicht geladen werden.',
    startFailed: 'Die Unterhaltung konnte nicht begonnen werden.',
    notFound: 'Diese Unterhaltung gibt es nicht.',
    back: 'Zurück zu den Unterhaltungen',
    unreadBadge: (count: number) => `${count} ungelesen`,
    noMessages: 'Noch keine Nachrichten. Schreib die erste!',
    loadingOlder: 'Ältere Nachrichten werden geladen …',
    messageLabel: 'Nachricht',
    messagePlaceholder: 'Nachricht schreiben …',
    counter: (length: number, max: number) => `${length}/${max}`,
    send: 'Senden',
    sending: 'Wird gesendet …',
    sendFailed: 'Nicht gesendet.',
    retry: 'Erneut senden',
    sent: 'Gesendet',
    read: 'Gelesen',
    photo: 'Foto senden',
    photoAlt: 'Foto im Chat',
    photoPreview: 'Foto',
    /** SPEC.md §8: 'error detail or "Upload failed"'. */
    uploadFailed: 'Upload failed',
    you: 'Du',
    adLabel: 'Anzeige',
    aboutAd: (title: string) => `Zur Anzeige „${title}“`,
    noAd: 'Ohne Anzeige',
    more: 'Weitere Aktionen',
    block: 'Blockieren',
    unblock: 'Blockierung aufheben',
    blockedByMe: 'Du hast dieses Mitglied blockiert. Ihr könnt euch keine Nachrichten schreiben.',
    blockedMe: 'Du kannst diesem Mitglied keine Nachrichten mehr schreiben.',
    cannotSend: 'In dieser Unterhaltung kannst du keine Nachrichten mehr schreiben.',
    report: 'Melden',
    reported: 'Gemeldet',
    reportTitle: 'Unterhaltung melden',
    reportReason: 'Grund',
    reportReasons: {
      spam: 'Spam',
      fraud: 'Betrugsversuch',
      harassment: 'Belästigung',
      offensive: 'Beleidigende Inhalte',
      other: 'Sonstiges',
    },
    reportText: 'Hinweis (optional)',
    reportSubmit: 'Melden',
    reportDone: 'Danke! Wir sehen uns die Unterhaltung an.',
    cancel: 'Abbrechen',
    offer: 'Preisvorschlag',
    offerTitle: 'Preisvorschlag machen',
    counterTitle: 'Gegenangebot machen',
    offerAmount: 'Dein Preis in €',
    offerSubmit: 'Vorschlag senden',
    offerCard: (amount: string) => `Preisvorschlag: ${amount}`,
    counterCard: (amount: string) => `Gegenangebot: ${amount}`,
    offerAccepted: (amount: string) => `Preisvorschlag über ${amount} angenommen`,
    offerDeclined: (amount: string) => `Preisvorschlag über ${amount} abgelehnt`,
    offerStatus: {
      open: 'Offen',
      accepted: 'Angenommen',
      declined: 'Abgelehnt',
      countered: 'Gegenangebot gemacht',
    },
    accept: 'Annehmen',
    decline: 'Ablehnen',
    counterOffer: 'Gegenangebot',
    reserved: 'Die Anzeige ist jetzt reserviert.',
    acceptTitle: 'Preisvorschlag annehmen?',
    acceptCounterTitle: 'Gegenangebot annehmen?',
    acceptText: (amount: string) => `Du nimmst den Vorschlag über ${amount} an.`,
    acceptReserve: 'Anzeige für diese Person reservieren',
    acceptReserveHint: 'Andere sehen die Anzeige dann als „Reserviert“.',
    rate: 'Bewerten',
    rateTitle: (name: string) => `${name} bewerten`,
    rateStars: 'Sterne',
    starLabel: (stars: number) => (stars === 1 ? '1 Stern' : `${stars} Sterne`),
    noStars: 'Keine Sterne',
    rateText: 'Deine Erfahrung (optional)',
    rateSubmit: 'Bewertung abgeben',
    rated: (stars: number) => `Du hast ${stars} von 5 Sternen vergeben.`,
    rateDone: 'Danke für deine Bewertung!',
    actionFailed: 'Das hat nicht geklappt. Bitte versuche es erneut.',
  },

  /** Relative time (SPEC.md §9). */
  relativeTime: RELATIVE_TIME_TEXTS,

  footer: {
    blurb:
      `${SITE_NAME} ist der Kleinanzeigenmarkt für deine Region: Hier kaufst, verkaufst und verschenkst du Dinge, ` +
      'findest Jobs und Dienstleistungen in deiner Nähe und schreibst Anbietern direkt im Chat.',
    legalHeading: 'Rechtliches',
    imprint: 'Impressum',
    privacy: 'Datenschutz',
    terms: 'AGB',
    cookies: 'Cookies',
    supportHeading: 'Hilfe & Kontakt',
    supportText: 'Fragen zu deinem Konto oder einer Anzeige? Unser Support hilft dir gern.',
    helpLink: 'Hilfe-Center',
    contactLink: 'Kontakt',
    faqLink: 'Häufige Fragen',
    copyright: (year: number) => `© ${year} ${SITE_NAME}. Alle Rechte vorbehalten.`,
  },

  /** Contact details shown in the footer and on the help pages. */
  /** Cookie banner (SPEC.md §2, §4). */
  cookies: {
    bannerLabel: 'Cookie-Einstellungen',
    title: 'Wir respektieren deine Privatsphäre',
    text: `Notwendige Cookies halten ${SITE_NAME} am Laufen, Statistik und Marketing nur mit deiner Zustimmung.`,
    accept: 'Akzeptieren',
    reject: 'Ablehnen',
    customize: 'Anpassen',
    save: 'Auswahl speichern',
    necessary: 'Notwendig',
    necessaryHint: 'Für Anmeldung, Sicherheit und deine Einstellungen. Immer aktiv.',
    statistics: 'Statistik',
    statisticsHint: `Hilft uns zu verstehen, wie ${SITE_NAME} genutzt wird.`,
    marketing: 'Marketing',
    marketingHint: 'Ermöglicht auf dich zugeschnittene Angebote.',
    saved: 'Deine Cookie-Einstellungen wurden gespeichert.',
    moreInfo: 'Mehr erfahren',
    currentChoice: 'Deine aktuelle Auswahl',
    noChoiceYet: 'Du hast noch keine Auswahl getroffen.',
    choiceAccepted: 'Alle Cookies akzeptiert',
    choiceRejected: 'Nur notwendige Cookies',
    choiceCustom: 'Eigene Auswahl',
    storedAt: (date: string) => `Gespeichert am ${date}`,
  },

  /** Error fallback and loading texts (SPEC.md §2 "Other shell elements"). */
  errors: {
    fallbackTitle: 'Ein Fehler ist aufgetreten',
    fallbackText: 'Bitte versuche es noch einmal. Wenn der Fehler bleibt, lade die Seite später neu.',
    retry: 'Erneut versuchen',
  },
  loading: {
    page: 'Seite wird geladen...',
  },

  /** Session messages (SPEC.md §8). */
  session: {
    expiryWarning: 'Ihre Sitzung läuft in 5 Minuten ab. Klicken Sie irgendwo, um aktiv zu bleiben.',
    expired: 'Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.',
    tokenExpired: 'Ihr Token ist abgelaufen. Bitte melden Sie sich erneut an.',
    tokenInvalid: 'Ungültiger Token. Bitte melden Sie sich erneut an.',
  },

  /** Admin routes for non-admins (SPEC.md §2 "Admin only"). */
  admin: {
    accessDenied:
      'Zugriff verweigert: Sie haben keine Berechtigung, auf das Admin-Dashboard zuzugreifen. Nur Administratoren können diese Seite aufrufen.',
  },

  /** The admin dashboard at /admin (SPEC.md §6). */
  adminArea: {
    title: 'Admin-Dashboard',
    verificationsLink: 'Verifizierungen prüfen',
    loading: 'Statistiken werden geladen',
    loadError: 'Die Statistiken konnten nicht geladen werden.',
    members: 'Mitglieder',
    membersTotal: 'insgesamt',
    new7d: 'neu in 7 Tagen',
    verifiedSellers: 'verifizierte Verkäufer',
    verificationsPending: 'offene Verifizierungen',
    listings: 'Anzeigen',
    listingsActive: 'aktiv',
    listingsReserved: 'reserviert',
    listingsSold: 'verkauft',
    reports: 'Meldungen',
    reportsOpen: 'offen',
    reportsListings: 'zu Anzeigen',
    reportsForum: 'zu Forenbeiträgen',
    activity: 'Aktivität',
    messages24h: 'Nachrichten in 24 h',
    stories24h: 'Stories in 24 h',
    forumPosts: 'Forenbeiträge',
    chartTitle: 'Neue Anzeigen und Mitglieder pro Tag (30 Tage)',
    chartListings: 'Neue Anzeigen',
    chartMembers: 'Neue Mitglieder',
    membersTitle: 'Mitglieder verwalten',
    memberSearch: 'Nach E-Mail oder Name suchen',
    noMembers: 'Keine Mitglieder gefunden.',
    listingsCount: (n: number) => (n === 1 ? '1 Anzeige' : `${n} Anzeigen`),
    changeRole: 'Rolle ändern',
    changeRoleOf: (name: string) => `Rolle von ${name} ändern`,
    roleDialogTitle: (name: string) => `Rolle von ${name} ändern`,
    role: 'Rolle',
    roles: { ADMIN: 'Administrator', SELLER: 'Mitglied' },
    reason: 'Grund',
    save: 'Speichern',
    cancel: 'Abbrechen',
    saveError: 'Die Änderung konnte nicht gespeichert werden.',
    auditTitle: 'Protokoll der Admin-Aktionen',
    auditAction: 'Aktion',
    auditAll: 'Alle Aktionen',
    auditEmpty: 'Noch keine Einträge.',
    auditTime: 'Zeit',
    auditAdmin: 'Admin',
    auditTarget: 'Ziel',
    auditDeletedAdmin: 'gelöschtes Konto',
    actions: {
      role_changed: 'Rolle geändert',
      member_suspended: 'Mitglied gesperrt',
      member_banned: 'Mitglied dauerhaft gesperrt',
      sanction_lifted: 'Sperre aufgehoben',
      listing_removed: 'Anzeige entfernt',
      listing_kept: 'Meldung geprüft, Anzeige bleibt',
      appeal_upheld: 'Widerspruch zurückgewiesen',
      appeal_reversed: 'Widerspruch stattgegeben',
      verification_approved: 'Verifizierung bestätigt',
      verification_rejected: 'Verifizierung abgelehnt',
    },
    openMember: (name: string) => `${name} öffnen`,
    memberBack: 'Zurück zum Admin-Dashboard',
    memberLoading: 'Mitglied wird geladen',
    memberLoadError: 'Das Mitglied konnte nicht geladen werden.',
    memberFacts: 'Profil',
    memberEmail: 'E-Mail',
    memberNickname: 'Spitzname',
    memberFirstName: 'Vorname',
    memberLastName: 'Nachname',
    memberSince: 'Mitglied seit',
    memberEmailVerified: 'E-Mail bestätigt',
    yes: 'ja',
    no: 'nein',
    notGiven: '–',
    memberStatusActive: 'Nicht gesperrt',
    suspendedUntil: (date: string) => `Gesperrt bis ${date}`,
    bannedForGood: 'Dauerhaft gesperrt',
    memberListings: 'Anzeigen',
    noMemberListings: 'Keine Anzeigen.',
    listingStatus: {
      active: 'Aktiv',
      reserved: 'Reserviert',
      sold: 'Verkauft',
      expired: 'Abgelaufen',
      removed: 'Entfernt',
    } as Record<string, string>,
    reportsCount: (n: number) => (n === 1 ? '1 Meldung' : `${n} Meldungen`),
    memberReports: 'Meldungen zu Anzeigen',
    noMemberReports: 'Keine Meldungen.',
    reportedBy: (name: string) => `gemeldet von ${name}`,
    reportReasons: {
      fraud: 'Betrug oder Fake',
      prohibited: 'Verbotener Artikel',
      wrong_category: 'Falsche Kategorie',
      offensive: 'Beleidigend oder unangemessen',
      other: 'Sonstiges',
    } as Record<string, string>,
    memberSanctions: 'Sperren',
    noMemberSanctions: 'Noch keine Sperren.',
    sanctionSuspension: (date: string) => `Gesperrt bis ${date}`,
    sanctionBan: 'Dauerhaft gesperrt',
    sanctionBy: (name: string) => `von ${name}`,
    sanctionBySystem: 'automatisch (drei bestätigte Entfernungen)',
    sanctionActive: 'aktiv',
    sanctionEnded: 'abgelaufen',
    sanctionLifted: (date: string, name: string) => `aufgehoben am ${date} von ${name}`,
    suspend: 'Sperren',
    lift: 'Sperre aufheben',
    suspendDialogTitle: (name: string) => `${name} sperren`,
    liftDialogTitle: (name: string) => `Sperre von ${name} aufheben`,
    sanctionKind: 'Art der Sperre',
    kindSuspension: 'Auf Zeit',
    kindBan: 'Dauerhaft',
    sanctionUntil: 'Gesperrt bis einschließlich',
    sanctionHint:
      'Alle Sitzungen des Mitglieds enden sofort. Beim Anmelden sieht es das Ende der Sperre und den Grund.',
    untilMissing: 'Bitte gib an, bis wann die Sperre gilt.',
    confirmSuspend: 'Sperren',
    confirmLift: 'Aufheben',
    deletedAccount: 'gelöschtes Konto',
  },

  /** Pages whose feature is still being built. */
  /** Seller verification (trader traceability, DSA Art. 30). */
  verification: {
    applyTitle: 'Verkäufer-Verifizierung',
    applyIntro:
      'Lass dich als private Verkäuferin bzw. privater Verkäufer oder als Unternehmen verifizieren. Deine Angaben und dein Dokument sehen nur du und unser Team; das Dokument wird 30 Tage nach der Entscheidung gelöscht.',
    kind: 'Ich verkaufe als',
    kindPrivate: 'Privatperson',
    kindBusiness: 'Unternehmen',
    name: 'Vollständiger Name',
    companyName: 'Firmenname',
    legalForm: 'Rechtsform',
    street: 'Straße und Hausnummer',
    postalCode: 'PLZ',
    city: 'Ort',
    phone: 'Telefon',
    email: 'Geschäftliche E-Mail-Adresse',
    registerNumber: 'Handelsregisternummer',
    vatId: 'USt-IdNr.',
    registerHint: 'Handelsregisternummer oder USt-IdNr. – eines von beiden genügt.',
    documentPrivate: 'Foto deines Ausweisdokuments',
    documentBusiness: 'Dokument (z. B. Handelsregisterauszug oder Gewerbeanmeldung)',
    documentHint: 'JPEG, PNG, WebP oder PDF, höchstens 10 MB.',
    chooseFile: 'Datei auswählen',
    noFile: 'Keine Datei ausgewählt',
    fileMissing: 'Bitte wähle ein Dokument aus.',
    fileTooLarge: 'Das Dokument ist zu groß. Maximal 10 MB.',
    submit: 'Verifizierung beantragen',
    sending: 'Wird gesendet …',
    failed: 'Der Antrag konnte nicht gesendet werden. Bitte versuche es erneut.',
    alreadyOpen: 'Du hast bereits eine offene Verifizierungsanfrage.',
    toStatus: 'Zum Verifizierungsstatus',
    statusTitle: 'Verifizierungsstatus',
    none: 'Du hast noch keine Verifizierung beantragt.',
    apply: 'Jetzt verifizieren lassen',
    pending: 'Dein Antrag wird geprüft.',
    approved: 'Du bist verifiziert.',
    rejected: 'Dein Antrag wurde abgelehnt.',
    reason: 'Grund',
    tryAgain: 'Erneut beantragen',
    submittedAt: 'Beantragt am',
    decidedAt: 'Entschieden am',
    statusLabel: { pending: 'In Prüfung', approved: 'Bestätigt', rejected: 'Abgelehnt' },
    badgePrivate: 'Verifiziert',
    badgeBusiness: 'Gewerblich',
    traderTitle: 'Angaben zum gewerblichen Anbieter',
    verifiedOnly: 'nur verifizierte Verkäufer',
    loadError: 'Die Verifizierung konnte nicht geladen werden.',
    adminTitle: 'Verifizierungen prüfen',
    queueEmpty: 'Keine offenen Anfragen.',
    member: 'Mitglied',
    document: 'Dokument',
    documentGone: 'Das Dokument wurde gelöscht.',
    openPdf: 'PDF öffnen',
    approve: 'Bestätigen',
    reject: 'Ablehnen',
    rejectReason: 'Grund der Ablehnung',
    rejectReasonHint: 'Mindestens 5 Zeichen; die Person sieht diesen Grund.',
    decided: 'Entscheidung gespeichert.',
    tabs: { pending: 'Offen', approved: 'Bestätigt', rejected: 'Abgelehnt' },
  },
  planned: {
    underConstruction: 'Dieser Bereich wird gerade aufgebaut.',
  },

  search: {
    term: (term: string) => `Suchbegriff: „${term}“`,
    /** Header search field suggestions (issue "The marketplace itself": completions while typing). */
    suggestions: 'Vorschläge',
    resultsFor: (count: number, term: string) =>
      `${count.toLocaleString('de-DE')} ${count === 1 ? 'Anzeige' : 'Anzeigen'} für „${term}“`,
    noResultsFor: (term: string) => `Keine Anzeigen gefunden für „${term}“`,
    noResults: 'Keine Anzeigen gefunden',
    corrected: (term: string, corrected: string) =>
      `Keine genauen Treffer für „${term}“ – wir zeigen Ergebnisse für „${corrected}“.`,
    widenHint: 'Versuche es mit weniger Filtern oder in allen Kategorien.',
    removeFilters: 'Filter entfernen',
    otherTermHint: 'Prüfe die Schreibweise oder versuche es mit einem allgemeineren Begriff.',
    allListings: 'Alle Anzeigen ansehen',
    widenRadius: (km: number) => `Umkreis auf ${km} km erweitern`,
    allCategories: 'In allen Kategorien suchen',
    enterTerm: 'Gib oben einen Suchbegriff ein, um Anzeigen zu finden.',
    categoryFilter: 'Kategorie',
    anyCategory: 'Alle Kategorien',
  },

  /** Price display (issue "The marketplace itself": Festpreis, VB, Zu verschenken). */
  price: {
    ...PRICE_TEXTS,
    types: { fixed: 'Festpreis', negotiable: PRICE_TEXTS.negotiable, free: PRICE_TEXTS.free },
  },

  /** Home page (SPEC.md §2 "Home"). */
  home: {
    latest: HOME_TEXTS.latest,
    storiesLabel: 'Stories',
  },

  /** Stories (SPEC.md §2 "Stories", §5, §8). */
  stories: {
    strip: 'Stories',
    yourStory: 'Deine Story',
    add: 'Story hinzufügen',
    openGroup: (name: string) => `Stories von ${name} ansehen`,
    pageTitle: 'Stories',
    empty: 'Gerade gibt es keine Stories. Teile als Erste oder Erster einen Moment!',
    loadFailed: 'Fehler beim Laden der Stories',
    userLoadFailed: 'Fehler beim Laden der User-Stories',
    statsFailed: 'Fehler beim Laden der Statistiken',
    insightsFailed: 'Fehler beim Laden der Insights',
    createTitle: 'Story erstellen',
    dropZone: 'Medien hinzufügen',
    dropHint: 'Bild oder Video hierher ziehen · JPG, PNG, MP4, MOV · max. 50 MB',
    photo: 'Foto',
    video: 'Video',
    captionPlaceholder: 'Füge eine Beschreibung hinzu...',
    captionLabel: 'Beschreibung',
    linkListing: 'Anzeige verknüpfen (optional)',
    noListing: 'Keine Anzeige',
    publish: 'Teilen',
    cancel: 'Abbrechen',
    uploading: (percent: number) => `Wird hochgeladen … ${percent} %`,
    wrongType: 'Nur Bild- und Videodateien sind erlaubt',
    tooLarge: 'Datei ist zu groß. Maximum: 50MB',
    createFailed: 'Fehler beim Erstellen der Story',
    created: 'Deine Story ist online.',
    viewer: 'Story-Ansicht',
    close: 'Schließen',
    pause: 'Pausieren',
    play: 'Abspielen',
    previous: 'Vorherige Story',
    next: 'Nächste Story',
    unmute: 'Ton an',
    mute: 'Ton aus',
    like: 'Gefällt mir',
    liked: 'Reaktion gesendet',
    reactFailed: 'Fehler beim Reagieren auf Story',
    replyPlaceholder: 'Antworten …',
    replyLabel: 'Antwort auf die Story',
    send: 'Senden',
    replySent: 'Antwort gesendet',
    replyFailed: 'Fehler beim Senden der Story-Antwort',
    delete: 'Story löschen',
    deleteConfirm: 'Möchtest du diese Story wirklich löschen?',
    deleteFailed: 'Fehler beim Löschen der Story',
    deleteForbidden: 'Keine Berechtigung zum Löschen dieser Story',
    notAuthenticated: 'Nicht authentifiziert - Bitte melden Sie sich erneut an',
    notFound: 'Story nicht gefunden',
    insights: 'Insights',
    viewers: (count: number) => `Viewer (${count})`,
    totalViews: 'Aufrufe',
    reactions: 'Reaktionen',
    replies: 'Antworten',
    postedAt: 'Gepostet',
    noViewers: 'Noch hat niemand deine Story gesehen.',
    openInsights: 'Insights öffnen',
    listingCard: 'Zur Anzeige',
    videoFailed: 'Das Video konnte nicht geladen werden.',
  },

  /** Ad grids with paging, view mode and sort (SPEC.md §2 "Home", §4, §9). */
  feed: {
    loadMore: (count: number) => `Weitere ${count} Anzeigen laden`,
    loading: 'Lädt...',
    empty: 'Hier gibt es noch keine Anzeigen.',
    loadFailed: 'Die Anzeigen konnten gerade nicht geladen werden.',
    count: (count: number) => `${count.toLocaleString('de-DE')} ${count === 1 ? 'Anzeige' : 'Anzeigen'}`,
    countCapped: (count: number) => `${count.toLocaleString('de-DE')}+ Anzeigen`,
    viewLabel: 'Ansicht',
    viewStandard: 'Standardansicht',
    viewCompact: 'Kompakte Ansicht',
    sortLabel: 'Sortieren',
    sort: {
      newest: 'Neueste',
      'price-asc': 'Preis aufsteigend',
      'price-desc': 'Preis absteigend',
      popular: 'Meistgesehen',
      distance: 'Nächste zuerst',
      relevance: 'Beste Treffer',
    },
    distancePostalCode: 'Deine PLZ oder dein Ort',
    radiusKm: (km: number) => `Umkreis ${km} km`,
    distanceHint: 'Für „Nächste zuerst“ brauchen wir deine Postleitzahl oder deinen Ort.',
    placeUnknown: (text: string) =>
      `„${text}“ kennen wir nicht. Bitte prüfe die Schreibweise oder wähle einen Ort aus den Vorschlägen.`,
    placeChoose: (text: string) => `Welchen Ort meinst du mit „${text}“?`,
    placeChecking: 'Ort wird gesucht...',
    placeDropped: (text: string) =>
      `Deinen gespeicherten Ort „${text}“ finden wir nicht mehr. Die Anzeigen gelten jetzt für ganz Deutschland.`,
  },

  /** Categories (SPEC.md §2 "Home", §8). */
  categories: {
    stripLabel: HOME_TEXTS.categoryStrip,
    loadFailed: 'Fehler beim Laden der Kategorien',
    unknownError: 'Unbekannter Fehler',
    notFound: 'Diese Kategorie gibt es nicht.',
    toHome: 'Zur Startseite',
    all: 'Alle',
    allIn: (name: string) => `Alle Anzeigen in ${name}`,
    pickerTitle: 'Kategorie wählen',
    pickerIntro: 'In welcher Kategorie soll deine Anzeige erscheinen?',
    back: 'Zurück',
    close: 'Schließen',
    subcategories: (name: string) => `Unterkategorien von ${name}`,
    carsTitle: 'Autos, Motorräder & Co.',
    breadcrumb: 'Brotkrümelnavigation',
    home: 'Start',
  },

  /** List filters (issue "The marketplace itself": price, place with radius, attributes). */
  filters: {
    title: 'Filter',
    show: 'Filter',
    apply: 'Anzeigen zeigen',
    reset: 'Filter zurücksetzen',
    price: 'Preis',
    priceMin: 'von €',
    priceMax: 'bis €',
    location: 'PLZ oder Ort',
    radius: 'Umkreis',
    radiusAny: 'Ganz Deutschland',
    placesAttribution: 'Orte und Postleitzahlen: GeoNames (CC BY 4.0)',
    placeSuggestions: (count: number) =>
      count === 0 ? 'Keine Vorschläge' : count === 1 ? '1 Vorschlag' : `${count} Vorschläge`,
    radiusKm: (km: number) => `${km} km`,
    offerType: 'Angebotsart',
    any: 'Alle',
    min: 'von',
    max: 'bis',
    minAboveMax: '„von“ ist größer als „bis“. Bitte tausche die Werte oder passe sie an.',
  },

  /** An ad: cards, the ad page and its actions (issue "The marketplace itself"). */
  listing: {
    offerTypes: OFFER_TYPE_TEXTS,
    status: {
      active: 'Aktiv',
      reserved: 'Reserviert',
      sold: 'Verkauft',
      expired: 'Abgelaufen',
      removed: 'Entfernt',
    },
    reservedBanner: 'Reserviert – diese Anzeige ist zurzeit reserviert.',
    soldBanner: 'Verkauft – dieser Artikel ist nicht mehr verfügbar.',
    expiredBanner: 'Abgelaufen – diese Anzeige ist nicht mehr aktiv.',
    removedBanner:
      'Entfernt – unsere Moderation hat diese Anzeige entfernt; sie ist nicht öffentlich sichtbar. Die Begründung und den Widerspruch findest du in deinen Benachrichtigungen.',
    distance: (km: number) => `${km.toLocaleString('de-DE', { maximumFractionDigits: km < 10 ? 1 : 0 })} km`,
    views: (count: number) => `${count.toLocaleString('de-DE')} ${count === 1 ? 'Aufruf' : 'Aufrufe'}`,
    favoritesCount: (count: number) => `${count.toLocaleString('de-DE')} gemerkt`,
    postedAt: (when: string) => `Eingestellt ${when}`,
    adId: (id: string) => `Anzeigen-ID: ${id}`,
    details: 'Details',
    description: 'Beschreibung',
    category: 'Kategorie',
    offerType: 'Anzeigenart',
    priceType: 'Preisart',
    location: 'Ort',
    writeMessage: 'Nachricht schreiben',
    share: 'Teilen',
    linkCopied: 'Link kopiert',
    shareFailed: 'Der Link konnte nicht kopiert werden.',
    report: 'Anzeige melden',
    reportShort: 'Melden',
    reportTitle: 'Anzeige melden',
    reportIntro: 'Was stimmt mit dieser Anzeige nicht?',
    reportReasons: {
      fraud: 'Betrug oder Fake',
      prohibited: 'Verbotener Artikel',
      wrong_category: 'Falsche Kategorie',
      offensive: 'Beleidigend oder unangemessen',
      other: 'Sonstiges',
    },
    reportComment: 'Hinweis (optional)',
    reportSubmit: 'Melden',
    reportSent: 'Danke! Wir prüfen die Anzeige.',
    reportFailed: 'Die Meldung konnte nicht gesendet werden.',
    cancel: 'Abbrechen',
    similar: 'Ähnliche Anzeigen',
    seller: 'Anbieter',
    memberSince: (monthYear: string) => `Mitglied seit ${monthYear}`,
    activeListings: (count: number) => `${count} aktive ${count === 1 ? 'Anzeige' : 'Anzeigen'}`,
    toProfile: 'Zum Profil',
    ownAd: 'Das ist deine Anzeige.',
    edit: 'Bearbeiten',
    manage: 'Meine Anzeigen',
    notFound: 'Anzeige nicht gefunden',
    notFoundText: 'Diese Anzeige gibt es nicht oder nicht mehr.',
    loadFailed: 'Die Anzeige konnte nicht geladen werden.',
    noImage: 'Kein Bild',
    imageAlt: (title: string, index: number) => `${title} – Bild ${index}`,
    gallery: {
      open: 'Bild im Vollbild öffnen',
      close: 'Vollbild schließen',
      previous: 'Vorheriges Bild',
      next: 'Nächstes Bild',
      counter: (index: number, count: number) => `${index} / ${count}`,
      thumbnails: 'Alle Bilder',
    },
  },

  /** Favourites (SPEC.md §4, §5, §8). */
  favorites: {
    notLoggedIn: 'Nicht eingeloggt',
    loginRequired: 'Bitte melde dich an, um Favoriten hinzuzufügen',
    alreadyFavorite: 'Anzeige ist bereits in deinen Favoriten',
    addFailed: 'Fehler beim Hinzufügen zur Merkliste',
    removeFailed: 'Fehler beim Entfernen aus der Merkliste',
    loadFailed: 'Fehler beim Laden der Favoriten',
    add: 'Zu Favoriten hinzufügen',
    remove: 'Aus Favoriten entfernen',
    empty: 'Du hast noch keine Favoriten.',
    emptyHint: 'Tippe auf das Herz einer Anzeige, um sie hier zu speichern.',
    browse: 'Anzeigen entdecken',
  },

  /** Posting and editing an ad (issue "The marketplace itself"). */
  listingForm: {
    offerType: 'Art der Anzeige',
    category: 'Kategorie',
    chooseCategory: 'Kategorie wählen',
    changeCategory: 'Ändern',
    title: 'Titel',
    titleHint: 'Zum Beispiel: Trekkingrad 28 Zoll, kaum gefahren',
    description: 'Beschreibung',
    counter: (length: number, max: number) => `${length} / ${max}`,
    price: 'Preis',
    priceType: 'Preisart',
    postalCode: 'Postleitzahl',
    place: 'Ort',
    placeHint: 'Gib deine Postleitzahl ein und wähle deinen Ort.',
    details: 'Details',
    choose: 'Bitte wählen',
    photos: 'Fotos',
    photosHint: (max: number) =>
      `Bis zu ${max} Fotos (JPEG, PNG, WebP oder AVIF, je bis 20 MB). Das erste Foto ist das Titelbild; ziehe die Fotos oder nutze die Pfeile, um die Reihenfolge zu ändern.`,
    addPhotos: 'Fotos hinzufügen',
    dropPhotos: 'Fotos hierher ziehen',
    cover: 'Titelbild',
    moveForward: 'Nach vorne',
    moveBack: 'Nach hinten',
    removePhoto: 'Foto entfernen',
    photoAlt: (index: number) => `Foto ${index}`,
    uploading: (percent: number) => `Wird hochgeladen: ${percent} %`,
    photosStatus: (done: number, uploading: number) =>
      uploading > 0
        ? `${uploading} ${uploading === 1 ? 'Foto wird' : 'Fotos werden'} hochgeladen, ${done} fertig`
        : `${done} ${done === 1 ? 'Foto' : 'Fotos'} hochgeladen`,
    photosList: 'Deine Fotos (das erste ist das Titelbild)',
    uploadFailed: 'Upload failed',
    retryUpload: 'Erneut hochladen',
    fileTooLarge: (name: string) => `${name} ist zu groß. Maximum: 20 MB.`,
    fileWrongType: (name: string) => `${name} ist kein Bild im Format JPEG, PNG, WebP oder AVIF.`,
    waitForUploads: 'Bitte warte, bis alle Fotos hochgeladen sind.',
    tooManyPhotos: (max: number) => `Du kannst höchstens ${max} Fotos hochladen.`,
    requiredAttribute: (label: string) => `Bitte gib „${label}“ an.`,
    attributeMin: (label: string, min: number) => `${label} muss mindestens ${min} sein.`,
    attributeMax: (label: string, max: number) => `${label} darf höchstens ${max} sein.`,
    attributeNumber: (label: string) => `${label} muss eine Zahl sein.`,
    attributeYear: (label: string) => `${label} muss eine Jahreszahl sein.`,
    attributeOption: (label: string) => `Bitte wähle für „${label}“ einen der vorgegebenen Werte.`,
    attributeDate: (label: string) => `${label} muss ein Datum (JJJJ-MM-TT) sein.`,
    attributeText: (label: string) => `${label} enthält ungültige Zeichen.`,
    attributeUnknown: 'Dieses Merkmal gibt es in dieser Kategorie nicht.',
    submitCreate: 'Anzeige veröffentlichen',
    submitEdit: 'Änderungen speichern',
    saving: 'Wird gespeichert...',
    created: 'Deine Anzeige ist online.',
    updated: 'Deine Änderungen sind gespeichert.',
    saveFailed: 'Die Anzeige konnte nicht gespeichert werden. Bitte versuche es erneut.',
    checkFields: 'Bitte prüfe die markierten Felder.',
    notOwner: 'Du kannst nur deine eigenen Anzeigen bearbeiten.',
    unverified:
      'Bitte bestätige zuerst deine E-Mail-Adresse über den Link in unserer E-Mail. Danach kannst du Fotos hochladen und Anzeigen veröffentlichen.',
  },

  /** Meine Anzeigen at /listings (issue "The marketplace itself"). */
  myListings: {
    intro: 'Hier verwaltest du deine Anzeigen.',
    empty: 'Du hast noch keine Anzeigen.',
    createFirst: 'Jetzt Anzeige aufgeben',
    loadFailed: 'Deine Anzeigen konnten nicht geladen werden.',
    all: 'Alle',
    statusFilter: 'Nach Status filtern',
    more: 'Weitere Anzeigen laden',
    edit: 'Bearbeiten',
    delete: 'Löschen',
    markReserved: 'Als reserviert markieren',
    markSold: 'Als verkauft markieren',
    reactivate: 'Reaktivieren',
    extend: 'Verlängern',
    actions: 'Aktionen',
    deleteTitle: 'Anzeige löschen?',
    deleteText: (title: string) =>
      `„${title}“ wird endgültig gelöscht. Das lässt sich nicht rückgängig machen.`,
    deleteConfirm: 'Endgültig löschen',
    cancel: 'Abbrechen',
    deleted: 'Die Anzeige wurde gelöscht.',
    statusChanged: 'Der Status wurde geändert.',
    markedReserved: 'Die Anzeige ist jetzt als reserviert markiert.',
    markedSold: 'Die Anzeige ist jetzt als verkauft markiert.',
    reactivated: 'Die Anzeige ist wieder aktiv.',
    extended: 'Die Anzeige wurde verlängert.',
    actionFailed: 'Das hat nicht geklappt. Bitte versuche es erneut.',
    expiresAt: (date: string) => `Läuft bis ${date}`,
    expiredAt: (date: string) => `Abgelaufen am ${date}`,
  },

  /** Page titles, one per route of SPEC.md §2. */
  pages: {
    home: 'Startseite',
    category: 'Kategorie',
    subcategory: 'Unterkategorie',
    listing: 'Anzeige',
    login: 'Anmelden',
    register: 'Registrieren',
    passwordReset: 'Passwort vergessen',
    resetPassword: 'Neues Passwort festlegen',
    verifyEmail: 'E-Mail-Adresse bestätigen',
    cars: 'Autos',
    entities: 'Entitäten',
    userProfile: 'Nutzerprofil',
    shop: 'Shop',
    provider: 'Dienstleister',
    notificationSettings: 'Benachrichtigungseinstellungen',
    faq: 'Häufige Fragen',
    faqContact: 'Kontakt zum Support',
    help: 'Hilfe',
    shopRegistration: 'Shop registrieren',
    events: 'Events',
    localNews: 'Lokale News',
    becomePartner: 'Partner werden',
    career: 'Karriere',
    universal: 'Anzeigen nach Kategorie',
    categorySelection: 'Kategorie auswählen',
    search: 'Suche',
    guide: 'Ratgeber',
    loginForm: 'Anmelden',
    forum: 'Forum',
    forumCategory: 'Forum-Kategorie',
    forumSubcategory: 'Forum-Unterkategorie',
    forumThread: 'Diskussion',
    forumCreateThread: 'Neues Thema erstellen',
    dashboard: 'Dashboard',
    dashboardOld: 'Dashboard (alte Ansicht)',
    favorites: 'Favoriten',
    payments: 'Zahlungen',
    analytics: 'Analytics',
    notifications: 'Benachrichtigungen',
    templates: 'Vorlagen',
    myListings: 'Meine Anzeigen',
    myListingsOld: 'Meine Anzeigen (alte Ansicht)',
    calendar: 'Kalender',
    textTemplates: 'Textvorlagen',
    settings: 'Einstellungen',
    feed: 'Feed',
    stories: 'Stories',
    createListing: 'Anzeige aufgeben',
    editListing: 'Anzeige bearbeiten',
    chat: 'Chat',
    sellerVerification: 'Verkäufer-Verifizierung',
    verificationStatus: 'Verifizierungsstatus',
    admin: 'Admin-Dashboard',
    moderationDecision: 'Begründung der Entscheidung',
    adminVerifications: 'Verifizierungen prüfen',
  },

  /** Forum areas named in the menu (SPEC.md §2). */
  forums: {
    business: 'Business Forum: Networking & Geschäfte',
    games: 'Games Forum: Gaming Community',
    sports: 'Sport Forum: Sport & Fitness',
  } as Record<string, string>,

  /** The one reputation on every member card (ad, chat, forum, profile). */
  reputation: {
    label: 'Ansehen',
    rating: (rating: number, count: number) =>
      `★ ${rating.toLocaleString('de-DE', { minimumFractionDigits: 1, maximumFractionDigits: 1 })} (${count === 1 ? '1 Bewertung' : `${count.toLocaleString('de-DE')} Bewertungen`})`,
    noRatings: 'Noch keine Bewertungen',
    forumLikes: (likes: number) =>
      likes === 1 ? '1 Like im Forum' : `${likes.toLocaleString('de-DE')} Likes im Forum`,
    memberSince: (monthYear: string) => `Mitglied seit ${monthYear}`,
    answerRate: (percent: number) => `Antwortrate ${percent} %`,
    emailVerified: 'E-Mail bestätigt',
  },

  /** The forum pages (/forum…). */
  forum: {
    title: 'Forum',
    intro: 'Tausche dich mit anderen Mitgliedern aus: über Geschäfte, Spiele und Sport.',
    menuHeading: 'Forum',
    headerLink: 'Forum',
    footerLink: 'Forum',
    threads: (count: number) => (count === 1 ? '1 Thema' : `${count.toLocaleString('de-DE')} Themen`),
    posts: (count: number) => (count === 1 ? '1 Beitrag' : `${count.toLocaleString('de-DE')} Beiträge`),
    replies: (count: number) => (count === 1 ? '1 Antwort' : `${count.toLocaleString('de-DE')} Antworten`),
    views: (count: number) => (count === 1 ? '1 Aufruf' : `${count.toLocaleString('de-DE')} Aufrufe`),
    likes: (count: number) => (count === 1 ? '1 Like' : `${count.toLocaleString('de-DE')} Likes`),
    latest: 'Neueste Aktivität',
    latestBy: (title: string, name: string | null, when: string) =>
      `${title} – ${name ? `${name}, ` : ''}${when}`,
    noActivity: 'Noch keine Beiträge',
    noThreads: 'Hier gibt es noch keine Themen. Eröffne das erste!',
    newThread: 'Neues Thema',
    sortLabel: 'Sortierung',
    sorts: { activity: 'Neueste Aktivität', newest: 'Neueste Themen', liked: 'Meiste Likes' },
    pinned: 'Angeheftet',
    locked: 'Geschlossen',
    lockedHint: 'Dieses Thema ist geschlossen. Antworten sind nicht mehr möglich.',
    deletedThread: (reason: string | null) =>
      reason
        ? `Dieses Thema wurde von der Moderation gelöscht. Grund: ${reason}`
        : 'Dieses Thema wurde gelöscht.',
    moderationNote: (note: string) => `Hinweis der Moderation: ${note}`,
    by: (name: string) => `von ${name}`,
    lastPost: (name: string | null, when: string) =>
      name ? `Letzter Beitrag von ${name} ${when}` : `Letzter Beitrag ${when}`,
    memberSince: (date: string) => `Mitglied seit ${date}`,
    authorStats: (posts: number, likes: number) =>
      `${posts === 1 ? '1 Beitrag' : `${posts} Beiträge`} · ${likes === 1 ? '1 Like erhalten' : `${likes} Likes erhalten`}`,
    verified: 'Verifiziert',
    rating: (rating: number, count: number) =>
      `★ ${rating.toLocaleString('de-DE', { minimumFractionDigits: 1 })} (${count === 1 ? '1 Bewertung' : `${count} Bewertungen`})`,
    admin: 'Admin',
    edited: 'bearbeitet',
    postNumber: (n: number) => `#${n}`,
    deletedPost: 'Dieser Beitrag wurde gelöscht.',
    deletedPostReason: (reason: string) =>
      `Dieser Beitrag wurde von der Moderation gelöscht. Grund: ${reason}`,
    like: 'Gefällt mir',
    unlike: 'Gefällt mir nicht mehr',
    quote: 'Zitieren',
    reply: 'Antworten',
    edit: 'Bearbeiten',
    delete: 'Löschen',
    report: 'Melden',
    save: 'Speichern',
    cancel: 'Abbrechen',
    send: 'Antwort senden',
    replyHeading: 'Deine Antwort',
    replyPlaceholder: 'Schreibe eine Antwort … (Markdown: **fett**, *kursiv*, > Zitat, @Name)',
    loginToReply: 'Melde dich an, um zu antworten.',
    verifyToPost: 'Bestätige zuerst deine E-Mail-Adresse, um im Forum zu schreiben.',
    quoteHeader: (name: string) => `@${name} schrieb:`,
    confirmDelete: 'Diesen Beitrag wirklich löschen?',
    deleteReasonLabel: 'Grund (wird dem Mitglied angezeigt)',
    reportTitle: 'Beitrag melden',
    reportReason: 'Warum verstößt der Beitrag gegen die Regeln?',
    reported: 'Danke! Wir sehen uns den Beitrag an.',
    deleted: 'Der Beitrag wurde gelöscht.',
    saved: 'Gespeichert.',
    watch: 'Beobachten',
    watching: 'Beobachtet',
    mute: 'Stummschalten',
    muted: 'Stummgeschaltet',
    moderation: 'Moderation',
    pin: 'Anheften',
    unpin: 'Nicht mehr anheften',
    lock: 'Schließen',
    unlock: 'Wieder öffnen',
    move: 'Verschieben',
    moveTo: 'Verschieben nach',
    deleteThread: 'Thema löschen',
    reasonPrompt: 'Grund (wird dem Mitglied angezeigt)',
    createTitle: 'Neues Thema erstellen',
    forumLabel: 'Forum',
    titleLabel: 'Titel',
    bodyLabel: 'Text',
    bodyHelp: 'Markdown: **fett**, *kursiv*, [Link](https://…), > Zitat, - Liste, @Name erwähnt jemanden.',
    preview: 'Vorschau',
    write: 'Schreiben',
    create: 'Thema erstellen',
    emptyPreview: 'Nichts zu zeigen.',
    searchLabel: 'Im Forum suchen',
    searchPlaceholder: 'Suchbegriff, z. B. Gewerbeanmeldung',
    searchSubmit: 'Suchen',
    searchResults: (count: number, q: string, capped = false) =>
      capped
        ? `über ${count.toLocaleString('de-DE')} Ergebnisse für „${q}“`
        : count === 1
          ? `1 Treffer für „${q}“`
          : `${count.toLocaleString('de-DE')} Treffer für „${q}“`,
    noHits: 'Keine Treffer. Versuche es mit einem anderen Wort.',
    inForum: (name: string) => `in ${name}`,
    previousPage: 'Zurück',
    nextPage: 'Weiter',
    pageOf: (page: number, pages: number) => `Seite ${page} von ${pages}`,
    notFound: 'Dieses Thema oder Forum gibt es nicht.',
    loadFailed: 'Das Forum konnte nicht geladen werden. Bitte versuche es erneut.',
    actionFailed: 'Das hat nicht geklappt. Bitte versuche es erneut.',
    breadcrumb: 'Brotkrümelnavigation',
  },

  /** Legal pages /legal/{page} (SPEC.md §2). */
  legal: {
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
          heading: '9. Deine Rechte',
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
  },

  /** The dialog after login when the AGB changed since the member last accepted them. */
  termsDialog: {
    title: 'Unsere AGB haben sich geändert',
    text: (date: string) =>
      `Seit dem ${date} gilt eine neue Fassung unserer Allgemeinen Geschäftsbedingungen. Bitte lies sie und ` +
      `stimme ihr zu, um ${SITE_NAME} weiter zu nutzen.`,
    readTerms: 'AGB lesen (öffnet in neuem Tab)',
    accept: 'Zustimmen',
    logout: 'Abmelden',
    failed: 'Die Zustimmung konnte nicht gespeichert werden. Bitte versuche es erneut.',
    accepted: 'Danke! Deine Zustimmung ist gespeichert.',
  },

  /** Frequently asked questions on /faq; `links` lead to the pages an answer names. */
  faq: {
    intro: 'Antworten auf die Fragen, die uns am häufigsten gestellt werden.',
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
        links: [],
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
  },

  /** Help centre on /hilfe and the support contact page; `links` lead to the pages a topic names. */
  help: {
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
    ],
    faqLink: 'Zu den häufigen Fragen',
    contactLink: 'Support kontaktieren',
    contactText: 'Schreib uns eine E-Mail. Wir antworten in der Regel innerhalb eines Werktags.',
    contactEmailLabel: 'E-Mail an den Support',
    contactMissing:
      'Der Betreiber hat noch keine Kontaktadresse hinterlegt. Bis dahin findest du Antworten in den häufigen Fragen.',
  },
  /** Login, registration, e-mail verification and password reset (SPEC.md §2, §8). */
  auth: {
    email: 'E-Mail-Adresse',
    password: 'Passwort',
    passwordRepeat: 'Passwort wiederholen',
    newPassword: 'Neues Passwort',
    newPasswordRepeat: 'Neues Passwort wiederholen',
    currentPassword: 'Aktuelles Passwort',
    nickname: 'Spitzname (optional)',
    firstName: 'Vorname (optional)',
    lastName: 'Nachname (optional)',
    showPassword: 'Passwort anzeigen',
    hidePassword: 'Passwort verbergen',
    passwordHint: 'Mindestens 8 Zeichen, davon mindestens ein Buchstabe und eine Ziffer.',
    passwordsDiffer: 'Die Passwörter stimmen nicht überein.',
    passwordRepeatMissing: 'Bitte wiederhole das Passwort.',
    /** SPEC.md §8: shown when a failed login carries no server detail. */
    loginFailed: 'Login failed',
    loginIntro: 'Melde dich mit deiner E-Mail-Adresse an.',
    loginSubmit: 'Anmelden',
    forgotPassword: 'Passwort vergessen?',
    noAccount: 'Noch kein Konto?',
    toRegister: 'Jetzt registrieren',
    registerIntro:
      'Lege kostenlos ein Konto an, um Anzeigen aufzugeben, zu chatten und Favoriten zu speichern.',
    registerSubmit: 'Konto erstellen',
    /** Above the register button: the AGB apply, the privacy notice informs (links in between). */
    termsNotice: {
      before: 'Mit „Konto erstellen“ akzeptierst du unsere ',
      terms: 'AGB',
      middle: '. Wie wir deine Daten verarbeiten, erklärt unsere ',
      privacy: 'Datenschutzerklärung',
      after: '.',
    },
    registerFailed: 'Die Registrierung ist fehlgeschlagen. Bitte versuche es erneut.',
    registered:
      'Willkommen! Wir haben dir eine E-Mail geschickt. Bitte bestätige deine E-Mail-Adresse über den Link darin.',
    haveAccount: 'Schon registriert?',
    toLogin: 'Zur Anmeldung',
    verifying: 'Deine E-Mail-Adresse wird bestätigt...',
    verified: 'Deine E-Mail-Adresse ist bestätigt.',
    verifyFailed: 'Die E-Mail-Adresse konnte nicht bestätigt werden. Bitte versuche es erneut.',
    verifyMissingToken: 'Dieser Link ist unvollständig. Bitte öffne den Link aus der E-Mail noch einmal.',
    verifyAlreadyDone: 'Deine E-Mail-Adresse ist bereits bestätigt.',
    verifyLoginToResend: 'Melde dich an, um eine neue Bestätigungs-E-Mail anzufordern.',
    toHome: 'Zur Startseite',
    resendVerification: 'Bestätigungs-E-Mail erneut senden',
    resendSent: 'Wir haben dir eine neue Bestätigungsmail geschickt.',
    resendFailed: 'Die E-Mail konnte nicht gesendet werden. Bitte versuche es später erneut.',
    unverifiedTitle: 'Bitte bestätige deine E-Mail-Adresse',
    unverifiedText: (email: string) =>
      `Wir haben einen Bestätigungslink an ${email} geschickt. Anzeigen, Stories, Chat-Nachrichten und Forenbeiträge kannst du erst veröffentlichen, wenn deine E-Mail-Adresse bestätigt ist.`,
    resetIntro:
      'Gib die E-Mail-Adresse deines Kontos ein. Wir schicken dir einen Link, mit dem du ein neues Passwort festlegst.',
    resetRequestSubmit: 'Link anfordern',
    resetRequested: 'Wenn ein Konto mit dieser E-Mail-Adresse existiert, haben wir dir einen Link geschickt.',
    resetRequestFailed: 'Die Anfrage ist fehlgeschlagen. Bitte versuche es erneut.',
    backToLogin: 'Zurück zur Anmeldung',
    newPasswordIntro: 'Lege ein neues Passwort für dein Konto fest.',
    newPasswordSubmit: 'Passwort speichern',
    passwordResetDone: 'Dein Passwort wurde geändert. Du kannst dich jetzt mit dem neuen Passwort anmelden.',
    resetFailed: 'Das Passwort konnte nicht geändert werden. Bitte versuche es erneut.',
    resetMissingToken: 'Dieser Link ist unvollständig. Bitte fordere einen neuen Link an.',
    requestNewLink: 'Neuen Link anfordern',
  },

  /** Public profile /user/{id} and follows (SPEC.md §6, §7). */
  profile: {
    notFound: 'Nutzer nicht gefunden',
    notFoundText: 'Dieses Profil gibt es nicht oder nicht mehr.',
    loadFailed: 'Das Profil konnte nicht geladen werden.',
    memberSince: (monthYear: string) => `Mitglied seit ${monthYear}`,
    rating: (value: string, count: number) =>
      `${value} von 5 (${count} ${count === 1 ? 'Bewertung' : 'Bewertungen'})`,
    activeListings: 'Aktive Anzeigen',
    listingsOf: (name: string) => `Anzeigen von ${name}`,
    noListings: 'Gerade keine aktiven Anzeigen.',
    followers: 'Follower',
    following: 'Folgt',
    follow: 'Folgen',
    unfollow: 'Entfolgen',
    followFailed: 'Das hat nicht geklappt. Bitte versuche es erneut.',
    editProfile: 'Profil bearbeiten',
    writeMessage: 'Nachricht schreiben',
    followListsTitle: 'Deine Kontakte',
    followersTab: (count: number) => `Follower (${count})`,
    followingTab: (count: number) => `Folgt (${count})`,
    noFollowers: 'Dir folgt noch niemand.',
    noFollowing: 'Du folgst noch niemandem.',
    followListsFailed: 'Die Listen konnten nicht geladen werden.',
  },

  /** Account settings at /settings. */
  settings: {
    profileTitle: 'Profil',
    profileIntro: 'So sehen dich andere Mitglieder. Ohne Spitznamen zeigen wir deinen Vornamen.',
    profileSave: 'Profil speichern',
    profileSaved: 'Dein Profil wurde gespeichert.',
    viewPublicProfile: 'Öffentliches Profil ansehen',
    avatarTitle: 'Profilbild',
    avatarIntro: 'JPEG, PNG oder WebP bis 5 MB. Wir schneiden das Bild quadratisch zu.',
    avatarUpload: 'Bild hochladen',
    avatarRemove: 'Bild entfernen',
    avatarSaved: 'Dein Profilbild wurde gespeichert.',
    avatarRemoved: 'Dein Profilbild wurde entfernt.',
    avatarTooLarge: 'Das Bild ist zu groß. Maximum: 5 MB.',
    avatarWrongType: 'Bitte lade ein Bild im Format JPEG, PNG oder WebP hoch.',
    emailTitle: 'E-Mail-Adresse',
    emailCurrent: (email: string) => `Aktuell: ${email}`,
    emailVerified: 'Bestätigt',
    emailUnverified: 'Nicht bestätigt',
    newEmail: 'Neue E-Mail-Adresse',
    emailSubmit: 'E-Mail-Adresse ändern',
    emailChangeSent:
      'Wir haben dir einen Bestätigungslink an die neue Adresse geschickt. Deine E-Mail-Adresse ändert sich, sobald du ihn öffnest.',
    passwordTitle: 'Passwort',
    passwordIntro: 'Nach der Änderung wirst du auf allen anderen Geräten abgemeldet.',
    passwordSubmit: 'Passwort ändern',
    passwordChanged: 'Dein Passwort wurde geändert.',
    sessionsTitle: 'Angemeldete Geräte',
    sessionsIntro:
      'Auf diesen Geräten bist du angemeldet. Melde Geräte ab, die du nicht kennst oder nicht mehr nutzt.',
    sessionsCurrent: 'Dieses Gerät',
    sessionsLastUsed: (when: string) => `Zuletzt aktiv: ${when}`,
    sessionsLogout: 'Abmelden',
    sessionsLogoutLabel: (device: string) => `${device} abmelden`,
    sessionsLogoutOthers: 'Alle anderen Geräte abmelden',
    sessionsLoggedOut: 'Das Gerät wurde abgemeldet.',
    sessionsOthersLoggedOut: 'Alle anderen Geräte wurden abgemeldet.',
    sessionsNoOthers: 'Du bist auf keinem anderen Gerät angemeldet.',
    sessionsLoadFailed: 'Die angemeldeten Geräte konnten nicht geladen werden.',
    dataTitle: 'Deine Daten',
    exportIntro: 'Lade alle Daten, die wir zu deinem Konto speichern, als JSON-Datei herunter.',
    exportButton: 'Meine Daten exportieren',
    exportFileName: 'meine-daten.json',
    exportFailed: 'Der Export ist fehlgeschlagen. Bitte versuche es erneut.',
    deleteTitle: 'Konto löschen',
    deleteIntro:
      'Dein Konto und alle zugehörigen Daten – Profil, Follows, Anzeigen, Stories und Nachrichten – werden gelöscht oder anonymisiert. Das lässt sich nicht rückgängig machen.',
    deleteButton: 'Konto löschen',
    deleteDialogTitle: 'Konto wirklich löschen?',
    deleteDialogText: 'Bitte bestätige die Löschung mit deinem Passwort.',
    deleteConfirm: 'Endgültig löschen',
    cancel: 'Abbrechen',
    deleted: 'Dein Konto wurde gelöscht.',
    failed: 'Das hat nicht geklappt. Bitte versuche es erneut.',
  },

  /**
   * Notice and action (DSA Art. 16, 17, 20, 23; docs/decisions/0009-reports-queue.md): the
   * reports queue and transparency report at /admin, and the member's statement of reasons with
   * the appeal at /moderation/decisions/{id}.
   */
  moderation: {
    queueTitle: 'Meldungen',
    queueIntro:
      'Offene Meldungen zu Anzeigen, Forenbeiträgen und Unterhaltungen, gruppiert nach gemeldetem Inhalt – die älteste zuerst.',
    targetTypes: {
      listing: 'Anzeige',
      forum_post: 'Forenbeitrag',
      conversation: 'Unterhaltung',
    },
    affected: {
      listing: (name: string) => `Verkäufer/in: ${name}`,
      forum_post: (name: string) => `Verfasst von ${name}`,
      conversation: (name: string) => `Gemeldetes Mitglied: ${name}`,
    },
    openTarget: {
      listing: 'Anzeige ansehen',
      forum_post: 'Beitrag ansehen',
      conversation: 'Mitglied ansehen',
    },
    decisionTitles: {
      listing: 'Entscheidung zur Anzeige',
      forum_post: 'Entscheidung zum Beitrag',
      conversation: 'Entscheidung zur Unterhaltung',
    },
    actionLabels: {
      listing: { keep: 'Anzeige behalten (kein Verstoß)', remove: 'Anzeige entfernen', suspend: '' },
      forum_post: { keep: 'Beitrag behalten (kein Verstoß)', remove: 'Beitrag entfernen', suspend: '' },
      conversation: {
        keep: 'Nichts unternehmen (kein Verstoß)',
        remove: '',
        suspend: 'Gemeldetes Mitglied für 30 Tage sperren',
      },
    },
    queueEmpty: 'Keine offenen Meldungen.',
    queueLoadFailed: 'Die Meldungen konnten nicht geladen werden.',
    reportsCount: (n: number) => (n === 1 ? '1 Meldung' : `${n} Meldungen`),
    reportedSince: (when: string) => `gemeldet seit ${when}`,
    seller: (name: string) => `Verkäufer/in: ${name}`,
    openAd: 'Anzeige ansehen',
    decide: 'Entscheiden',
    decisionTitle: 'Entscheidung zur Anzeige',
    actionLabel: 'Maßnahme',
    actionKeep: 'Anzeige behalten (kein Verstoß)',
    actionRemove: 'Anzeige entfernen',
    groundLabel: 'Rechtsgrundlage (AGB-Regel oder Gesetz)',
    textLabel: 'Sachverhalt und Begründung',
    textHelp: 'Diese Begründung erhält das betroffene Mitglied mit der Entscheidung.',
    submitDecision: 'Entscheidung speichern',
    cancel: 'Abbrechen',
    decided: 'Die Entscheidung wurde gespeichert; das Mitglied wurde benachrichtigt.',
    failed: 'Das hat nicht geklappt. Bitte versuche es erneut.',
    appealsTitle: 'Widersprüche',
    appealsEmpty: 'Keine offenen Widersprüche.',
    appealOf: (title: string) => `Widerspruch zu „${title}“`,
    firstDecisionBy: (name: string) => `Erste Entscheidung von ${name}`,
    otherAdminNeeded:
      'Du hast die erste Entscheidung getroffen; über den Widerspruch entscheidet eine andere Administratorin oder ein anderer Administrator.',
    appealDecisionTitle: 'Über den Widerspruch entscheiden',
    outcomeUpheld: 'Entscheidung bestätigen',
    outcomeReversed: 'Entscheidung aufheben (Inhalt wiederherstellen, Sperre aufheben)',
    appealDecided: 'Über den Widerspruch wurde entschieden; das Mitglied wurde benachrichtigt.',
    transparencyTitle: 'Transparenzbericht',
    transparencyFrom: 'Von',
    transparencyTo: 'Bis',
    transparencyNotices: 'Meldungen nach Grund',
    transparencyDecisions: 'Entscheidungen nach Grundlage',
    transparencyAppeals: 'Widersprüche',
    transparencyReversals: 'Aufgehobene Entscheidungen',
    transparencyMedian: 'Mittlere Bearbeitungszeit (Median)',
    transparencyHours: (hours: number) => `${hours.toLocaleString('de-DE')} Std.`,
    transparencyNone: '–',
    transparencyTotal: 'Gesamt',
    downloadCsv: 'Als CSV herunterladen',
    actions: {
      keep: 'behalten',
      remove: 'entfernt',
      warning: 'Verwarnung',
      suspend: 'Kontosperre',
    } as Record<string, string>,
    statementTitle: 'Begründung der Entscheidung',
    statementRestriction: 'Was eingeschränkt wurde',
    statementFacts: 'Sachverhalt',
    statementGround: 'Rechtsgrundlage',
    statementWho: 'Wer entschieden hat',
    statementByPerson: 'Diese Entscheidung hat ein Mensch aus unserem Moderationsteam getroffen.',
    statementAutomated:
      'Diese Entscheidung wurde automatisch nach unseren AGB getroffen, weil mehrere Anzeigen von Menschen aus unserem Moderationsteam entfernt wurden.',
    statementDate: (when: string) => `Entschieden am ${when}`,
    statementReports: (n: number) =>
      n === 1 ? 'Anlass: 1 Meldung eines Mitglieds' : `Anlass: ${n} Meldungen von Mitgliedern`,
    appealTitle: 'Widerspruch einlegen',
    appealHow: (until: string) =>
      `Du kannst bis zum ${until} einmal Widerspruch einlegen. Eine andere Person aus unserem Team prüft ihn. Außerdem kannst du dich an eine zertifizierte außergerichtliche Streitbeilegungsstelle oder an ein Gericht wenden.`,
    appealLabel: 'Begründung deines Widerspruchs',
    appealSubmit: 'Widerspruch einlegen',
    appealSent: 'Dein Widerspruch ist eingegangen. Wir prüfen ihn und benachrichtigen dich.',
    appealOpen: 'Dein Widerspruch wird geprüft.',
    appealUpheld: 'Dein Widerspruch wurde geprüft; die Entscheidung bleibt bestehen.',
    appealReversed: 'Deinem Widerspruch wurde stattgegeben; die Entscheidung ist aufgehoben.',
    appealYourText: 'Dein Widerspruch',
    appealOutcome: 'Begründung der Prüfung',
    appealClosed: 'Gegen diese Entscheidung ist kein Widerspruch (mehr) möglich.',
    loadFailed: 'Die Entscheidung konnte nicht geladen werden.',
  },
  /** The admin list of mail that keeps failing (docs/decisions/0014-job-queue.md). */
  failingMail: {
    title: 'E-Mails mit Zustellproblemen',
    intro:
      'E-Mails, die nach drei oder mehr Versuchen nicht zugestellt wurden. Sie werden mindestens 24 Stunden lang automatisch erneut versucht.',
    empty: 'Alle E-Mails wurden zugestellt.',
    to: 'Empfänger',
    subject: 'Betreff',
    attempts: 'Versuche',
    lastError: 'Letzter Fehler',
    next: 'Nächster Versuch',
    givenUp: 'Aufgegeben',
    retry: 'Jetzt erneut senden',
    loadError: 'Die E-Mails mit Zustellproblemen konnten nicht geladen werden.',
    retryError: 'Die E-Mail konnte nicht erneut eingereiht werden.',
  },
} as const;
