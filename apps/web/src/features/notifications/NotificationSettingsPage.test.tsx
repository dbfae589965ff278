import { DEFAULT_NOTIFICATION_PREFERENCES, type NotificationPreferences } from '@marketplace/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { testUser } from '../../test/fixtures.ts';
import { logIn, renderWithSession } from '../../test/renderApp.tsx';
import { stubRoutes } from '../../test/stubRoutes.ts';
import { NotificationSettingsPage } from './NotificationSettingsPage.tsx';

describe('/notifications/settings: daily digest', () => {
  const preferences: NotificationPreferences = {
    preferences: DEFAULT_NOTIFICATION_PREFERENCES,
    digest: true,
  };

  it('shows the digest switch with its explanation and switches it off with PUT', async () => {
    let sent: unknown = null;
    stubRoutes((method, url, body) => {
      if (url.pathname === '/api/me') return { body: testUser() };
      if (url.pathname !== '/api/notifications/preferences') return undefined;
      if (method === 'PUT') {
        sent = body;
        return { body: { ...preferences, digest: false } };
      }
      return { body: preferences };
    });
    logIn(testUser());
    renderWithSession(<NotificationSettingsPage />, '/notifications/settings');

    const digest = await screen.findByRole('switch', { name: 'Tägliche Zusammenfassung per E-Mail' });
    expect((digest as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText(/Warst du einen Tag lang nicht da/)).toBeTruthy();
    await userEvent.click(digest);
    await expect.poll(() => sent).toEqual({ preferences: {}, digest: false });
    await expect.poll(() => (digest as HTMLInputElement).checked).toBe(false);
    expect(await screen.findByText('Einstellungen gespeichert')).toBeTruthy();
    // The channels are untouched.
    const messageMail = screen.getByRole('switch', { name: 'Nachrichten: Per E-Mail' });
    expect((messageMail as HTMLInputElement).checked).toBe(true);
  });

  it('shows the digest on when the server does not name it', async () => {
    stubRoutes((_method, url) => {
      if (url.pathname === '/api/me') return { body: testUser() };
      if (url.pathname !== '/api/notifications/preferences') return undefined;
      return { body: { preferences: preferences.preferences } };
    });
    logIn(testUser());
    renderWithSession(<NotificationSettingsPage />, '/notifications/settings');
    const digest = await screen.findByRole('switch', { name: 'Tägliche Zusammenfassung per E-Mail' });
    expect((digest as HTMLInputElement).checked).toBe(true);
  });
});
