import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { TOKEN_STORAGE_KEY, USER_STORAGE_KEY } from '../../lib/session.ts';
import { testUser } from '../../test/fixtures.ts';
import { logIn, renderWithSession } from '../../test/renderApp.tsx';
import { type StubAnswer, type StubCall, stubRouteTable } from '../../test/stubRouteTable.ts';
import { avatarFileProblem } from './AvatarSection.tsx';
import { SettingsPage } from './SettingsPage.tsx';

const member = testUser();
const FRESH_TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1MSIsIm4iOjJ9.bmV1';

function renderSettings(routes: Record<string, StubAnswer | ((call: StubCall) => StubAnswer)> = {}) {
  const calls = stubRouteTable({ '/api/me': { body: member }, ...routes });
  logIn(member);
  const view = renderWithSession(
    <Routes>
      <Route path="/settings" element={<SettingsPage />} />
      <Route path="/" element={<p>Startseite</p>} />
    </Routes>,
    '/settings',
  );
  return { calls, ...view };
}

function section(name: string) {
  return within(screen.getByRole('form', { name }));
}

describe('settings /settings', { timeout: 20_000 }, () => {
  it('saves nickname and names; a blank field is removed', async () => {
    const saved = testUser({ nickname: 'Anni', last_name: null });
    const { calls } = renderSettings({ 'PATCH /api/me': { body: saved } });
    const form = section('Profil');
    await userEvent.type(form.getByLabelText('Spitzname (optional)'), 'Anni');
    await userEvent.clear(form.getByLabelText('Nachname (optional)'));
    await userEvent.click(form.getByRole('button', { name: 'Profil speichern' }));
    expect(await screen.findByText('Dein Profil wurde gespeichert.')).toBeTruthy();
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({
      nickname: 'Anni',
      first_name: 'Anna',
      last_name: null,
    });
    expect(JSON.parse(window.localStorage.getItem(USER_STORAGE_KEY) ?? '{}').nickname).toBe('Anni');
  });

  it('changes the password: repeat must match, a wrong current one shows at its field', async () => {
    const detail = 'Das Passwort ist nicht korrekt.';
    let correct = false;
    renderSettings({
      'POST /api/me/password': () =>
        correct
          ? { body: { detail: 'Dein Passwort wurde geändert.', access_token: FRESH_TOKEN } }
          : { status: 400, body: { detail, code: 'wrong_password' } },
    });
    const form = section('Passwort');
    await userEvent.type(form.getByLabelText('Aktuelles Passwort'), 'Alt12345');
    await userEvent.type(form.getByLabelText('Neues Passwort'), 'Neu12345');
    await userEvent.type(form.getByLabelText('Neues Passwort wiederholen'), 'Neu54321');
    await userEvent.click(form.getByRole('button', { name: 'Passwort ändern' }));
    expect(await form.findByText('Die Passwörter stimmen nicht überein.')).toBeTruthy();

    await userEvent.clear(form.getByLabelText('Neues Passwort wiederholen'));
    await userEvent.type(form.getByLabelText('Neues Passwort wiederholen'), 'Neu12345');
    await userEvent.click(form.getByRole('button', { name: 'Passwort ändern' }));
    expect(await form.findByText(detail)).toBeTruthy();

    correct = true;
    await userEvent.click(form.getByRole('button', { name: 'Passwort ändern' }));
    expect(await screen.findByText('Dein Passwort wurde geändert.')).toBeTruthy();
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBe(FRESH_TOKEN);
  });

  it('asks to confirm a new e-mail address through the link', async () => {
    const sent =
      'Wir haben dir einen Bestätigungslink an die neue Adresse geschickt. Deine E-Mail-Adresse ändert sich, sobald du ihn öffnest.';
    const { calls } = renderSettings({ 'POST /api/me/email': { status: 202, body: { detail: sent } } });
    const form = section('E-Mail-Adresse');
    await userEvent.type(form.getByLabelText('Neue E-Mail-Adresse'), 'anna@neu.example');
    await userEvent.type(form.getByLabelText('Aktuelles Passwort'), 'Sicher123');
    await userEvent.click(form.getByRole('button', { name: 'E-Mail-Adresse ändern' }));
    expect((await form.findByRole('status')).textContent).toBe(sent);
    expect(calls.find((call) => call.path === '/api/me/email')?.body).toEqual({
      email: 'anna@neu.example',
      password: 'Sicher123',
    });
  });

  it('uploads an avatar in the multipart field file and refuses other files before uploading', async () => {
    const withAvatar = testUser({ avatar: '/api/images/avatars/a.webp' });
    const { calls } = renderSettings({ 'POST /api/me/avatar': { body: withAvatar } });
    const input = screen.getByTestId('avatar-input') as HTMLInputElement;
    await userEvent.upload(input, new File(['png'], 'ich.png', { type: 'image/png' }));
    expect(await screen.findByText('Dein Profilbild wurde gespeichert.')).toBeTruthy();
    const upload = calls.find((call) => call.path === '/api/me/avatar');
    expect(upload?.body).toBeInstanceOf(FormData);
    expect((upload?.body as FormData | undefined)?.get('file')).toBeInstanceOf(File);
    expect(await screen.findByRole('button', { name: 'Bild entfernen' })).toBeTruthy();

    expect(avatarFileProblem({ type: 'application/pdf', size: 10 })).toBe(
      'Bitte lade ein Bild im Format JPEG, PNG oder WebP hoch.',
    );
    expect(avatarFileProblem({ type: 'image/jpeg', size: 5 * 1024 * 1024 + 1 })).toBe(
      'Das Bild ist zu groß. Maximum: 5 MB.',
    );
    expect(avatarFileProblem({ type: 'image/webp', size: 1000 })).toBeNull();
  });

  it('exports my data as a JSON file', async () => {
    const exported = {
      exported_at: '2026-03-01T00:00:00Z',
      profile: member,
      following: [],
      followers: [],
      listings: [],
      favorites: [],
    };
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:export');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderSettings({ '/api/me/export': { body: exported } });
    await userEvent.click(screen.getByRole('button', { name: 'Meine Daten exportieren' }));
    await expect.poll(() => click.mock.calls.length).toBe(1);
    const anchor = click.mock.contexts[0] as HTMLAnchorElement;
    expect(anchor.download).toBe('meine-daten.json');
    const blob = createObjectURL.mock.calls[0]?.[0] as Blob;
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(blob);
    });
    expect(JSON.parse(text)).toEqual(exported);
    click.mockRestore();
  });

  it('deletes the account after the password, logs out and goes home', async () => {
    let attempts = 0;
    const { calls, router } = renderSettings({
      'DELETE /api/me': () => {
        attempts += 1;
        return attempts === 1
          ? { status: 400, body: { detail: 'Das Passwort ist nicht korrekt.', code: 'wrong_password' } }
          : { status: 204 };
      },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Konto löschen' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Konto wirklich löschen?' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Endgültig löschen' }));
    expect(await dialog.findByText('Bitte gib dein aktuelles Passwort ein.')).toBeTruthy();
    await userEvent.type(dialog.getByLabelText('Passwort'), 'Falsch123');
    await userEvent.click(dialog.getByRole('button', { name: 'Endgültig löschen' }));
    expect(await dialog.findByText('Das Passwort ist nicht korrekt.')).toBeTruthy();
    await userEvent.click(dialog.getByRole('button', { name: 'Endgültig löschen' }));
    await expect.poll(() => router.state.location.pathname).toBe('/');
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(await screen.findByText('Dein Konto wurde gelöscht.')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'DELETE').at(-1)?.body).toEqual({ password: 'Falsch123' });
  });

  it('shows the notice for an unverified e-mail on top', async () => {
    stubRouteTable({ '/api/me': { body: testUser({ email_verified: false }) } });
    logIn(testUser({ email_verified: false }));
    renderWithSession(<SettingsPage />, '/settings');
    expect(await screen.findByTestId('verify-email-notice')).toBeTruthy();
    expect(screen.getByText('Nicht bestätigt')).toBeTruthy();
  });
});
