/**
 * The error catalogue: every failure a client can see, with its HTTP status and stable `code`.
 * Services throw `AppError`s; the one error handler in `plugins/error-handler.ts` turns them
 * into `{ detail, code }` bodies (ARCHITECTURE.md "Errors").
 */
export const errorCatalogue = {
  not_found: { status: 404, detail: 'Nicht gefunden' },
  unauthorized: { status: 401, detail: 'Nicht authentifiziert - Bitte melden Sie sich erneut an' },
  forbidden: { status: 403, detail: 'Keine Berechtigung' },
  validation: { status: 422, detail: 'Ungültige Eingabe' },
  conflict: { status: 409, detail: 'Konflikt mit dem aktuellen Zustand' },
  rate_limited: { status: 429, detail: 'Zu viele Anfragen. Bitte versuche es später erneut.' },
  payload_too_large: { status: 413, detail: 'Die Anfrage ist zu groß.' },
  // Accounts and sessions
  email_taken: { status: 409, detail: 'Diese E-Mail-Adresse ist bereits registriert.' },
  invalid_credentials: { status: 401, detail: 'E-Mail-Adresse oder Passwort ist falsch.' },
  email_not_verified: { status: 403, detail: 'Bitte bestätige zuerst deine E-Mail-Adresse.' },
  admin_only: {
    status: 403,
    detail: 'Zugriff verweigert: Nur Administratoren können diese Aktion ausführen.',
  },
  invalid_token: { status: 400, detail: 'Dieser Link ist ungültig. Bitte fordere einen neuen an.' },
  wrong_password: { status: 400, detail: 'Das Passwort ist nicht korrekt.' },
  // A new password that zxcvbn finds easy to guess; `detail` names the field and says why.
  weak_password: { status: 422, detail: 'Dieses Passwort ist leicht zu erraten.' },
  already_verified: { status: 409, detail: 'Deine E-Mail-Adresse ist bereits bestätigt.' },
  user_not_found: { status: 404, detail: 'Dieses Mitglied gibt es nicht.' },
  cannot_follow_self: { status: 400, detail: 'Du kannst dir nicht selbst folgen.' },
  // Every uploaded image (ad photos, avatars): wrong type or unreadable bytes; a too large one
  // is payload_too_large with the purpose's limit in `detail` (modules/media/pipeline.ts).
  unsupported_image: { status: 415, detail: 'Bitte lade ein Bild im Format JPEG, PNG oder WebP hoch.' },
  // Ads, photos and favourites
  listing_not_found: { status: 404, detail: 'Anzeige nicht gefunden' },
  listing_forbidden: { status: 403, detail: 'Keine Berechtigung, diese Anzeige zu bearbeiten.' },
  listing_not_extendable: {
    status: 409,
    detail: 'Nur aktive oder abgelaufene Anzeigen können verlängert werden.',
  },
  image_not_found: { status: 404, detail: 'Bild nicht gefunden.' },
  // A photo someone else uploaded, sent as one's own (chat photo messages, modules/media).
  upload_not_own: { status: 403, detail: 'Du kannst nur Fotos senden, die du selbst hochgeladen hast.' },
  favorite_exists: { status: 400, detail: 'Listing is already in favorites' },
  favorite_not_found: { status: 404, detail: 'Diese Anzeige ist nicht in deinen Favoriten.' },
  cannot_favorite_own: { status: 400, detail: 'Du kannst deine eigene Anzeige nicht merken.' },
  // Chat (contract chat.ts)
  conversation_not_found: { status: 404, detail: 'Diese Unterhaltung gibt es nicht.' },
  conversation_forbidden: { status: 403, detail: 'Du bist nicht Teil dieser Unterhaltung.' },
  chat_with_self: { status: 400, detail: 'Du kannst dir nicht selbst schreiben.' },
  chat_blocked: { status: 403, detail: 'Du kannst dieser Person keine Nachrichten mehr senden.' },
  offer_not_possible: {
    status: 400,
    detail: 'Preisvorschläge sind nur bei Anzeigen mit „VB“ (Verhandlungsbasis) möglich.',
  },
  offer_not_open: { status: 409, detail: 'Auf diesen Preisvorschlag wurde schon geantwortet.' },
  rating_not_allowed: {
    status: 400,
    detail: 'Bewerten kannst du erst, wenn ihr beide mindestens zwei Nachrichten geschrieben habt.',
  },
  rating_exists: { status: 409, detail: 'Du hast diese Unterhaltung schon bewertet.' },
  // The guide (/ratgeber, docs/decisions/0036-guides-as-markdown-files.md)
  guide_not_found: { status: 404, detail: 'Diesen Ratgeber gibt es nicht.' },
  // Partner enquiries of /partner-werden, handled at /admin (contract partner.ts)
  partner_enquiry_not_found: { status: 404, detail: 'Diese Partneranfrage gibt es nicht.' },
  // Local events of /events (contract local-events.ts)
  event_not_found: { status: 404, detail: 'Diese Veranstaltung gibt es nicht.' },
  event_forbidden: {
    status: 403,
    detail: 'Nur wer die Veranstaltung eingestellt hat, darf sie bearbeiten oder absagen.',
  },
  event_full: { status: 409, detail: 'Diese Veranstaltung ist leider ausgebucht.' },
  event_cancelled: { status: 409, detail: 'Diese Veranstaltung wurde abgesagt.' },
  event_over: { status: 409, detail: 'Diese Veranstaltung ist bereits vorbei.' },
  // The career page (/karriere) and its applications, handled at /admin (contract career.ts)
  job_position_not_found: { status: 404, detail: 'Diese Stelle gibt es nicht.' },
  job_position_closed: { status: 410, detail: 'Diese Stelle ist nicht mehr ausgeschrieben.' },
  job_application_not_found: { status: 404, detail: 'Diese Bewerbung gibt es nicht.' },
  // Local news (/lokale-news, contract news.ts)
  news_article_not_found: { status: 404, detail: 'Diesen Artikel gibt es nicht.' },
  news_write_forbidden: {
    status: 403,
    detail: 'Nur Redakteur:innen und Administratoren können lokale News schreiben.',
  },
  news_edit_forbidden: { status: 403, detail: 'Du kannst nur deine eigenen Artikel bearbeiten.' },
  // Paid promotions (decision 0040): a payment provider's call whose signature does not verify.
  webhook_signature: { status: 400, detail: 'Die Signatur der Zahlungsnachricht ist ungültig.' },
  // Notifications (SPEC.md §3, §7)
  notification_not_found: { status: 404, detail: 'Benachrichtigung nicht gefunden.' },
  internal: { status: 500, detail: 'Interner Serverfehler. Bitte versuche es später erneut.' },
  unavailable: { status: 503, detail: 'Der Dienst ist vorübergehend nicht verfügbar.' },
  // The database or Redis is away for the moment (a restart, a fail-over); the request can be
  // repeated in a few seconds. Also readiness (`GET /api/health/ready`) while it is not ready.
  service_unavailable: {
    status: 503,
    detail: 'Der Dienst ist gerade nicht erreichbar. Bitte versuche es in ein paar Sekunden noch einmal.',
  },
} as const;

export type ErrorCode = keyof typeof errorCatalogue;

/**
 * German names of the parts of a request, which a 422 `detail` puts before the field it names
 * ("Parameter 'q': …", "Feld 'title': …"); keys are Fastify's validation contexts.
 */
export const requestPartNames: Readonly<Record<string, string>> = {
  body: 'Feld',
  querystring: 'Parameter',
  params: 'Pfad',
};

/**
 * A client-visible failure; `detail` overrides the catalogue's default text, `headers` go on
 * the answer (for example `Retry-After` with a 429).
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly detail: string;
  readonly headers: Readonly<Record<string, string>>;

  constructor(code: ErrorCode, detail?: string, options: { headers?: Record<string, string> } = {}) {
    const entry = errorCatalogue[code];
    super(detail ?? entry.detail);
    this.name = 'AppError';
    this.code = code;
    this.status = entry.status;
    this.detail = detail ?? entry.detail;
    this.headers = options.headers ?? {};
  }
}

/**
 * A 429 with a German `detail` that names the wait in minutes and a `Retry-After` header in
 * seconds.
 * @param reason start of the detail, e.g. 'Zu viele fehlgeschlagene Anmeldeversuche.'
 * @param retryAfterSeconds how long until the next attempt is allowed (at least 1)
 */
export function rateLimitedError(reason: string, retryAfterSeconds: number): AppError {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  const minutes = Math.ceil(seconds / 60);
  const wait = minutes === 1 ? '1 Minute' : `${minutes} Minuten`;
  return new AppError('rate_limited', `${reason} Bitte versuche es in ${wait} erneut.`, {
    headers: { 'Retry-After': String(seconds) },
  });
}
