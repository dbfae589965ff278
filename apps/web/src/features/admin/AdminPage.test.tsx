import type { AdminStats } from '@marketplace/contract';
import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fieldError } from '../../test/fieldError.ts';
import { testUser } from '../../test/fixtures.ts';
import { logIn, memberAnswers, renderApp } from '../../test/renderApp.tsx';
import { calls, stubRoutes } from '../../test/stubRoutes.ts';
import { adminAreaTexts } from './texts.ts';

// The page and its chart load lazily; on a busy machine the first chunk and each step take a while.
configure({ asyncUtilTimeout: 30_000 });
vi.setConfig({ testTimeout: 120_000 });

const stats: AdminStats = {
  members: { total: 1234, new_7d: 17, verified_sellers: 8 },
  listings: { active: 812, reserved: 9, sold: 41, new_7d: 63 },
  reports: { open: 5, listings: 3, forum_posts: 2 },
  verifications: { pending: 4 },
  activity: { messages_24h: 77, stories_24h: 12 },
  forum: { posts: 456 },
  daily: Array.from({ length: 30 }, (_, i) => ({
    date: `2026-11-${String(i + 1).padStart(2, '0')}`,
    listings: i,
    members: 1,
  })),
  generated_at: new Date().toISOString(),
};

function server(user: ReturnType<typeof testUser>) {
  const member = memberAnswers(user);
  return stubRoutes((method, url, body) => {
    if (member[url.pathname]) return member[url.pathname];
    if (url.pathname === '/api/admin/members')
      return {
        body: {
          members: [
            {
              id: 'u7',
              email: 'rita@example.org',
              display_name: 'Rita',
              role: 'SELLER',
              created_at: stats.generated_at,
              listings: 2,
            },
          ],
        },
      };
    if (url.pathname === '/api/admin/members/u7/role' && method === 'PATCH') {
      const { reason } = body as { reason: string };
      if (reason.trim().length < 3)
        return { status: 422, body: { detail: 'Bitte gib einen Grund an (mindestens 3 Zeichen).' } };
      return {
        body: {
          id: 'u7',
          email: 'rita@example.org',
          display_name: 'Rita',
          role: 'ADMIN',
          created_at: stats.generated_at,
          listings: 2,
        },
      };
    }
    if (url.pathname === '/api/admin/audit-log')
      return {
        body: {
          entries: [
            {
              id: 'a1',
              admin_id: 'u1',
              admin_name: 'Adam',
              action: 'role_changed',
              target_type: 'user',
              target_id: 'u9',
              target_name: 'Rita',
              target_deleted: false,
              target_link: '/admin?member=u9',
              reason: 'Moderationsteam',
              details: 'SELLER → ADMIN',
              created_at: stats.generated_at,
            },
            {
              id: 'a2',
              admin_id: 'u1',
              admin_name: 'Adam',
              action: 'listing_removed',
              target_type: 'listing',
              target_id: 'l5',
              target_name: 'Rennrad Carbon',
              target_deleted: false,
              target_link: '/listing/l5',
              reason: 'Vorkasse per Link',
              details: 'agb_fraud',
              created_at: stats.generated_at,
            },
            {
              id: 'a3',
              admin_id: null,
              admin_name: null,
              action: 'story_removed',
              target_type: 'story',
              target_id: 's7',
              target_name: 'Gelöschte Story',
              target_deleted: true,
              target_link: null,
              reason: 'Gewaltdarstellung',
              details: 'law_violence',
              created_at: stats.generated_at,
            },
          ],
        },
      };
    if (url.pathname === '/api/admin/stats')
      return user.role === 'ADMIN' ? { body: stats } : { status: 403, body: { detail: 'verboten' } };
    return undefined;
  });
}

describe('/admin', () => {
  it('shows an ADMIN the figures and the 30-day chart', async () => {
    const admin = testUser({ role: 'ADMIN' });
    const fetchMock = server(admin);
    logIn(admin);
    renderApp('/admin');
    expect(await screen.findByRole('heading', { level: 1, name: adminAreaTexts.title })).toBeTruthy();
    expect(await screen.findByText('1.234')).toBeTruthy();
    expect(screen.getByText('812')).toBeTruthy();
    expect(screen.getByText(adminAreaTexts.messages24h)).toBeTruthy();
    expect(screen.getByText(adminAreaTexts.verifiedSellers)).toBeTruthy();
    expect(screen.getByText(adminAreaTexts.verificationsPending)).toBeTruthy();
    expect(screen.getByRole('heading', { name: adminAreaTexts.chartTitle })).toBeTruthy();
    expect(screen.getByRole('link', { name: adminAreaTexts.verificationsLink }).getAttribute('href')).toBe(
      '/admin/verifications',
    );
    expect(calls(fetchMock)).toContain('GET /api/admin/stats');
  });

  it('lets an ADMIN change a role only with a reason and shows the audit log', async () => {
    const admin = testUser({ role: 'ADMIN' });
    const fetchMock = server(admin);
    logIn(admin);
    renderApp('/admin');
    const log = await screen.findByRole('table', { name: adminAreaTexts.auditTitle });
    expect(within(log).getByText('Moderationsteam')).toBeTruthy();
    expect(within(log).getByText('Rolle geändert (SELLER → ADMIN)')).toBeTruthy();

    await userEvent.click(await screen.findByRole('button', { name: 'Rolle von Rita ändern' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rolle von Rita ändern' });
    await userEvent.click(within(dialog).getByRole('button', { name: adminAreaTexts.save }));
    expect(await within(dialog).findByText('Bitte gib einen Grund an (mindestens 3 Zeichen).')).toBeTruthy();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Grund/ }), 'Verstärkt das Team');
    await userEvent.click(within(dialog).getByRole('button', { name: adminAreaTexts.save }));
    await screen.findByRole('heading', { level: 1, name: adminAreaTexts.title });
    await expect.poll(() => screen.queryByRole('dialog')).toBeNull();
    const patches = fetchMock.mock.calls.filter(
      ([, init]) => (init as RequestInit | undefined)?.method === 'PATCH',
    );
    const sent = patches.at(-1)?.[1] as RequestInit | undefined;
    expect(JSON.parse(String(sent?.body))).toEqual({
      role: 'ADMIN',
      reason: 'Verstärkt das Team',
    });
  });

  it('names who acted and on what in the audit log, linked, with the ids beneath', async () => {
    const admin = testUser({ role: 'ADMIN' });
    server(admin);
    logIn(admin);
    renderApp('/admin');
    const log = await screen.findByRole('table', { name: adminAreaTexts.auditTitle });
    const [roleRow, adRow, storyRow] = within(log).getAllByRole('row').slice(1) as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];
    const linkOf = (row: HTMLElement, name: string) =>
      within(row).getByRole('link', { name }).getAttribute('href');
    expect(linkOf(roleRow, 'Adam')).toBe('/admin?member=u1');
    expect(linkOf(roleRow, 'Rita')).toBe('/admin?member=u9');
    expect(within(roleRow).getByText('Mitglied · ID: u9')).toBeTruthy();
    expect(linkOf(adRow, 'Rennrad Carbon')).toBe('/listing/l5');
    expect(within(adRow).getByText('Anzeige · ID: l5')).toBeTruthy();
    expect(within(adRow).getByText('Anzeige entfernt (agb_fraud)')).toBeTruthy();
    expect(within(storyRow).getByText('Gelöschte Story')).toBeTruthy();
    expect(within(storyRow).getByText('Story · ID: s7')).toBeTruthy();
    expect(within(storyRow).getByText(adminAreaTexts.auditDeletedAdmin)).toBeTruthy();
    expect(within(storyRow).queryByRole('link')).toBeNull();
    expect(within(log).queryByText('u9')).toBeNull();
  });

  it("a role change without a reason shows the contract's German error under the reason and sends nothing", async () => {
    const admin = testUser({ role: 'ADMIN' });
    const fetchMock = server(admin);
    logIn(admin);
    renderApp('/admin');
    await userEvent.click(await screen.findByRole('button', { name: 'Rolle von Rita ändern' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rolle von Rita ändern' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Grund/ }), '  a ');
    await userEvent.click(within(dialog).getByRole('button', { name: adminAreaTexts.save }));
    await expect
      .poll(() => fieldError(within(dialog).getByRole('textbox', { name: /Grund/ })))
      .toBe('Bitte gib einen Grund an (mindestens 3 Zeichen).');
    expect(calls(fetchMock)).not.toContain('PATCH /api/admin/members/u7/role');
  });

  it('shows a member exactly the denial text and asks the server for nothing of the admin area', async () => {
    const member = testUser({ role: 'SELLER' });
    const fetchMock = server(member);
    logIn(member);
    renderApp('/admin');
    expect(
      await screen.findByText(
        'Zugriff verweigert: Sie haben keine Berechtigung, auf das Admin-Dashboard zuzugreifen. Nur Administratoren können diese Seite aufrufen.',
      ),
    ).toBeTruthy();
    expect(calls(fetchMock).filter((call) => call.includes('/api/admin/'))).toEqual([]);
  });
});
