import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { COOKIE_BANNER_DELAY_MS } from '../../lib/constants.ts';
import {
  COOKIE_CONSENT_STORAGE_KEY,
  makeCookieConsent,
  reloadCookieConsent,
  writeCookieConsent,
} from '../../lib/cookieConsent.ts';
import { renderWithSession } from '../../test/renderApp.tsx';
import { CookieBanner } from './CookieBanner.tsx';

function storedConsent() {
  return JSON.parse(window.localStorage.getItem(COOKIE_CONSENT_STORAGE_KEY) ?? 'null');
}

/**
 * Renders the banner and lets its delay pass on a fake clock: act() runs the delay's timer and
 * renders what follows, so the page is checked after the delay without waiting for it.
 */
function renderWithDelayPassed() {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  try {
    const view = renderWithSession(<CookieBanner />);
    act(() => {
      vi.advanceTimersByTime(COOKIE_BANNER_DELAY_MS);
    });
    return view;
  } finally {
    vi.useRealTimers();
  }
}

describe('cookie banner (SPEC.md §2, §4)', () => {
  it('appears 1 s after load when no choice is stored', async () => {
    const start = performance.now();
    renderWithSession(<CookieBanner />);
    expect(screen.queryByRole('button', { name: 'Akzeptieren' })).toBeNull();
    expect(await screen.findByRole('button', { name: 'Akzeptieren' }, { timeout: 15_000 })).toBeTruthy();
    expect(performance.now() - start).toBeGreaterThanOrEqual(990);
    expect(screen.getByRole('button', { name: 'Ablehnen' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Anpassen' })).toBeTruthy();
  });

  it('stays away when a choice is stored', async () => {
    // Without a choice the banner appears once its delay has passed; this also loads its lazy
    // view, which any banner then renders at once, within the act() that passes the delay.
    const first = renderWithDelayPassed();
    expect(await screen.findByRole('region', { name: 'Cookie-Einstellungen' })).toBeTruthy();
    first.unmount();

    writeCookieConsent(window.localStorage, makeCookieConsent('rejected', new Date()));
    reloadCookieConsent();
    renderWithDelayPassed();
    expect(screen.queryByRole('region', { name: 'Cookie-Einstellungen' })).toBeNull();
  });

  it('stores Akzeptieren with the date and disappears', async () => {
    const user = userEvent.setup();
    renderWithSession(<CookieBanner />);
    await user.click(await screen.findByRole('button', { name: 'Akzeptieren' }, { timeout: 15_000 }));
    expect(storedConsent()).toMatchObject({
      choice: 'accepted',
      necessary: true,
      statistics: true,
      marketing: true,
    });
    expect(Number.isNaN(Date.parse(storedConsent().date))).toBe(false);
    expect(screen.queryByRole('region', { name: 'Cookie-Einstellungen' })).toBeNull();
  });

  it('stores Ablehnen as necessary only', async () => {
    const user = userEvent.setup();
    renderWithSession(<CookieBanner />);
    await user.click(await screen.findByRole('button', { name: 'Ablehnen' }, { timeout: 15_000 }));
    expect(storedConsent()).toMatchObject({
      choice: 'rejected',
      necessary: true,
      statistics: false,
      marketing: false,
    });
  });

  it('offers real choices under Anpassen and stores them', async () => {
    const user = userEvent.setup();
    renderWithSession(<CookieBanner />);
    await user.click(await screen.findByRole('button', { name: 'Anpassen' }, { timeout: 15_000 }));
    const necessary = screen.getByRole('switch', { name: 'Notwendig' }) as HTMLInputElement;
    expect(necessary.checked).toBe(true);
    expect(necessary.disabled).toBe(true);
    await user.click(screen.getByRole('switch', { name: 'Statistik' }));
    await user.click(screen.getByRole('button', { name: 'Auswahl speichern' }));
    expect(storedConsent()).toMatchObject({
      choice: 'custom',
      necessary: true,
      statistics: true,
      marketing: false,
    });
  });
});
