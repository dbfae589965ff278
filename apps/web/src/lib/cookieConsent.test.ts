import { beforeEach, describe, expect, it } from 'vitest';
import {
  COOKIE_CONSENT_STORAGE_KEY,
  makeCookieConsent,
  readCookieConsent,
  writeCookieConsent,
} from './cookieConsent.ts';

const now = new Date('2026-03-01T12:34:56.000Z');

describe('cookie consent storage (SPEC.md §4)', () => {
  beforeEach(() => window.localStorage.clear());

  it('reads nothing when no choice is stored', () => {
    expect(readCookieConsent(window.localStorage)).toBeNull();
  });

  it('stores an accepted choice with all categories and the date', () => {
    writeCookieConsent(window.localStorage, makeCookieConsent('accepted', now));
    expect(JSON.parse(window.localStorage.getItem('cookie-consent') ?? 'null')).toEqual({
      choice: 'accepted',
      necessary: true,
      statistics: true,
      marketing: true,
      date: '2026-03-01T12:34:56.000Z',
    });
  });

  it('stores a rejected choice with only the necessary category', () => {
    const consent = makeCookieConsent('rejected', now, { statistics: true, marketing: true });
    expect(consent).toMatchObject({
      choice: 'rejected',
      necessary: true,
      statistics: false,
      marketing: false,
    });
  });

  it('stores a custom choice as chosen', () => {
    writeCookieConsent(
      window.localStorage,
      makeCookieConsent('custom', now, { statistics: true, marketing: false }),
    );
    expect(readCookieConsent(window.localStorage)).toEqual({
      choice: 'custom',
      necessary: true,
      statistics: true,
      marketing: false,
      date: now.toISOString(),
    });
  });

  it('treats a broken or foreign value as no choice, so the banner asks again', () => {
    window.localStorage.setItem(COOKIE_CONSENT_STORAGE_KEY, 'accepted');
    expect(readCookieConsent(window.localStorage)).toBeNull();
    window.localStorage.setItem(COOKIE_CONSENT_STORAGE_KEY, JSON.stringify({ choice: 'accepted' }));
    expect(readCookieConsent(window.localStorage)).toBeNull();
    window.localStorage.setItem(
      COOKIE_CONSENT_STORAGE_KEY,
      JSON.stringify({
        choice: 'maybe',
        necessary: true,
        statistics: false,
        marketing: false,
        date: now.toISOString(),
      }),
    );
    expect(readCookieConsent(window.localStorage)).toBeNull();
    for (const changed of [
      { necessary: false },
      { statistics: 'ja' },
      { date: 'gestern' },
      { date: '2026-13-45T99:00:00Z' },
    ]) {
      window.localStorage.setItem(
        COOKIE_CONSENT_STORAGE_KEY,
        JSON.stringify({ ...makeCookieConsent('accepted', now), ...changed }),
      );
      expect(readCookieConsent(window.localStorage)).toBeNull();
    }
  });
});
