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
  // Accounts and sessions (issue 3)
  email_taken: { status: 409, detail: 'Diese E-Mail-Adresse ist bereits registriert.' },
  invalid_credentials: { status: 401, detail: 'E-Mail-Adresse oder Passwort ist falsch.' },
  email_not_verified: { status: 403, detail: 'Bitte bestätige zuerst deine E-Mail-Adresse.' },
  admin_only: {
    status: 403,
    detail: 'Zugriff verweigert: Nur Administratoren können diese Aktion ausführen.',
  },
  invalid_token: { status: 400, detail: 'Dieser Link ist ungültig. Bitte fordere einen neuen an.' },
  wrong_password: { status: 400, detail: 'Das Passwort ist nicht korrekt.' },
  already_verified: { status: 409, detail: 'Deine E-Mail-Adresse ist bereits bestätigt.' },
  user_not_found: { status: 404, detail: 'Dieses Mitglied gibt es nicht.' },
  cannot_follow_self: { status: 400, detail: 'Du kannst dir nicht selbst folgen.' },
  unsupported_image: { status: 415, detail: 'Bitte lade ein Bild im Format JPEG, PNG oder WebP hoch.' },
  // Ads, photos and favourites (issue 4)
  listing_not_found: { status: 404, detail: 'Anzeige nicht gefunden' },
  listing_forbidden: { status: 403, detail: 'Keine Berechtigung, diese Anzeige zu bearbeiten.' },
  listing_not_extendable: {
    status: 409,
    detail: 'Nur aktive oder abgelaufene Anzeigen können verlängert werden.',
  },
  file_too_large: { status: 413, detail: 'Die Datei ist zu groß. Maximal 20 MB.' },
  unsupported_upload: { status: 415, detail: 'Nur JPEG-, PNG-, WebP- oder AVIF-Bilder sind erlaubt.' },
  image_not_found: { status: 404, detail: 'Bild nicht gefunden.' },
  favorite_exists: { status: 400, detail: 'Listing is already in favorites' },
  favorite_not_found: { status: 404, detail: 'Diese Anzeige ist nicht in deinen Favoriten.' },
  cannot_favorite_own: { status: 400, detail: 'Du kannst deine eigene Anzeige nicht merken.' },
  internal: { status: 500, detail: 'Interner Serverfehler. Bitte versuche es später erneut.' },
  unavailable: { status: 503, detail: 'Der Dienst ist vorübergehend nicht verfügbar.' },
} as const;

export type ErrorCode = keyof typeof errorCatalogue;

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
 * seconds (issue 3 "Rate limits").
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
