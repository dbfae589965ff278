import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { USER_STORAGE_KEY } from '../../lib/session.ts';
import { testUser } from '../../test/fixtures.ts';
import { logIn, renderWithSession } from '../../test/renderApp.tsx';
import { stubRouteTable } from '../../test/stubRouteTable.ts';
import { VerifyEmailNotice } from './VerifyEmailNotice.tsx';
import { VerifyEmailPage } from './VerifyEmailPage.tsx';

const unverified = testUser({ email_verified: false });
const USED = 'Dieser Link wurde bereits verwendet.';

function storedUser() {
  return JSON.parse(window.localStorage.getItem(USER_STORAGE_KEY) ?? 'null');
}

describe('e-mail confirmation /verify-email', { timeout: 20_000 }, () => {
  it('confirms once and refreshes the stored user', async () => {
    const calls = stubRouteTable({
      '/api/me': { body: unverified },
      'POST /api/auth/verify-email': {
        body: {
          detail: 'Deine E-Mail-Adresse ist bestätigt.',
          user: { ...unverified, email_verified: true },
        },
      },
    });
    logIn(unverified);
    renderWithSession(<VerifyEmailPage />, '/verify-email?token=abc');
    expect((await screen.findByText('Deine E-Mail-Adresse ist bestätigt.')).textContent).toBeTruthy();
    await expect.poll(() => storedUser()?.email_verified).toBe(true);
    const verifyCalls = calls.filter((call) => call.path === '/api/auth/verify-email');
    expect(verifyCalls).toEqual([expect.objectContaining({ method: 'POST', body: { token: 'abc' } })]);
  });

  it('shows the German error and resends the mail for a logged-in member', async () => {
    const calls = stubRouteTable({
      '/api/me': { body: unverified },
      'POST /api/auth/verify-email': { status: 400, body: { detail: USED, code: 'invalid_token' } },
      'POST /api/auth/resend-verification': {
        status: 202,
        body: { detail: 'Wir haben dir eine neue Bestätigungsmail geschickt.' },
      },
    });
    logIn(unverified);
    renderWithSession(<VerifyEmailPage />, '/verify-email?token=alt');
    expect((await screen.findByRole('alert')).textContent).toBe(USED);
    await userEvent.click(screen.getByRole('button', { name: 'Bestätigungs-E-Mail erneut senden' }));
    expect(await screen.findByText('Wir haben dir eine neue Bestätigungsmail geschickt.')).toBeTruthy();
    expect(calls.some((call) => call.path === '/api/auth/resend-verification')).toBe(true);
  });

  it('asks a visitor to log in for a new mail', async () => {
    stubRouteTable({ 'POST /api/auth/verify-email': { status: 400, body: { detail: USED } } });
    renderWithSession(<VerifyEmailPage />, '/verify-email?token=alt');
    expect(
      await screen.findByText('Melde dich an, um eine neue Bestätigungs-E-Mail anzufordern.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Zur Anmeldung' }).getAttribute('href')).toBe(
      '/login?next=%2Fsettings',
    );
  });
});

describe('notice for an unverified e-mail', { timeout: 20_000 }, () => {
  it('tells an unverified member that posting needs a verified e-mail', async () => {
    stubRouteTable({ '/api/me': { body: unverified } });
    logIn(unverified);
    renderWithSession(<VerifyEmailNotice />);
    expect(await screen.findByText('Bitte bestätige deine E-Mail-Adresse')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Bestätigungs-E-Mail erneut senden' })).toBeTruthy();
  });

  it('shows nothing to verified members and visitors', () => {
    stubRouteTable({ '/api/me': { body: testUser() } });
    logIn(testUser());
    const { container, unmount } = renderWithSession(<VerifyEmailNotice />);
    expect(container.textContent).toBe('');
    unmount();
    window.localStorage.clear();
    const visitor = renderWithSession(<VerifyEmailNotice />);
    expect(visitor.container.textContent).toBe('');
  });
});
