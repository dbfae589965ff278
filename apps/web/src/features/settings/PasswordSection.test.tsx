import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { testUser } from '../../test/fixtures.ts';
import { logIn, renderWithSession } from '../../test/renderApp.tsx';
import { stubRouteTable } from '../../test/stubRouteTable.ts';
import { PasswordSection } from './PasswordSection.tsx';
import { settingsTexts } from './texts.ts';

describe('password change in /settings', { timeout: 20_000 }, () => {
  it("shows the server's reason for an easily guessed new password at that field", async () => {
    const reason =
      'Dieses Passwort ist leicht zu erraten. Nimm einen längeren Satz aus mehreren Wörtern oder füge seltene Wörter hinzu.';
    stubRouteTable({
      '/api/me': { body: testUser() },
      'POST /api/me/password': {
        status: 422,
        body: { detail: `Feld 'new_password': ${reason}`, code: 'weak_password' },
      },
    });
    logIn(testUser());
    renderWithSession(<PasswordSection />, '/settings');
    const form = within(await screen.findByRole('form', { name: settingsTexts.passwordTitle }));
    await userEvent.type(form.getByLabelText(/^Aktuelles Passwort/), 'Sicher123');
    await userEvent.type(form.getByLabelText(/^Neues Passwort\W*$/), 'password123');
    await userEvent.type(form.getByLabelText(/^Neues Passwort wiederholen/), 'password123');
    await userEvent.click(form.getByRole('button', { name: settingsTexts.passwordSubmit }));
    expect(await screen.findByText(reason)).toBeTruthy();
    expect(form.getByLabelText(/^Neues Passwort\W*$/).getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByText(`Feld 'new_password': ${reason}`)).toBeNull();
  });

  it("rates the new password while it is typed, with the member's own words", async () => {
    const calls = stubRouteTable({
      '/api/me': { body: testUser() },
      'POST /api/auth/password-strength': { body: { score: 3, accepted: true } },
    });
    const member = testUser();
    logIn(member);
    renderWithSession(<PasswordSection />, '/settings');
    const form = within(await screen.findByRole('form', { name: settingsTexts.passwordTitle }));
    expect(
      form.getByText(
        '8 bis 128 Zeichen, nicht leicht zu erraten und nicht aus deiner E-Mail-Adresse oder deinem Namen gebildet. Am besten mehrere Wörter, die nicht zusammengehören; Ziffern oder Sonderzeichen braucht es nicht.',
      ),
    ).toBeTruthy();
    await userEvent.type(form.getByLabelText(/^Neues Passwort\W*$/), 'Teekanne7Nordlicht');
    expect(await form.findByText('Gut: Dieses Passwort wird angenommen.')).toBeTruthy();
    const rating = calls.find((call) => call.path === '/api/auth/password-strength');
    expect(rating?.body).toMatchObject({
      password: 'Teekanne7Nordlicht',
      user_inputs: expect.arrayContaining([member.email]),
    });
  });
});
