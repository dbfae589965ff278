import { isOneOf, isRecord } from './guards.ts';

/** localStorage key of the cookie choice (SPEC.md §4 "Cookie consent"). */
export const COOKIE_CONSENT_STORAGE_KEY = 'cookie-consent';

/** The banner's buttons: Akzeptieren, Ablehnen, Anpassen (SPEC.md §2 "Cookie banner"). */
export const COOKIE_CHOICES = ['accepted', 'rejected', 'custom'] as const;
export type CookieChoice = (typeof COOKIE_CHOICES)[number];

/**
 * The stored cookie choice: which button was used, the categories it allows (necessary is always
 * true) and when it was made (ISO 8601 string).
 */
export interface CookieConsent {
  choice: CookieChoice;
  necessary: true;
  statistics: boolean;
  marketing: boolean;
  date: string;
}

/** An ISO 8601 date and time with `Z` or an offset, as `Date.prototype.toISOString` writes it. */
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/** Whether `value` is a consent record as {@link writeCookieConsent} stores it. */
function isCookieConsent(value: unknown): value is CookieConsent {
  return (
    isRecord(value) &&
    isOneOf(COOKIE_CHOICES, value.choice) &&
    value.necessary === true &&
    typeof value.statistics === 'boolean' &&
    typeof value.marketing === 'boolean' &&
    typeof value.date === 'string' &&
    ISO_DATE_TIME.test(value.date) &&
    !Number.isNaN(Date.parse(value.date))
  );
}

/** Optional categories a person can switch in "Anpassen". */
export interface CookiePreferences {
  statistics: boolean;
  marketing: boolean;
}

/**
 * Builds the consent record for a choice made at `now` (SPEC.md §4): `accepted` allows every
 * category, `rejected` only the necessary one, `custom` the given preferences.
 */
export function makeCookieConsent(
  choice: CookieChoice,
  now: Date,
  preferences: CookiePreferences = { statistics: false, marketing: false },
): CookieConsent {
  const allowed =
    choice === 'accepted'
      ? { statistics: true, marketing: true }
      : choice === 'rejected'
        ? { statistics: false, marketing: false }
        : preferences;
  return { choice, necessary: true, ...allowed, date: now.toISOString() };
}

/**
 * Reads the stored choice from `storage`; null when none is stored or the stored value is not a
 * valid record (then the banner asks again). Never throws.
 */
export function readCookieConsent(storage: Storage): CookieConsent | null {
  const raw = storage.getItem(COOKIE_CONSENT_STORAGE_KEY);
  if (raw === null) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (!isCookieConsent(value)) return null;
    const { choice, necessary, statistics, marketing, date } = value;
    return { choice, necessary, statistics, marketing, date };
  } catch {
    return null;
  }
}

/** Stores `consent` as JSON under {@link COOKIE_CONSENT_STORAGE_KEY}. */
export function writeCookieConsent(storage: Storage, consent: CookieConsent): void {
  storage.setItem(COOKIE_CONSENT_STORAGE_KEY, JSON.stringify(consent));
}

// Observable store over window.localStorage so the banner hides when the choice is made
// elsewhere (the cookie page, another tab).

type Listener = () => void;
const listeners = new Set<Listener>();
let snapshot: CookieConsent | null | undefined;

function emit(): void {
  snapshot = readCookieConsent(window.localStorage);
  for (const listener of listeners) listener();
}

function onStorage(event: StorageEvent): void {
  if (event.key === null || event.key === COOKIE_CONSENT_STORAGE_KEY) emit();
}

/** The stored consent of this browser, or null. Stable between changes (for useSyncExternalStore). */
export function getCookieConsent(): CookieConsent | null {
  if (snapshot === undefined) snapshot = readCookieConsent(window.localStorage);
  return snapshot;
}

/** Stores a choice made now and notifies listeners. Returns the stored record. */
export function saveCookieChoice(choice: CookieChoice, preferences?: CookiePreferences): CookieConsent {
  const consent = makeCookieConsent(choice, new Date(), preferences);
  writeCookieConsent(window.localStorage, consent);
  emit();
  return consent;
}

/** Subscribes to consent changes. Returns the unsubscribe function. */
export function subscribeCookieConsent(listener: Listener): () => void {
  if (listeners.size === 0) window.addEventListener('storage', onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}

/** Re-reads localStorage, for code that wrote the key directly (tests). */
export function reloadCookieConsent(): void {
  emit();
}
