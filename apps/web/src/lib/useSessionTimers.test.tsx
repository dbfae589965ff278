import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testUser } from '../test/fixtures.ts';
import { logIn, memberAnswers, renderWithSession, stubApi } from '../test/renderApp.tsx';
import { useSession } from './SessionProvider.tsx';

function LoginState() {
  const { isLoggedIn } = useSession();
  return <output>{isLoggedIn ? 'angemeldet' : 'abgemeldet'}</output>;
}

function base64url(value: string): string {
  return btoa(value).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

const MINUTE = 60_000;

/** The probe's text (the snackbar is a status too, so it is found by its element). */
const loginState = () => document.querySelector('output')?.textContent;

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
    expect(loginState()).toBe('angemeldet');

    vi.advanceTimersByTime(5 * MINUTE);
    await expect.poll(() => router.state.location.pathname).toBe('/login');
    expect(loginState()).toBe('abgemeldet');
    expect(window.localStorage.getItem('auth.token')).toBeNull();
  });

  it('the warning stays until the member acts, not 2.5 s like other messages', async () => {
    const warning = 'Ihre Sitzung läuft in 5 Minuten ab. Klicken Sie irgendwo, um aktiv zu bleiben.';
    vi.useFakeTimers({
      toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout', 'Date'],
    });
    stubApi(memberAnswers(testUser()));
    logIn(testUser());
    renderWithSession(<LoginState />, '/dashboard');

    await vi.advanceTimersByTimeAsync(25 * MINUTE);
    await vi.waitFor(() => expect(screen.getByText(warning)).toBeTruthy());
    // Four of the five minutes pass without activity: the warning is still there.
    await vi.advanceTimersByTimeAsync(4 * MINUTE);
    expect(screen.getByText(warning)).toBeTruthy();
    expect(loginState()).toBe('angemeldet');

    window.dispatchEvent(new Event('pointerdown'));
    await vi.advanceTimersByTimeAsync(1000);
    await vi.waitFor(() => expect(screen.queryByText(warning)).toBeNull());
    expect(loginState()).toBe('angemeldet');
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
    expect(loginState()).toBe('angemeldet');
  });

  it('keeps the server session alive: activity sends GET /api/me at most every 3 minutes', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const fetchMock = stubApi(memberAnswers(testUser()));
    logIn(testUser());
    renderWithSession(<LoginState />, '/dashboard');
    const meCalls = () =>
      fetchMock.mock.calls.filter(
        ([input]) => new URL(String(input), 'http://localhost').pathname === '/api/me',
      ).length;
    await expect.poll(meCalls).toBe(1); // the check at start
    vi.advanceTimersByTime(2 * MINUTE);
    window.dispatchEvent(new Event('keydown'));
    expect(meCalls()).toBe(1);
    vi.advanceTimersByTime(1 * MINUTE);
    window.dispatchEvent(new Event('pointerdown'));
    await expect.poll(meCalls).toBe(2);
    window.dispatchEvent(new Event('scroll'));
    vi.advanceTimersByTime(2 * MINUTE);
    window.dispatchEvent(new Event('scroll'));
    expect(meCalls()).toBe(2);
    // Idle readers send nothing: no activity, no request.
    vi.advanceTimersByTime(20 * MINUTE);
    expect(meCalls()).toBe(2);
  });

  it("a keep-alive answered 401 ends the session with 'Ihre Sitzung ist abgelaufen…'", async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    let ended = false;
    stubApi({
      ...memberAnswers(testUser()),
      get '/api/me'() {
        return ended ? { status: 401, body: { detail: 'Nicht authentifiziert' } } : { body: testUser() };
      },
    });
    logIn(testUser());
    const { router } = renderWithSession(<LoginState />, '/dashboard');
    await expect.poll(loginState).toBe('angemeldet');
    ended = true; // e.g. logged out from another device
    vi.advanceTimersByTime(4 * MINUTE);
    window.dispatchEvent(new Event('pointerdown'));
    expect(
      await screen.findByText('Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.'),
    ).toBeTruthy();
    await expect.poll(() => router.state.location.pathname).toBe('/login');
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
    expect(loginState()).toBe('angemeldet');
    expect(screen.queryByText('Ihr Token ist abgelaufen. Bitte melden Sie sich erneut an.')).toBeNull();

    vi.advanceTimersByTime(5 * MINUTE);
    expect(
      await screen.findByText('Ihr Token ist abgelaufen. Bitte melden Sie sich erneut an.'),
    ).toBeTruthy();
    await expect.poll(() => router.state.location.pathname).toBe('/login');
    expect(loginState()).toBe('abgemeldet');
  });
});
