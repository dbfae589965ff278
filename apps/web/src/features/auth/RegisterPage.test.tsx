import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { TOKEN_STORAGE_KEY } from '../../lib/session.ts';
import { TEST_TOKEN, testUser } from '../../test/fixtures.ts';
import { renderWithSession } from '../../test/renderApp.tsx';
import { type StubCall, stubRouteTable } from '../../test/stubRouteTable.ts';
import { RegisterPage } from './RegisterPage.tsx';

interface RegisterInput {
  email?: string;
  password?: string;
  repeat?: string;
  nickname?: string;
}

/** The calls besides the strength meter's ratings, which come while the password is typed. */
const withoutRatings = (calls: StubCall[]) =>
  calls.filter((call) => call.path !== '/api/auth/password-strength');

async function register(input: RegisterInput) {
  const user = userEvent.setup();
  const form = within(await screen.findByRole('form', { name: 'Registrieren' }));
  if (input.email) await user.type(form.getByLabelText(/^E-Mail-Adresse\W*$/), input.email);
  if (input.password) await user.type(form.getByLabelText(/^Passwort\W*$/), input.password);
  if (input.repeat) await user.type(form.getByLabelText(/^Passwort wiederholen\W*$/), input.repeat);
  if (input.nickname) await user.type(form.getByLabelText('Spitzname (optional)'), input.nickname);
  await user.click(form.getByRole('button', { name: 'Konto erstellen' }));
}

describe('registration /register', { timeout: 20_000 }, () => {
  it('asks for e-mail and password in German', async () => {
    stubRouteTable({});
    renderWithSession(<RegisterPage />, '/register');
    await register({});
    expect(await screen.findByText('Bitte gib deine E-Mail-Adresse ein.')).toBeTruthy();
    expect(screen.getByText('Das Passwort muss mindestens 8 Zeichen lang sein.')).toBeTruthy();
    expect(screen.getByText('Bitte wiederhole das Passwort.')).toBeTruthy();
  });

  it('refuses a malformed e-mail address and sends nothing', async () => {
    const calls = stubRouteTable({});
    renderWithSession(<RegisterPage />, '/register');
    await register({ email: 'anna@beispiel', password: 'Sicher123', repeat: 'Sicher123' });
    expect(await screen.findByText('Bitte gib eine gültige E-Mail-Adresse ein.')).toBeTruthy();
    expect(withoutRatings(calls)).toEqual([]);
  });

  it('sends a passphrase of words without digits: no letter-and-digit rule', async () => {
    const calls = stubRouteTable({
      'POST /api/auth/register': { status: 202, body: { detail: 'Wir haben dir eine E-Mail geschickt.' } },
      'POST /api/auth/login': { status: 200, body: { access_token: TEST_TOKEN, user: testUser() } },
    });
    renderWithSession(<RegisterPage />, '/register');
    const passphrase = 'kiesel wald fluss brot';
    await register({ email: 'neu@example.org', password: passphrase, repeat: passphrase });
    await expect
      .poll(() => calls.find((call) => call.path === '/api/auth/register')?.body)
      .toMatchObject({ email: 'neu@example.org', password: passphrase });
    expect(screen.queryByText(/Ziffer/)).toBeNull();
  });

  it("says 'Die Passwörter stimmen nicht überein.' when the repeat differs", async () => {
    const calls = stubRouteTable({});
    renderWithSession(<RegisterPage />, '/register');
    await register({ email: 'neu@example.org', password: 'Sicher123', repeat: 'Sicher124' });
    expect(await screen.findByText('Die Passwörter stimmen nicht überein.')).toBeTruthy();
    expect(withoutRatings(calls)).toEqual([]);
  });

  it("shows the server's reason for an easily guessed password at the password field", async () => {
    const detail =
      "Feld 'password': Dieses Passwort ist leicht zu erraten. Nimm einen längeren Satz aus mehreren Wörtern oder füge seltene Wörter hinzu.";
    stubRouteTable({ 'POST /api/auth/register': { status: 422, body: { detail, code: 'weak_password' } } });
    renderWithSession(<RegisterPage />, '/register');
    await register({ email: 'anna@example.org', password: 'password123', repeat: 'password123' });
    expect(
      await screen.findByText(
        'Dieses Passwort ist leicht zu erraten. Nimm einen längeren Satz aus mehreren Wörtern oder füge seltene Wörter hinzu.',
      ),
    ).toBeTruthy();
    const passwordField = screen.getByLabelText(/^Passwort\W*$/);
    expect(passwordField.getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('an address that has an account: the same answer, no login, the page says a mail is on its way', async () => {
    const sent =
      'Wir haben dir eine E-Mail geschickt. Bitte bestätige deine E-Mail-Adresse über den Link darin.';
    stubRouteTable({
      'POST /api/auth/register': { status: 202, body: { detail: sent } },
      'POST /api/auth/login': {
        status: 401,
        body: { detail: 'E-Mail-Adresse oder Passwort ist falsch.', code: 'invalid_credentials' },
      },
    });
    renderWithSession(<RegisterPage />, '/register');
    await register({ email: 'anna@example.org', password: 'Sicher123', repeat: 'Sicher123' });
    const status = await screen.findByRole('status');
    expect(status.textContent).toContain(sent);
    expect(within(status).getByRole('link', { name: 'Zur Anmeldung' })).toBeTruthy();
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('registers, logs in, tells about the mail and goes to next', async () => {
    const created = testUser({ email: 'neu@example.org', nickname: 'Neu', email_verified: false });
    const calls = stubRouteTable({
      'POST /api/auth/register': { status: 202, body: { detail: 'Wir haben dir eine E-Mail geschickt.' } },
      'POST /api/auth/login': { status: 200, body: { access_token: TEST_TOKEN, user: created } },
    });
    // Only /register shows the page, as in the app: on any other path it must not redirect again.
    const { router } = renderWithSession(
      <Routes>
        <Route path="/register" element={<RegisterPage />} />
        <Route path="*" element={<p>Anzeige aufgeben</p>} />
      </Routes>,
      '/register?next=%2Fcreate-listing',
    );
    await register({ email: 'Neu@Example.org', password: 'Sicher123', repeat: 'Sicher123', nickname: 'Neu' });
    await expect.poll(() => router.state.location.pathname).toBe('/create-listing');
    expect(await screen.findByText('Anzeige aufgeben')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/create-listing');
    expect(withoutRatings(calls)[0]).toMatchObject({
      method: 'POST',
      path: '/api/auth/register',
      body: {
        email: 'neu@example.org',
        password: 'Sicher123',
        nickname: 'Neu',
        first_name: null,
        last_name: null,
      },
    });
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBe(TEST_TOKEN);
    expect(
      await screen.findByText(
        'Willkommen! Wir haben dir eine E-Mail geschickt. Bitte bestätige deine E-Mail-Adresse über den Link darin.',
      ),
    ).toBeTruthy();
  });

  it('states the whole password rule before typing', async () => {
    stubRouteTable({});
    renderWithSession(<RegisterPage />, '/register');
    expect(
      await screen.findByText(
        '8 bis 128 Zeichen, nicht leicht zu erraten und nicht aus deiner E-Mail-Adresse oder deinem Namen gebildet. Am besten mehrere Wörter, die nicht zusammengehören; Ziffern oder Sonderzeichen braucht es nicht.',
      ),
    ).toBeTruthy();
  });

  it('rates the password while it is typed: the missing length, then the server rating', async () => {
    const calls = stubRouteTable({
      'POST /api/auth/password-strength': ({ body }) => {
        const { password } = body as { password: string };
        if (password === 'Geheim123') return { body: { score: 1, accepted: false } };
        if (password === 'Geheim123 Nordlicht Teekanne') return { body: { score: 4, accepted: true } };
        return { body: { score: 3, accepted: true } };
      },
    });
    renderWithSession(<RegisterPage />, '/register');
    const user = userEvent.setup();
    const form = within(await screen.findByRole('form', { name: 'Registrieren' }));
    await user.type(form.getByLabelText(/^E-Mail-Adresse\W*$/), 'anna@example.org');
    const password = form.getByLabelText(/^Passwort\W*$/);
    await user.type(password, 'Geheim1');
    expect(await screen.findByText('Noch 1 Zeichen bis zur Mindestlänge.')).toBeTruthy();
    await user.clear(password);
    // Letters only: long enough, so the server rates it; no digit is asked for.
    await user.type(password, 'Sommerwiese');
    expect(await screen.findByText('Gut: Dieses Passwort wird angenommen.')).toBeTruthy();
    await user.clear(password);
    await user.type(password, 'Geheim123');
    expect(
      await screen.findByText(
        'Dieses Passwort ist leicht zu erraten. Nimm einen längeren Satz aus mehreren Wörtern oder füge seltene Wörter hinzu.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Passwortstärke' })).toBeTruthy();
    await user.type(password, ' Nordlicht Teekanne');
    expect(await screen.findByText('Sehr gut: Dieses Passwort ist schwer zu erraten.')).toBeTruthy();
    // Asked after pauses in typing, with the member's own words, never while it is too short.
    const ratings = calls.filter((call) => call.path === '/api/auth/password-strength');
    expect(ratings.map((call) => (call.body as { password: string }).password)).toEqual([
      'Sommerwiese',
      'Geheim123',
      'Geheim123 Nordlicht Teekanne',
    ]);
    expect(ratings[1]?.body).toMatchObject({ user_inputs: ['anna@example.org'] });
  });
});
