import type { Notification, NotificationPreferences } from '@marketplace/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { testUser } from '../../test/fixtures.ts';
import { logIn, renderWithSession } from '../../test/renderApp.tsx';
import { calls, stubRoutes } from '../../test/stubRoutes.ts';
import { NotificationSettingsPage } from './NotificationSettingsPage.tsx';
import { NotificationsPage } from './NotificationsPage.tsx';

function notification(index: number): Notification {
  return {
    id: `n${index}`,
    type: index % 2 === 0 ? 'follow' : 'listing_favorite',
    title: `Titel ${index}`,
    message: `Nachricht ${index}`,
    is_read: index > 2,
    created_at: new Date().toISOString(),
    related_user_id: null,
    related_listing_id: null,
    link: '/',
  };
}

/** 45 notifications, answered in pages as the server does, filtered by `type`. */
function notificationServer() {
  let all = Array.from({ length: 45 }, (_, index) => notification(index + 1));
  return stubRoutes((method, url) => {
    if (url.pathname === '/api/me') return { body: testUser() };
    if (url.pathname === '/api/notifications/stats') {
      return {
        body: {
          total_notifications: all.length,
          unread_notifications: 2,
          read_notifications: all.length - 2,
          notifications_by_type: {
            follow: all.filter((item) => item.type === 'follow').length,
            new_listing: 0,
            listing_view: 0,
            listing_favorite: all.filter((item) => item.type === 'listing_favorite').length,
            message: 0,
            forum_reply: 0,
            forum_mention: 0,
            forum_like: 0,
            story_reaction: 0,
            verification: 0,
            moderation: 0,
          },
        },
      };
    }
    if (url.pathname === '/api/notifications' && method === 'GET') {
      const type = url.searchParams.get('type');
      const matching = all.filter((item) => !type || item.type === type);
      const offset = Number(url.searchParams.get('offset') ?? 0);
      const limit = Number(url.searchParams.get('limit') ?? 20);
      return {
        body: {
          notifications: matching.slice(offset, offset + limit),
          total: matching.length,
          unread: all.filter((item) => !item.is_read).length,
        },
      };
    }
    const deleted = url.pathname.match(/^\/api\/notifications\/(n\d+)$/);
    if (deleted && method === 'DELETE') {
      all = all.filter((item) => item.id !== deleted[1]);
      return { status: 204 };
    }
    return undefined;
  });
}

// Pages of 20 MUI list items render slowly in jsdom on a busy machine.
describe('/notifications (SPEC.md §2, §4 "Notification")', { timeout: 20_000 }, () => {
  it('pages through 20 at a time and filters by type', async () => {
    const fetchMock = notificationServer();
    logIn(testUser());
    renderWithSession(<NotificationsPage />, '/notifications');

    expect(await screen.findByText('1–20 von 45')).toBeTruthy();
    expect(screen.getByText('Titel 1')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Weiter' }));
    expect(await screen.findByText('21–40 von 45')).toBeTruthy();
    expect(screen.getByText('Titel 21')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Gemerkte Anzeigen (23)' }));
    expect(await screen.findByText('1–20 von 23')).toBeTruthy();
    expect(calls(fetchMock)).toContain('GET /api/notifications?limit=20&offset=0&type=listing_favorite');
    expect(screen.queryByText('Titel 2')).toBeNull();
  });

  it('deletes a notification', async () => {
    const fetchMock = notificationServer();
    logIn(testUser());
    renderWithSession(<NotificationsPage />, '/notifications');

    await userEvent.click(await screen.findByRole('button', { name: 'Benachrichtigung „Titel 1“ löschen' }));
    await expect.poll(() => screen.queryByText('Titel 1')).toBeNull();
    expect(calls(fetchMock)).toContain('DELETE /api/notifications/n1');
    expect(await screen.findByText('1–20 von 44')).toBeTruthy();
  });
});

describe('/notifications/settings', () => {
  const preferences: NotificationPreferences = {
    preferences: {
      follow: { in_app: true, email: false },
      new_listing: { in_app: true, email: false },
      listing_view: { in_app: true, email: false },
      listing_favorite: { in_app: true, email: false },
      message: { in_app: true, email: true },
      forum_reply: { in_app: true, email: false },
      forum_mention: { in_app: true, email: false },
      forum_like: { in_app: true, email: false },
      story_reaction: { in_app: true, email: false },
      verification: { in_app: true, email: true },
      moderation: { in_app: true, email: true },
      saved_search: { in_app: true, email: true },
      event: { in_app: true, email: true },
      appointment: { in_app: true, email: true },
      payment: { in_app: true, email: true },
    },
  };

  it('shows both channels per type and saves a change with PUT', async () => {
    let sent: unknown = null;
    stubRoutes((method, url, body) => {
      if (url.pathname === '/api/me') return { body: testUser() };
      if (url.pathname !== '/api/notifications/preferences') return undefined;
      if (method === 'PUT') {
        sent = body;
        return {
          body: { preferences: { ...preferences.preferences, follow: { in_app: true, email: true } } },
        };
      }
      return { body: preferences };
    });
    logIn(testUser());
    renderWithSession(<NotificationSettingsPage />, '/notifications/settings');

    const messageMail = await screen.findByRole('switch', { name: 'Nachrichten: Per E-Mail' });
    expect((messageMail as HTMLInputElement).checked).toBe(true);
    const followMail = screen.getByRole('switch', { name: 'Neue Follower: Per E-Mail' });
    expect((followMail as HTMLInputElement).checked).toBe(false);
    await userEvent.click(followMail);
    await expect.poll(() => sent).toEqual({ preferences: { follow: { email: true } } });
    await expect.poll(() => (followMail as HTMLInputElement).checked).toBe(true);
    expect(await screen.findByText('Einstellungen gespeichert')).toBeTruthy();
  });

  it('asks a visitor to log in', async () => {
    const fetchMock = stubRoutes(() => undefined);
    renderWithSession(<NotificationSettingsPage />, '/notifications/settings');

    const hint = await screen.findByRole('alert');
    expect(hint.textContent).toContain('Melde dich an, um deine Benachrichtigungen einzustellen.');
    expect(within(hint).getByRole('link', { name: 'Anmelden' }).getAttribute('href')).toBe(
      '/login?next=%2Fnotifications%2Fsettings',
    );
    expect(calls(fetchMock)).not.toContain('GET /api/notifications/preferences');
  });
});
