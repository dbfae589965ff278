import { HOME_TEXTS, OFFER_TYPE_TEXTS, PRICE_TEXTS, RELATIVE_TIME_TEXTS } from '@marketplace/contract';

/**
 * Every user-facing German text of the web app, named by meaning (ARCHITECTURE.md "Layout").
 * Texts fixed by SPEC.md are copied character for character; components import them from here.
 */
export const de = {
  app: {
    name: 'Marktplatz',
    tagline: 'Kleinanzeigen aus deiner Region',
    logoLabel: 'Marktplatz – zur Startseite',
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
  },

  /** Relative time (SPEC.md §9). */
  relativeTime: RELATIVE_TIME_TEXTS,

  footer: {
    blurb:
      'Marktplatz ist der Kleinanzeigenmarkt für deine Region: Hier kaufst, verkaufst und verschenkst du Dinge, ' +
      'findest Dienstleister und Shops in deiner Nähe und tauschst dich im Forum aus.',
    legalHeading: 'Rechtliches',
    imprint: 'Impressum',
    privacy: 'Datenschutz',
    terms: 'AGB',
    cookies: 'Cookies',
    supportHeading: 'Hilfe & Kontakt',
    supportText: 'Fragen zu deinem Konto oder einer Anzeige? Unser Support hilft dir gern.',
    helpLink: 'Hilfe-Center',
    faqLink: 'Häufige Fragen',
    copyright: (year: number) => `© ${year} Marktplatz. Alle Rechte vorbehalten.`,
  },

  /** Contact details shown in the footer and on the help pages. */
  contact: {
    supportEmail: 'support@marktplatz.example',
  },

  /** Cookie banner (SPEC.md §2, §4). */
  cookies: {
    bannerLabel: 'Cookie-Einstellungen',
    title: 'Wir respektieren deine Privatsphäre',
    text: 'Notwendige Cookies halten den Marktplatz am Laufen, Statistik und Marketing nur mit deiner Zustimmung.',
    accept: 'Akzeptieren',
    reject: 'Ablehnen',
    customize: 'Anpassen',
    save: 'Auswahl speichern',
    necessary: 'Notwendig',
    necessaryHint: 'Für Anmeldung, Sicherheit und deine Einstellungen. Immer aktiv.',
    statistics: 'Statistik',
    statisticsHint: 'Hilft uns zu verstehen, wie der Marktplatz genutzt wird.',
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

  /** Pages whose feature is still being built. */
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
    radiusKm: (km: number) => `${km} km`,
    offerType: 'Angebotsart',
    any: 'Alle',
    min: 'von',
    max: 'bis',
  },

  /** An ad: cards, the ad page and its actions (issue "The marketplace itself"). */
  listing: {
    offerTypes: OFFER_TYPE_TEXTS,
    status: { active: 'Aktiv', reserved: 'Reserviert', sold: 'Verkauft', expired: 'Abgelaufen' },
    reservedBanner: 'Reserviert – diese Anzeige ist zurzeit reserviert.',
    soldBanner: 'Verkauft – dieser Artikel ist nicht mehr verfügbar.',
    expiredBanner: 'Abgelaufen – diese Anzeige ist nicht mehr aktiv.',
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
    follow: 'Folgen',
    unfollow: 'Entfolgen',
    followFailed: 'Das hat nicht geklappt. Bitte versuche es erneut.',
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
    submitCreate: 'Anzeige veröffentlichen',
    submitEdit: 'Änderungen speichern',
    saving: 'Wird gespeichert...',
    created: 'Deine Anzeige ist online.',
    updated: 'Deine Änderungen sind gespeichert.',
    saveFailed: 'Die Anzeige konnte nicht gespeichert werden. Bitte versuche es erneut.',
    checkFields: 'Bitte prüfe die markierten Felder.',
    notOwner: 'Du kannst nur deine eigenen Anzeigen bearbeiten.',
    resendVerification: 'Bestätigungs-E-Mail erneut senden',
    resendSent: 'Wir haben dir eine neue Bestätigungsmail geschickt.',
    resendFailed: 'Die E-Mail konnte nicht gesendet werden. Bitte versuche es später erneut.',
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
    adminVerifications: 'Verifizierungen prüfen',
  },

  /** Forum areas named in the menu (SPEC.md §2). */
  forums: {
    business: 'Business Forum: Networking & Geschäfte',
    games: 'Games Forum: Gaming Community',
    sports: 'Sport Forum: Sport & Fitness',
  } as Record<string, string>,

  /** Legal pages /legal/{page} (SPEC.md §2). */
  legal: {
    imprint: {
      title: 'Impressum',
      sections: [
        {
          heading: 'Angaben gemäß § 5 DDG',
          paragraphs: ['Marktplatz GmbH', 'Musterstraße 1', '12345 Musterstadt', 'Deutschland'],
        },
        {
          heading: 'Vertreten durch',
          paragraphs: ['Die Geschäftsführung der Marktplatz GmbH'],
        },
        {
          heading: 'Kontakt',
          paragraphs: ['E-Mail: support@marktplatz.example'],
        },
        {
          heading: 'Verantwortlich für den Inhalt',
          paragraphs: [
            'Für die Inhalte der Anzeigen sind die jeweiligen Anbieterinnen und Anbieter verantwortlich. ' +
              'Rechtswidrige Inhalte kannst du uns jederzeit über den Support melden.',
          ],
        },
        {
          heading: 'Datenquellen',
          paragraphs: ['Postleitzahlen: GeoNames (CC BY 4.0)'],
        },
      ],
    },
    privacy: {
      title: 'Datenschutzerklärung',
      sections: [
        {
          heading: 'Verantwortliche Stelle',
          paragraphs: [
            'Verantwortlich für die Verarbeitung deiner Daten ist die im Impressum genannte Marktplatz GmbH.',
          ],
        },
        {
          heading: 'Welche Daten wir verarbeiten',
          paragraphs: [
            'Wenn du ein Konto anlegst, speichern wir deine E-Mail-Adresse, dein Passwort (nur als sicheren Hash) ' +
              'und die Angaben, die du freiwillig in deinem Profil machst. Anzeigen, Nachrichten, Stories und ' +
              'Forenbeiträge speichern wir, damit wir sie anzeigen und zustellen können.',
            'Beim Hochladen von Bildern entfernen wir eingebettete Metadaten wie Standortangaben.',
          ],
        },
        {
          heading: 'Lokaler Speicher im Browser',
          paragraphs: [
            'Damit du angemeldet bleibst, legen wir dein Anmelde-Token und deine Profildaten im lokalen Speicher ' +
              'deines Browsers ab. Deine Cookie-Auswahl speichern wir ebenfalls dort.',
          ],
        },
        {
          heading: 'Deine Rechte',
          paragraphs: [
            'Du hast das Recht auf Auskunft, Berichtigung, Löschung, Einschränkung der Verarbeitung, ' +
              'Datenübertragbarkeit und Widerspruch. Schreib uns dazu an support@marktplatz.example.',
          ],
        },
      ],
    },
    terms: {
      title: 'Allgemeine Geschäftsbedingungen',
      sections: [
        {
          heading: '1. Geltungsbereich',
          paragraphs: [
            'Diese Bedingungen gelten für die Nutzung des Marktplatzes durch Besucherinnen, Besucher und ' +
              'registrierte Mitglieder.',
          ],
        },
        {
          heading: '2. Anzeigen',
          paragraphs: [
            'Mitglieder sind für ihre Anzeigen selbst verantwortlich. Anzeigen müssen wahrheitsgemäß sein und ' +
              'dürfen keine verbotenen Waren oder Dienstleistungen anbieten.',
          ],
        },
        {
          heading: '3. Verträge zwischen Mitgliedern',
          paragraphs: [
            'Kaufverträge kommen ausschließlich zwischen den beteiligten Mitgliedern zustande. ' +
              'Der Marktplatz ist nicht Vertragspartei.',
          ],
        },
        {
          heading: '4. Sperrung',
          paragraphs: [
            'Wir dürfen Inhalte entfernen und Konten sperren, wenn sie gegen diese Bedingungen oder geltendes ' +
              'Recht verstoßen.',
          ],
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
              'Einstellungen. Statistik- und Marketing-Cookies setzen wir nur mit deiner Zustimmung ein.',
          ],
        },
        {
          heading: 'Auswahl ändern',
          paragraphs: ['Hier kannst du deine Auswahl jederzeit ändern.'],
        },
      ],
    },
  },

  /** Frequently asked questions on /faq. */
  faq: {
    intro: 'Antworten auf die Fragen, die uns am häufigsten gestellt werden.',
    items: [
      {
        question: 'Wie gebe ich eine Anzeige auf?',
        answer:
          'Melde dich an und wähle „Anzeige aufgeben“. Beschreibe deinen Artikel, lade Fotos hoch, lege einen ' +
          'Preis fest und veröffentliche die Anzeige.',
      },
      {
        question: 'Kostet die Nutzung etwas?',
        answer: 'Stöbern, Favoriten speichern, chatten und private Anzeigen aufgeben ist kostenlos.',
      },
      {
        question: 'Wie kontaktiere ich eine Verkäuferin oder einen Verkäufer?',
        answer:
          'Öffne die Anzeige und schreibe über den Chat eine Nachricht. Dafür musst du angemeldet sein.',
      },
      {
        question: 'Wie schütze ich mich vor Betrug?',
        answer:
          'Triff dich zur Übergabe an einem belebten Ort, zahle nicht im Voraus an Unbekannte und gib keine ' +
          'Zugangsdaten weiter. Verdächtige Anzeigen kannst du dem Support melden.',
      },
      {
        question: 'Wie lösche ich mein Konto?',
        answer: 'Schreib uns an support@marktplatz.example, wir löschen dein Konto und deine Daten.',
      },
    ],
  },

  /** Help centre on /hilfe and the support contact page. */
  help: {
    intro: 'Hier findest du Antworten und Wege zu unserem Support.',
    topics: [
      {
        heading: 'Erste Schritte',
        text: 'Registriere dich mit deiner E-Mail-Adresse, bestätige sie und richte dein Profil ein.',
      },
      {
        heading: 'Kaufen und Verkaufen',
        text: 'Suche über das Suchfeld oder die Kategorien. Merke dir Anzeigen als Favoriten und schreibe Anbietern im Chat.',
      },
      {
        heading: 'Sicherheit',
        text: 'Gib niemals Passwörter weiter und melde verdächtige Anzeigen oder Nachrichten unserem Support.',
      },
    ],
    faqLink: 'Zu den häufigen Fragen',
    contactLink: 'Support kontaktieren',
    contactText: 'Unser Support-Team antwortet dir in der Regel innerhalb eines Werktags.',
    contactEmailLabel: 'E-Mail an den Support',
  },
  /** Login, registration, e-mail verification and password reset (SPEC.md §2, §8; issue 3). */
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

  /** Public profile /user/{id} and follows (issue 3; SPEC.md §6, §7). */
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
    followListsTitle: 'Deine Kontakte',
    followersTab: (count: number) => `Follower (${count})`,
    followingTab: (count: number) => `Folgt (${count})`,
    noFollowers: 'Dir folgt noch niemand.',
    noFollowing: 'Du folgst noch niemandem.',
    followListsFailed: 'Die Listen konnten nicht geladen werden.',
  },

  /** Account settings at /settings (issue 3). */
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
} as const;
