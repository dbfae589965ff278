import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TOKEN_STORAGE_KEY, USER_STORAGE_KEY } from '../../lib/session.ts';
import { TEST_TOKEN, testUser } from '../../test/fixtures.ts';
import { renderApp } from '../../test/renderApp.tsx';
import { stubRouteTable } from '../../test/stubRouteTable.ts';

const member = testUser({ nickname: 'Anni' });

async function fillAndSubmit(email: string, password: string) {
  const user = userEvent.setup();
  const form = within(await screen.findByRole('form', { name: 'Anmelden' }));
  if (email) await user.type(form.getByLabelText('E-Mail-Adresse'), email);
  if (password) await user.type(form.getByLabelText('Passwort'), password);
  await user.click(form.getByRole('button', { name: 'Anmelden' }));
}

describe('login page /login (SPEC.md §4, §8)', { timeout: 20_000 }, () => {
  it('shows German messages for empty fields and sends nothing', async () => {
    const calls = stubRouteTable({});
    renderApp('/login');
    await fillAndSubmit('', '');
    expect(await screen.findByText('Bitte gib deine E-Mail-Adresse ein.')).toBeTruthy();
    expect(screen.getByText('Bitte gib dein Passwort ein.')).toBeTruthy();
    expect(calls.filter((call) => call.path === '/api/auth/login')).toEqual([]);
  });

  it('refuses a malformed e-mail address', async () => {
    stubRouteTable({});
    renderApp('/login');
    await fillAndSubmit('anna@', 'geheim123');
    expect(await screen.findByText('Bitte gib eine gültige E-Mail-Adresse ein.')).toBeTruthy();
  });

  it('logs in, stores token and user and returns to the page in next', async () => {
    const calls = stubRouteTable({
      'POST /api/auth/login': { body: { access_token: TEST_TOKEN, user: member } },
      '/api/me': { body: member },
    });
    const { router } = renderApp('/login?next=%2Fdashboard%3Ftab%3D2');
    await fillAndSubmit('Anna.Schmidt@Example.org', 'geheim123');
    await expect.poll(() => router.state.location.pathname).toBe('/dashboard');
    expect(router.state.location.search).toBe('?tab=2');
    expect(calls.find((call) => call.path === '/api/auth/login')?.body).toEqual({
      email: 'anna.schmidt@example.org',
      password: 'geheim123',
    });
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBe(TEST_TOKEN);
    expect(JSON.parse(window.localStorage.getItem(USER_STORAGE_KEY) ?? '{}').nickname).toBe('Anni');
  });

  it.each([
    ['another site', '?next=https%3A%2F%2Fevil.example%2F'],
    ['a protocol-relative address', '?next=%2F%2Fevil.example'],
    ['no next at all', ''],
  ])('goes home instead of %s', async (_case, search) => {
    stubRouteTable({ 'POST /api/auth/login': { body: { access_token: TEST_TOKEN, user: member } } });
    const { router } = renderApp(`/login${search}`);
    await fillAndSubmit('anna@example.org', 'geheim123');
    await expect.poll(() => router.state.location.pathname).toBe('/');
  });

  it("shows the server's German detail when the login fails", async () => {
    stubRouteTable({
      'POST /api/auth/login': {
        status: 401,
        body: { detail: 'E-Mail-Adresse oder Passwort ist falsch.', code: 'invalid_credentials' },
      },
    });
    renderApp('/login');
    await fillAndSubmit('anna@example.org', 'falsch123');
    expect((await screen.findByRole('alert')).textContent).toBe('E-Mail-Adresse oder Passwort ist falsch.');
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('shows the German detail of a 429', async () => {
    const detail = 'Zu viele fehlgeschlagene Anmeldeversuche. Bitte versuche es in 15 Minuten erneut.';
    stubRouteTable({ 'POST /api/auth/login': { status: 429, body: { detail, code: 'rate_limited' } } });
    renderApp('/login');
    await fillAndSubmit('anna@example.org', 'falsch123');
    expect((await screen.findByRole('alert')).textContent).toBe(detail);
  });

  it("shows 'Login failed' when the answer has no detail", async () => {
    stubRouteTable({ 'POST /api/auth/login': { status: 502 } });
    renderApp('/login-form');
    await fillAndSubmit('anna@example.org', 'geheim123');
    expect((await screen.findByRole('alert')).textContent).toBe('Login failed');
  });

  it('links to the registration and the password reset', async () => {
    stubRouteTable({});
    renderApp('/login?next=%2Fchat');
    await screen.findByRole('form', { name: 'Anmelden' });
    expect(screen.getByRole('link', { name: 'Jetzt registrieren' }).getAttribute('href')).toBe(
      '/register?next=%2Fchat',
    );
    expect(screen.getByRole('link', { name: 'Passwort vergessen?' }).getAttribute('href')).toBe(
      '/password-reset',
    );
  });
});
