import {
  CATEGORY_NOT_FOUND_TITLE,
  DEFAULT_SITE_NAME,
  HOME_TEXTS,
  LISTING_STATUS_NAMES,
  LISTING_UNAVAILABLE_TEXTS,
  OFFER_TYPE_TEXTS,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PRICE_TEXTS,
  RELATIVE_TIME_TEXTS,
} from '@marketplace/contract';
import { serverSiteConfig } from '../lib/serverSite.ts';

/**
 * The marketplace's name (`SITE_NAME` of the server): the served `index.html` carries it in its
 * `site-config` JSON element (apps/server/src/plugins/web-app.ts), read once when the texts load;
 * on a server that renders pages, what it set before loading the app (`lib/serverSite.ts`);
 * 'Marktplatz' where the page has none (dev server, component tests).
 */
export const SITE_NAME: string = (() => {
  if (typeof document === 'undefined') return serverSiteConfig()?.name ?? DEFAULT_SITE_NAME;
  try {
    const name: unknown = JSON.parse(document.getElementById('site-config')?.textContent ?? '{}').name;
    return typeof name === 'string' && name.trim() !== '' ? name : DEFAULT_SITE_NAME;
  } catch {
    return DEFAULT_SITE_NAME;
  }
})();

/**
 * The user-facing German texts of the app shell and of what several features share, named by
 * meaning (ARCHITECTURE.md "Layout"). Texts that only a lazily loaded feature shows live in that
 * feature's `texts.ts` (e.g. `features/legal/texts.ts`), so the first script stays small
 * (docs/benchmarks.md "Home page"). Texts fixed by SPEC.md are copied character for character.
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
    /** Name of an icon with a count badge: the label, then the count the badge shows. */
    unread: (label: string, count: string) => `${label}: ${count} ungelesen`,
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
      saved_search: 'Neue Anzeigen zu deinen gespeicherten Suchen',
      event: 'Änderungen und Absagen von Events, an denen du teilnimmst',
      appointment: 'Termine aus dem Chat: Vorschläge, Zusagen, Absagen und Erinnerungen',
      payment: 'Zahlungen: eingegangene Zahlungen, Stornierungen und verfallene Bestellungen',
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
    digestLabel: 'Tägliche Zusammenfassung per E-Mail',
    digestHint:
      'Warst du einen Tag lang nicht da, schicken wir dir morgens eine E-Mail mit den Benachrichtigungen, die du verpasst hast.',
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
    reserveHint: 'Ihr habt euch auf einen Preis geeinigt. Die Anzeige ist aber noch aktiv.',
    reserveAction: 'Als reserviert markieren',
    rate: 'Bewerten',
    rateTitle: (name: string) => `${name} bewerten`,
    rateStars: 'Sterne',
    starLabel: (stars: number) => (stars === 1 ? '1 Stern' : `${stars} Sterne`),
    noStars: 'Keine Sterne',
    rateText: 'Deine Erfahrung (optional)',
    rateSubmit: 'Bewertung abgeben',
    rated: (stars: number) => `Du hast ${stars} von 5 Sternen vergeben.`,
    rateDone: 'Danke für deine Bewertung!',
    /** Appointments in chat (contract calendar.ts): 'Besichtigung' or 'Abholung'. */
    appointment: {
      propose: 'Termin vorschlagen',
      proposeTitle: 'Termin vorschlagen',
      counterTitle: 'Anderen Termin vorschlagen',
      type: 'Art des Termins',
      types: { viewing: 'Besichtigung', pickup: 'Abholung' },
      startsAt: 'Datum und Uhrzeit',
      startsAtHint: 'Deutsche Zeit (Europe/Berlin)',
      place: 'Ort',
      placeHint: 'z. B. Straße und Hausnummer, Treffpunkt',
      note: 'Notiz (optional)',
      submit: 'Vorschlag senden',
      card: (type: string) => `Terminvorschlag: ${type}`,
      counterCard: (type: string) => `Neuer Terminvorschlag: ${type}`,
      status: {
        proposed: 'Offen',
        accepted: 'Zugesagt',
        declined: 'Abgelehnt',
        countered: 'Anderer Termin vorgeschlagen',
        cancelled: 'Abgesagt',
      },
      accept: 'Zusagen',
      decline: 'Ablehnen',
      counter: 'Anderer Termin',
      cancel: 'Termin absagen',
      cancelTitle: 'Termin absagen?',
      cancelNote: 'Nachricht an die andere Person (optional)',
      cancelConfirm: 'Absagen',
      keep: 'Nicht absagen',
      accepted: (what: string) => `Termin zugesagt: ${what}`,
      declined: (what: string) => `Termin abgelehnt: ${what}`,
      cancelled: (what: string) => `Termin abgesagt: ${what}`,
      toCalendar: 'Im Kalender ansehen',
      done: 'Der Termin steht jetzt in deinem Kalender.',
    },
    actionFailed: 'Das hat nicht geklappt. Bitte versuche es erneut.',
    /**
     * The scam shield (docs/decisions/0031-scam-shield-in-chat.md): the warning under a message
     * the server flagged, shown to its recipient only, and its one-click report.
     */
    scam: {
      title: 'Vorsicht, möglicher Betrug',
      warnings: {
        off_platform:
          'Diese Nachricht will dich aus dem Chat locken – zu WhatsApp, Telegram, E-Mail oder SMS. Bleib hier: Nur im Chat können wir dich schützen, und draußen verschicken Betrüger gefälschte Zahlungslinks.',
        foreign_link:
          'Diese Nachricht enthält einen Link zu einer fremden Seite. Gib dort keine Bank-, Karten- oder Zugangsdaten ein: Echte Zahlungen und Sendungen brauchen keinen Link aus dem Chat.',
        advance_payment:
          'Hier wird Geld im Voraus verlangt – per „PayPal Freunde“, Überweisung, Geldtransfer oder Gutschein. So bezahltes Geld ist meist verloren. Zahle bar bei Abholung oder mit Käuferschutz.',
      },
      reportLabel: 'Diese Nachricht als Betrugsversuch melden',
    },
  },

  /**
   * Safety tips beside 'Nachricht schreiben' on an ad and in a new conversation: three rules
   * against the usual scams, and the way to the FAQ's answer on fraud.
   */
  safety: {
    title: 'Sicher handeln',
    tips: [
      'Triff dich zur Übergabe an einem belebten, öffentlichen Ort.',
      'Zahle nie im Voraus per Überweisung oder „PayPal Freunde“ an Unbekannte.',
      'Folge keinen Zahlungs- oder Versandlinks aus dem Chat.',
    ],
    more: 'Mehr dazu in den häufigen Fragen',
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
    guideLink: 'Ratgeber',
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

  /** Pages whose feature is still being built. */
  /** Seller verification (trader traceability, DSA Art. 30). */
  verification: {
    phone: 'Telefon',
    email: 'Geschäftliche E-Mail-Adresse',
    registerNumber: 'Handelsregisternummer',
    vatId: 'USt-IdNr.',
    badgePrivate: 'Verifiziert',
    badgeBusiness: 'Gewerblich',
    traderTitle: 'Angaben zum gewerblichen Anbieter',
    /** The seller's status on every ad (DSA Art. 30, § 312d BGB). */
    businessSeller: 'Gewerblicher Anbieter',
    privateSeller: 'Privater Anbieter',
    withdrawalNote:
      'Als Verbraucher hast du bei Käufen aus der Ferne (z. B. per Versand) bei gewerblichen Anbietern ein gesetzliches Widerrufsrecht von 14 Tagen.',
    verifiedOnly: 'nur verifizierte Verkäufer',
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
    radiusReason: (km: number, place: string) => `Im Umkreis von ${km} km um ${place} gibt es gerade keine.`,
    saveAboveHint:
      'Mit „Suche speichern“ oben benachrichtigen wir dich, sobald eine passende Anzeige erscheint.',
    offline: 'Du bist offline',
    offlineHint: 'Sobald du wieder verbunden bist, laden wir die Anzeigen.',
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
    /** The add ring's name once the member's own stories have a ring of their own. */
    newStory: 'Neue Story',
    /** The add ring's name, which holds the text it shows ('Deine Story', 'Neue Story'; WCAG 2.5.3). */
    add: (shown: string) => `${shown} hinzufügen`,
    openGroup: (name: string) => `Stories von ${name} ansehen`,
    /** The name of the member's own ring, which shows 'Deine Story'. */
    openOwn: 'Deine Story ansehen',
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
    report: 'Story melden',
    reportTitle: 'Story melden',
    reportReason: 'Grund',
    reportText: 'Hinweis (optional)',
    reportSubmit: 'Melden',
    reportDone: 'Danke! Wir prüfen die Story.',
    reportFailed: 'Die Meldung konnte nicht gesendet werden.',
  },

  /** Ad grids with paging, view mode and sort (SPEC.md §2 "Home", §4, §9). */
  feed: {
    loadMore: (count: number) => `Weitere ${count} Anzeigen laden`,
    loading: 'Lädt...',
    empty: 'Hier gibt es noch keine Anzeigen.',
    loadFailed: 'Die Anzeigen konnten gerade nicht geladen werden.',
    count: (count: number) => `${count.toLocaleString('de-DE')} ${count === 1 ? 'Anzeige' : 'Anzeigen'}`,
    countCapped: (count: number) => `über ${count.toLocaleString('de-DE')} Anzeigen`,
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
    notFoundTitle: CATEGORY_NOT_FOUND_TITLE,
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
    /** The label of an ad with a running paid promotion in every list (decision 0040). */
    promotion: { top: 'Anzeige', highlight: 'Hervorgehoben' },
    offerTypes: OFFER_TYPE_TEXTS,
    status: LISTING_STATUS_NAMES,
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
    toShop: 'Zum Shop',
    shopLogoAlt: (name: string) => `Logo von ${name}`,
    ownAd: 'Das ist deine Anzeige.',
    edit: 'Bearbeiten',
    manage: 'Meine Anzeigen',
    notFound: LISTING_UNAVAILABLE_TEXTS.notFound,
    notFoundText: 'Diese Anzeige gibt es nicht oder nicht mehr.',
    gone: LISTING_UNAVAILABLE_TEXTS.gone,
    goneText: 'Diese Anzeige wurde entfernt.',
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

  /** The 'Suche speichern' button of the search and category pages (saved searches with alerts). */
  savedSearches: {
    save: 'Suche speichern',
    saveHint: 'Über neue Anzeigen zu dieser Suche benachrichtigt werden',
    saved: 'Suche gespeichert. Du findest sie unter Favoriten › Gespeicherte Suchen.',
    loginRequired: 'Bitte melde dich an, um Suchen zu speichern.',
    saveFailed: 'Die Suche konnte nicht gespeichert werden.',
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
    menuHeading: 'Forum',
    headerLink: 'Forum',
    footerLink: 'Forum',
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
    /**
     * The whole rule of a new password: the contract's length (`newPasswordSchema`) and the
     * server's zxcvbn check, nothing else (docs/decisions/0033-passwords-by-length-and-guessability.md).
     */
    passwordHint: `${PASSWORD_MIN_LENGTH} bis ${PASSWORD_MAX_LENGTH} Zeichen, nicht leicht zu erraten und nicht aus deiner E-Mail-Adresse oder deinem Namen gebildet. Am besten mehrere Wörter, die nicht zusammengehören; Ziffern oder Sonderzeichen braucht es nicht.`,
    /** The strength meter below a new password while it is typed. */
    passwordStrength: {
      label: 'Passwortstärke',
      tooShort: (missing: number) =>
        missing === 1
          ? 'Noch 1 Zeichen bis zur Mindestlänge.'
          : `Noch ${missing} Zeichen bis zur Mindestlänge.`,
      checking: 'Wird geprüft …',
      good: 'Gut: Dieses Passwort wird angenommen.',
      strong: 'Sehr gut: Dieses Passwort ist schwer zu erraten.',
    },
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
    reportNeedsConfirmedEmail: (email: string) =>
      `Melden kannst du, sobald deine E-Mail-Adresse bestätigt ist, denn jede Meldung prüft ein Mensch aus unserem Team. Öffne den Link, den wir an ${email} geschickt haben, oder fordere einen neuen an.`,
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
    /** Beside a business seller's company name: the member's own name on the marketplace. */
    memberName: (name: string) => `Profilname: ${name}`,
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
    report: 'Melden',
    reportTitle: 'Mitglied melden',
    reportReason: 'Grund',
    reportText: 'Hinweis (optional)',
    reportSubmit: 'Melden',
    reportCancel: 'Abbrechen',
    reportDone: 'Danke! Wir prüfen die Meldung.',
    reportFailed: 'Die Meldung konnte nicht gesendet werden.',
  },

  /**
   * Notice and action (DSA Art. 16, 17, 20, 23; docs/decisions/0009-reports-queue.md): the
   * reports queue and transparency report at /admin, and the member's statement of reasons with
   * the appeal at /moderation/decisions/{id}.
   */
  moderation: {
    queueTitle: 'Meldungen',
    queueIntro:
      'Offene Meldungen zu Anzeigen, Forenbeiträgen, Unterhaltungen, Storys und Mitgliedern, gruppiert nach gemeldetem Inhalt – die älteste zuerst.',
    targetTypes: {
      listing: 'Anzeige',
      forum_post: 'Forenbeitrag',
      conversation: 'Unterhaltung',
      story: 'Story',
      user: 'Mitglied',
    },
    affected: {
      listing: (name: string) => `Verkäufer/in: ${name}`,
      forum_post: (name: string) => `Verfasst von ${name}`,
      conversation: (name: string) => `Gemeldetes Mitglied: ${name}`,
      story: (name: string) => `Story von ${name}`,
      user: (name: string) => `Gemeldetes Mitglied: ${name}`,
    },
    openTarget: {
      listing: 'Anzeige ansehen',
      forum_post: 'Beitrag ansehen',
      conversation: 'Mitglied ansehen',
      story: 'Story ansehen',
      user: 'Mitglied ansehen',
    },
    decisionTitles: {
      listing: 'Entscheidung zur Anzeige',
      forum_post: 'Entscheidung zum Beitrag',
      conversation: 'Entscheidung zur Unterhaltung',
      story: 'Entscheidung zur Story',
      user: 'Entscheidung zum Mitglied',
    },
    actionLabels: {
      listing: { keep: 'Anzeige behalten (kein Verstoß)', remove: 'Anzeige entfernen', suspend: '' },
      forum_post: { keep: 'Beitrag behalten (kein Verstoß)', remove: 'Beitrag entfernen', suspend: '' },
      conversation: {
        keep: 'Nichts unternehmen (kein Verstoß)',
        remove: '',
        suspend: 'Gemeldetes Mitglied für 30 Tage sperren',
      },
      story: {
        keep: 'Story behalten (kein Verstoß)',
        remove: 'Story entfernen (endgültig, für alle)',
        suspend: '',
      },
      user: {
        keep: 'Nichts unternehmen (kein Verstoß)',
        remove: '',
        suspend: 'Mitglied für 30 Tage sperren',
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
} as const;
