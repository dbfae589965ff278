import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TEST_TOKEN, testUser } from '../test/fixtures.ts';
import { logIn, renderWithSession, stubApi } from '../test/renderApp.tsx';
import { stubRouteTable } from '../test/stubRouteTable.ts';
import { useSession } from './SessionProvider.tsx';
import { reloadSession, setSession, TOKEN_STORAGE_KEY, USER_STORAGE_KEY } from './session.ts';

function SessionProbe() {
  const session = useSession();
  return (
    <output>
      {JSON.stringify({
        loggedIn: session.isLoggedIn,
        admin: session.isAdmin,
        moderator: session.isModerator,
        name: session.user?.nickname ?? null,
      })}
    </output>
  );
}

function probe() {
  return JSON.parse(screen.getByRole('status').textContent ?? '{}');
}

describe('session start (SPEC.md §4)', () => {
  it('checks the token with GET /api/me and a bearer header, and refreshes the user', async () => {
    const fetchMock = stubApi({ '/api/me': { body: testUser({ nickname: 'Neu' }) } });
    logIn(testUser({ nickname: 'Alt' }));
    renderWithSession(<SessionProbe />);
    expect(probe()).toMatchObject({ loggedIn: true, name: 'Alt' });
    await expect.poll(() => probe().name).toBe('Neu');
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/me');
    expect(new Headers(init.headers).get('Authorization')).toBe(`Bearer ${TEST_TOKEN}`);
    expect(JSON.parse(window.localStorage.getItem(USER_STORAGE_KEY) ?? '{}').nickname).toBe('Neu');
  });

  it('keeps a user stored after GET /api/me was sent (an address confirmed meanwhile)', async () => {
    // The check's answer is held back until the verification page has stored its newer user.
    let answer: (response: Response) => void = () => {};
    let read = false;
    const fetchMock = vi.fn(
      () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    logIn(testUser({ nickname: 'Anna', email_verified: false }));
    renderWithSession(<SessionProbe />);
    await expect.poll(() => fetchMock.mock.calls.length).toBe(1);
    setSession({ token: TEST_TOKEN, user: testUser({ nickname: 'Anna', email_verified: true }) });
    const stale = new Response(JSON.stringify(testUser({ nickname: 'Anna', email_verified: false })), {
      headers: { 'Content-Type': 'application/json' },
    });
    const text = stale.text.bind(stale);
    const json = stale.json.bind(stale);
    stale.text = () => text().finally(() => (read = true));
    stale.json = () => json().finally(() => (read = true));
    answer(stale);
    await expect.poll(() => read).toBe(true);
    // Every reaction to the answer runs in microtasks, all done before the next task.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(JSON.parse(window.localStorage.getItem(USER_STORAGE_KEY) ?? '{}').email_verified).toBe(true);
    expect(probe().loggedIn).toBe(true);
  });

  it('clears the session on 401', async () => {
    stubApi({ '/api/me': { status: 401, body: { detail: 'Token ungültig' } } });
    logIn(testUser());
    renderWithSession(<SessionProbe />);
    await expect.poll(() => probe().loggedIn).toBe(false);
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(window.localStorage.getItem(USER_STORAGE_KEY)).toBeNull();
  });

  it('clears the session on any other failure', async () => {
    stubApi({ '/api/me': { status: 500 } });
    logIn(testUser());
    renderWithSession(<SessionProbe />);
    await expect.poll(() => probe().loggedIn).toBe(false);
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('clears a token without three parts without asking the server', async () => {
    const fetchMock = stubApi({ '/api/me': { body: testUser() } });
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'mock-token');
    window.localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(testUser()));
    reloadSession();
    renderWithSession(<SessionProbe />);
    expect(await screen.findByText('Ungültiger Token. Bitte melden Sie sich erneut an.')).toBeTruthy();
    expect(probe().loggedIn).toBe(false);
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('derives the roles: SELLER is a moderator, ADMIN also an admin', async () => {
    stubApi({ '/api/me': { body: testUser() } });
    logIn(testUser({ role: 'SELLER' }));
    const { unmount } = renderWithSession(<SessionProbe />);
    expect(probe()).toMatchObject({ admin: false, moderator: true });
    unmount();
    stubApi({ '/api/me': { body: testUser({ role: 'ADMIN' }) } });
    logIn(testUser({ role: 'ADMIN' }));
    renderWithSession(<SessionProbe />);
    expect(probe()).toMatchObject({ admin: true, moderator: true });
  });
});

describe('logout (docs/decisions/0007)', () => {
  function LogoutProbe() {
    const { isLoggedIn, logout } = useSession();
    return (
      <>
        <output>{isLoggedIn ? 'angemeldet' : 'abgemeldet'}</output>
        <button type="button" onClick={logout}>
          Abmelden
        </button>
      </>
    );
  }

  it('ends the session on the server with POST /api/auth/logout, then clears it here and goes to /login', async () => {
    let storedDuringCall: string | null = 'nicht aufgerufen';
    const calls = stubRouteTable({
      '/api/me': { body: testUser() },
      'POST /api/auth/logout': () => {
        storedDuringCall = window.localStorage.getItem(TOKEN_STORAGE_KEY);
        return { status: 204 };
      },
    });
    logIn(testUser());
    const { router } = renderWithSession(<LogoutProbe />, '/settings');
    await userEvent.click(screen.getByRole('button', { name: 'Abmelden' }));
    await expect.poll(() => router.state.location.pathname).toBe('/login');
    expect(screen.getByRole('status').textContent).toBe('abgemeldet');
    const logout = calls.find((call) => call.path === '/api/auth/logout');
    expect(logout).toMatchObject({ method: 'POST', authorization: `Bearer ${TEST_TOKEN}` });
    // The call went out while the token was still stored: the local session ends after it.
    expect(storedDuringCall).toBe(TEST_TOKEN);
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('clears the local session also when the logout call fails', async () => {
    stubRouteTable({ '/api/me': { body: testUser() }, 'POST /api/auth/logout': { status: 500 } });
    logIn(testUser());
    const { router } = renderWithSession(<LogoutProbe />, '/settings');
    await userEvent.click(screen.getByRole('button', { name: 'Abmelden' }));
    await expect.poll(() => router.state.location.pathname).toBe('/login');
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(window.localStorage.getItem(USER_STORAGE_KEY)).toBeNull();
  });
});
