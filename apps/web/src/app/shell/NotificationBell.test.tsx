import type { Notification, NotificationList } from '@marketplace/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { getSession } from '../../lib/session.ts';
import { testUser } from '../../test/fixtures.ts';
import { logIn, renderWithSession } from '../../test/renderApp.tsx';
import { calls, stubRoutes } from '../../test/stubRoutes.ts';
import { NotificationBell } from './NotificationBell.tsx';

function notification(id: string, overrides: Partial<Notification> = {}): Notification {
  return {
    id,
    type: 'follow',
    title: `Titel ${id}`,
    message: `Nachricht ${id}`,
    is_read: false,
    created_at: new Date().toISOString(),
    related_user_id: 'u2',
    related_listing_id: null,
    link: '/user/u2',
    ...overrides,
  };
}

/** Shows the bell and, below it, the current address. */
function BellAndAddress() {
  const location = useLocation();
  return (
    <>
      <NotificationBell />
      <Routes>
        <Route path="*" element={<output>{`${location.pathname}${location.search}`}</output>} />
      </Routes>
    </>
  );
}

/** A server with `list` as the member's notifications; 'read-all' changes it. */
function serverWith(list: NotificationList) {
  return stubRoutes((method, url) => {
    if (url.pathname === '/api/me') return { body: testUser() };
    if (url.pathname === '/api/realtime/ticket') return { status: 401, body: { detail: 'Nicht angemeldet' } };
    if (method === 'GET' && url.pathname === '/api/notifications') return { body: list };
    if (method === 'POST' && url.pathname.endsWith('/read')) return { status: 204 };
    if (method === 'POST' && url.pathname === '/api/notifications/read-all') {
      const updated = list.unread;
      list.notifications = list.notifications.map((item) => ({ ...item, is_read: true }));
      list.unread = 0;
      return { body: { updated, unread: 0 } };
    }
    return undefined;
  });
}

describe('notification bell and panel (SPEC.md §2, §4 "Notification", §8, §9)', () => {
  it("caps the badge at '99+' and lists the newest 10 in a 420 px panel", async () => {
    const items = Array.from({ length: 10 }, (_, index) => notification(`n${index}`));
    serverWith({ notifications: items, total: 150, unread: 150 });
    logIn(testUser());
    renderWithSession(<BellAndAddress />);

    const bell = screen.getByRole('button', { name: /Benachrichtigungen/ });
    await expect.poll(() => bell.textContent).toContain('99+');
    // The name holds the count it shows (WCAG 2.5.3 "Label in Name").
    expect(bell.getAttribute('aria-label')).toBe('Benachrichtigungen: 99+ ungelesen');
    await userEvent.click(bell);
    const panel = await screen.findByRole('dialog', { name: 'Benachrichtigungen' });
    expect(within(panel).getByText('150 ungelesen')).toBeTruthy();
    expect(within(panel).getAllByRole('button', { name: /^Titel n\d/ })).toHaveLength(10);
    expect(getComputedStyle(panel).width).toBe('420px');
    // 60vh, which jsdom resolves against its window's height.
    expect(getComputedStyle(panel).maxHeight).toBe(`${(window.innerHeight * 60) / 100}px`);
  });

  it("on a phone names the bell with its count and shows 'Benachrichtigungen' as its tooltip", async () => {
    serverWith({ notifications: [notification('n1'), notification('n2')], total: 2, unread: 2 });
    logIn(testUser());
    renderWithSession(<NotificationBell compact />);

    const bell = await screen.findByRole('button', { name: 'Benachrichtigungen: 2 ungelesen' });
    expect(bell.textContent).toContain('2');
    await userEvent.hover(bell);
    expect((await screen.findByRole('tooltip')).textContent).toBe('Benachrichtigungen');
  });

  it('marks a clicked notification read and opens its target', async () => {
    const fetchMock = serverWith({
      notifications: [notification('n1', { title: 'Max folgt dir', link: '/user/u2' })],
      total: 1,
      unread: 1,
    });
    logIn(testUser());
    renderWithSession(<BellAndAddress />);

    await userEvent.click(screen.getByRole('button', { name: /Benachrichtigungen/ }));
    await userEvent.click(await screen.findByRole('button', { name: /Max folgt dir/ }));
    await expect.poll(() => screen.getByRole('status').textContent).toBe('/user/u2');
    await expect.poll(() => calls(fetchMock)).toContain('POST /api/notifications/n1/read');
  });

  it("'Alle als gelesen markieren' marks all read", async () => {
    const fetchMock = serverWith({
      notifications: [notification('n1'), notification('n2')],
      total: 2,
      unread: 2,
    });
    logIn(testUser());
    renderWithSession(<BellAndAddress />);

    await userEvent.click(screen.getByRole('button', { name: /Benachrichtigungen/ }));
    await userEvent.click(await screen.findByRole('button', { name: 'Alle als gelesen markieren' }));
    await expect.poll(() => calls(fetchMock)).toContain('POST /api/notifications/read-all');
    await expect.poll(() => screen.queryByText('2 ungelesen')).toBeNull();
  });

  it('a 401 clears the session and shows no notifications', async () => {
    stubRoutes((_method, url) => {
      if (url.pathname === '/api/me') return { body: testUser() };
      if (url.pathname === '/api/notifications') return { status: 401, body: { detail: 'Nicht angemeldet' } };
      return undefined;
    });
    logIn(testUser());
    renderWithSession(<BellAndAddress />);

    await expect.poll(() => getSession()).toBeNull();
    // Logged out, the bell leads to the login page and shows no count.
    const bell = await screen.findByRole('link', { name: /Benachrichtigungen/ });
    expect(bell.getAttribute('href')).toBe('/login');
    expect(bell.querySelector('.MuiBadge-invisible')).not.toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
