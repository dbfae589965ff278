import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testUser } from '../../test/fixtures.ts';
import { logIn, memberAnswers, renderWithSession, stubApi } from '../../test/renderApp.tsx';
import { useSession } from './SessionProvider.tsx';

function LoginState() {
  const { isLoggedIn } = useSession();
  return <output>{isLoggedIn ? 'angemeldet' : 'abgemeldet'}</output>;
}

function base64url(value: string): string {
  return btoa(value).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

const MINUTE = 60_000;

describe('session timers (SPEC.md §4, §8)', () => {
  afterEach(() => vi.useRealTimers());

  it('warns after 25 idle minutes and logs out after 30', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    stubApi(memberAnswers(testUser()));
    logIn(testUser());
    const { router } = renderWithSession(<LoginState />, '/dashboard');

    vi.advanceTimersByTime(25 * MINUTE);
    expect(
      await screen.findByText(
        'Ihre Sitzung läuft in 5 Minuten ab. Klicken Sie irgendwo, um aktiv zu bleiben.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('angemeldet');

    vi.advanceTimersByTime(5 * MINUTE);
    await expect.poll(() => router.state.location.pathname).toBe('/login');
    expect(screen.getByRole('status').textContent).toBe('abgemeldet');
    expect(window.localStorage.getItem('auth.token')).toBeNull();
  });

  it('keeps an active member logged in', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    stubApi(memberAnswers(testUser()));
    logIn(testUser());
    renderWithSession(<LoginState />, '/dashboard');
    for (let minute = 0; minute < 40; minute += 10) {
      vi.advanceTimersByTime(10 * MINUTE);
      window.dispatchEvent(new Event('pointerdown'));
    }
    expect(screen.getByRole('status').textContent).toBe('angemeldet');
  });

  it('logs out with a message when the token has expired', async () => {
    stubApi(memberAnswers(testUser()));
    const expired = `${base64url('{"alg":"HS256"}')}.${base64url(JSON.stringify({ sub: 'u1', exp: 1000 }))}.c2ln`;
    logIn(testUser(), expired);
    const { router } = renderWithSession(<LoginState />, '/settings');
    expect(
      await screen.findByText('Ihr Token ist abgelaufen. Bitte melden Sie sich erneut an.'),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('notices a token that expires while the page is open at the next 5-minute check', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    stubApi(memberAnswers(testUser()));
    const expiresInSeconds = Math.floor(Date.now() / 1000) + 7 * 60;
    const token = `${base64url('{"alg":"HS256"}')}.${base64url(JSON.stringify({ sub: 'u1', exp: expiresInSeconds }))}.c2ln`;
    logIn(testUser(), token);
    const { router } = renderWithSession(<LoginState />, '/settings');

    // Active all along, so only the token check can end the session.
    vi.advanceTimersByTime(5 * MINUTE);
    window.dispatchEvent(new Event('pointerdown'));
    expect(screen.getByRole('status').textContent).toBe('angemeldet');
    expect(screen.queryByText('Ihr Token ist abgelaufen. Bitte melden Sie sich erneut an.')).toBeNull();

    vi.advanceTimersByTime(5 * MINUTE);
    expect(
      await screen.findByText('Ihr Token ist abgelaufen. Bitte melden Sie sich erneut an.'),
    ).toBeTruthy();
    await expect.poll(() => router.state.location.pathname).toBe('/login');
    expect(screen.getByRole('status').textContent).toBe('abgemeldet');
  });
});
