import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithSession } from '../../test/renderApp.tsx';
import { stubRouteTable } from '../../test/stubRouteTable.ts';
import { PasswordResetRequestPage } from './PasswordResetRequestPage.tsx';
import { ResetPasswordPage } from './ResetPasswordPage.tsx';

const NEUTRAL = 'Wenn ein Konto mit dieser E-Mail-Adresse existiert, haben wir dir einen Link geschickt.';

describe('reset request /password-reset', { timeout: 20_000 }, () => {
  it('always shows the neutral confirmation after sending the e-mail', async () => {
    const calls = stubRouteTable({
      'POST /api/auth/password-reset': { status: 202, body: { detail: NEUTRAL } },
    });
    renderWithSession(<PasswordResetRequestPage />, '/password-reset');
    const user = userEvent.setup();
    const form = within(await screen.findByRole('form', { name: 'Passwort vergessen' }));
    await user.type(form.getByLabelText('E-Mail-Adresse'), 'Wer@Example.org');
    await user.click(form.getByRole('button', { name: 'Link anfordern' }));
    expect((await screen.findByRole('status')).textContent).toBe(NEUTRAL);
    expect(calls[0]?.body).toEqual({ email: 'wer@example.org' });
  });

  it('shows the German detail when asked too often', async () => {
    const detail = 'Zu viele Anfragen. Bitte versuche es in 60 Minuten erneut.';
    stubRouteTable({ 'POST /api/auth/password-reset': { status: 429, body: { detail } } });
    renderWithSession(<PasswordResetRequestPage />, '/password-reset');
    const user = userEvent.setup();
    const form = within(await screen.findByRole('form', { name: 'Passwort vergessen' }));
    await user.type(form.getByLabelText('E-Mail-Adresse'), 'wer@example.org');
    await user.click(form.getByRole('button', { name: 'Link anfordern' }));
    expect((await screen.findByRole('alert')).textContent).toBe(detail);
  });
});

describe('new password /reset-password', { timeout: 20_000 }, () => {
  async function submit(password: string, repeat: string) {
    const user = userEvent.setup();
    const form = within(await screen.findByRole('form', { name: 'Neues Passwort festlegen' }));
    if (password) await user.type(form.getByLabelText('Neues Passwort'), password);
    if (repeat) await user.type(form.getByLabelText('Neues Passwort wiederholen'), repeat);
    await user.click(form.getByRole('button', { name: 'Passwort speichern' }));
  }

  it('checks the length and the repeat', async () => {
    const calls = stubRouteTable({});
    renderWithSession(<ResetPasswordPage />, '/reset-password?token=abc');
    await submit('kurz1', 'kurz1');
    expect(await screen.findByText('Das Passwort muss mindestens 8 Zeichen lang sein.')).toBeTruthy();
    await submit('', '');
    expect(calls).toEqual([]);
  });

  it("says 'Die Passwörter stimmen nicht überein.'", async () => {
    stubRouteTable({});
    renderWithSession(<ResetPasswordPage />, '/reset-password?token=abc');
    await submit('Sicher123', 'Sicher321');
    expect(await screen.findByText('Die Passwörter stimmen nicht überein.')).toBeTruthy();
  });

  it('sets the password with the token and links to /login', async () => {
    const calls = stubRouteTable({ 'POST /api/auth/reset-password': { body: { detail: 'ok' } } });
    renderWithSession(<ResetPasswordPage />, '/reset-password?token=t0k3n');
    await submit('NeuesPasswort1', 'NeuesPasswort1');
    expect((await screen.findByRole('status')).textContent).toBe(
      'Dein Passwort wurde geändert. Du kannst dich jetzt mit dem neuen Passwort anmelden.',
    );
    expect(screen.getByRole('link', { name: 'Zur Anmeldung' }).getAttribute('href')).toBe('/login');
    expect(calls.find((call) => call.path === '/api/auth/reset-password')?.body).toEqual({
      token: 't0k3n',
      password: 'NeuesPasswort1',
    });
  });

  it('shows the German detail of a used link and offers a new one', async () => {
    const detail = 'Dieser Link wurde bereits verwendet.';
    stubRouteTable({
      'POST /api/auth/reset-password': { status: 400, body: { detail, code: 'invalid_token' } },
    });
    renderWithSession(<ResetPasswordPage />, '/reset-password?token=alt');
    await submit('NeuesPasswort1', 'NeuesPasswort1');
    expect((await screen.findByRole('alert')).textContent).toContain(detail);
    expect(screen.getByRole('link', { name: 'Neuen Link anfordern' }).getAttribute('href')).toBe(
      '/password-reset',
    );
  });

  it('explains a link without token', async () => {
    stubRouteTable({});
    renderWithSession(<ResetPasswordPage />, '/reset-password');
    expect(
      await screen.findByText('Dieser Link ist unvollständig. Bitte fordere einen neuen Link an.'),
    ).toBeTruthy();
  });

  it('rates the new password while it is typed and shows a refusal at the field', async () => {
    const refusal =
      'Dieses Passwort ist leicht zu erraten. Nimm einen längeren Satz aus mehreren Wörtern oder füge seltene Wörter hinzu.';
    stubRouteTable({
      'POST /api/auth/password-strength': { body: { score: 2, accepted: false } },
      'POST /api/auth/reset-password': {
        status: 422,
        body: { detail: `Feld 'password': ${refusal}`, code: 'weak_password' },
      },
    });
    renderWithSession(<ResetPasswordPage />, '/reset-password?token=t0k3n');
    const user = userEvent.setup();
    const form = within(await screen.findByRole('form', { name: 'Neues Passwort festlegen' }));
    await user.type(form.getByLabelText('Neues Passwort'), 'Sommer2024');
    expect(await form.findByText(refusal)).toBeTruthy();
    await user.type(form.getByLabelText('Neues Passwort wiederholen'), 'Sommer2024');
    await user.click(form.getByRole('button', { name: 'Passwort speichern' }));
    await expect.poll(() => form.getByLabelText('Neues Passwort').getAttribute('aria-invalid')).toBe('true');
    // Once, at the field; no alert offering a new link for a password the link still takes.
    expect(form.getAllByText(refusal)).toHaveLength(1);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
