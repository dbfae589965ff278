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
    const reason = 'Dieses Passwort ist zu leicht zu erraten. Dies ist ein oft verwendetes Passwort.';
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
});
