import type { AdminMemberDetail, AdminSanction } from '@marketplace/contract';
import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fieldError } from '../../test/fieldError.ts';
import { testUser } from '../../test/fixtures.ts';
import { logIn, memberAnswers, renderApp } from '../../test/renderApp.tsx';
import { calls, stubRoutes } from '../../test/stubRoutes.ts';
import { adminAreaTexts } from './texts.ts';

// The page loads lazily; on a busy machine the first chunk and each step take a while.
configure({ asyncUtilTimeout: 30_000 });
vi.setConfig({ testTimeout: 120_000 });

const t = adminAreaTexts;
const created = '2026-03-01T10:00:00.000Z';

function page(sanctions: AdminSanction[]): AdminMemberDetail {
  const active = sanctions.find((s) => s.active) ?? null;
  return {
    member: {
      id: 'u7',
      email: 'rita@example.org',
      display_name: 'Rita',
      role: 'SELLER',
      created_at: created,
      listings: 1,
      nickname: 'Rita',
      first_name: null,
      last_name: null,
      email_verified: true,
    },
    listings: [
      {
        id: 'l1',
        title: 'Rotes Fahrrad',
        status: 'active',
        price_cents: 12000,
        created_at: created,
        reports: 1,
      },
    ],
    reports: [
      {
        id: 'r1',
        listing_id: 'l1',
        listing_title: 'Rotes Fahrrad',
        reporter_id: 'u8',
        reporter_name: 'Max',
        reason: 'fraud',
        comment: 'Foto aus dem Netz',
        created_at: created,
      },
    ],
    sanctions,
    active_sanction: active,
    can: { sanction: true, lift: active !== null },
  };
}

function suspension(endsAt: string): AdminSanction {
  return {
    id: 's1',
    kind: 'suspension',
    ends_at: endsAt,
    reason: 'Beleidigende Nachrichten',
    admin_id: 'u1',
    admin_name: 'Adam',
    created_at: new Date().toISOString(),
    lifted_at: null,
    lifted_by: null,
    lifted_by_name: null,
    lift_reason: null,
    active: true,
  };
}

describe('/admin?member={id}', () => {
  it("shows the member's facts, ads, reports and suspends with a reason; the server's answer shows the sanction", async () => {
    const admin = testUser({ role: 'ADMIN' });
    const member = memberAnswers(admin);
    let current = page([]);
    const fetchMock = stubRoutes((method, url, body) => {
      if (member[url.pathname]) return member[url.pathname];
      if (url.pathname === '/api/admin/members/u7') return { body: current };
      if (url.pathname === '/api/admin/members/u7/sanctions' && method === 'POST') {
        const sent = body as { kind: string; ends_at: string | null; reason: string };
        if (sent.reason.trim().length < 3)
          return { status: 422, body: { detail: 'Bitte gib einen Grund an (mindestens 3 Zeichen).' } };
        current = page([{ ...suspension(sent.ends_at ?? ''), reason: sent.reason }]);
        return { status: 201, body: current };
      }
      return undefined;
    });
    logIn(admin);
    renderApp('/admin?member=u7');

    expect(await screen.findByRole('heading', { level: 1, name: 'Rita' })).toBeTruthy();
    expect(screen.getByText(t.memberStatusActive)).toBeTruthy();
    expect(screen.getByText('rita@example.org')).toBeTruthy();
    const ads = screen.getByRole('list', { name: t.memberListings });
    expect(within(ads).getByRole('link', { name: 'Rotes Fahrrad' }).getAttribute('href')).toBe('/listing/l1');
    expect(within(ads).getByText(/Aktiv · 120 € · .* · 1 Meldung/)).toBeTruthy();
    const reports = screen.getByRole('list', { name: t.memberReports });
    expect(within(reports).getByText('Betrug oder Fake · Rotes Fahrrad')).toBeTruthy();
    expect(within(reports).getByText(/gemeldet von Max · Foto aus dem Netz/)).toBeTruthy();
    expect(screen.getByText(t.noMemberSanctions)).toBeTruthy();
    expect(screen.queryByRole('button', { name: t.lift })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: t.suspend }));
    const dialog = await screen.findByRole('dialog', { name: 'Rita sperren' });
    const until = within(dialog).getByLabelText(new RegExp(t.sanctionUntil));
    await userEvent.clear(until);
    await userEvent.type(until, '2027-12-24');
    await userEvent.click(within(dialog).getByRole('button', { name: t.confirmSuspend }));
    expect(await within(dialog).findByText('Bitte gib einen Grund an (mindestens 3 Zeichen).')).toBeTruthy();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Grund/ }), 'Beleidigende Nachrichten');
    await userEvent.click(within(dialog).getByRole('button', { name: t.confirmSuspend }));
    await expect.poll(() => screen.queryByRole('dialog')).toBeNull();

    const posts = fetchMock.mock.calls.filter(
      ([input, init]) =>
        (init as RequestInit | undefined)?.method === 'POST' && String(input).includes('/api/admin/'),
    );
    const sent = JSON.parse(String((posts.at(-1)?.[1] as RequestInit | undefined)?.body));
    expect(sent).toEqual({
      kind: 'suspension',
      ends_at: new Date('2027-12-24T23:59:59.999').toISOString(),
      reason: 'Beleidigende Nachrichten',
    });
    expect((await screen.findAllByText('Gesperrt bis 24.12.2027')).length).toBeGreaterThan(0);
    expect(screen.getByText(/Gesperrt bis 24\.12\.2027 · Grund: Beleidigende Nachrichten/)).toBeTruthy();
    expect(screen.getByRole('button', { name: t.lift })).toBeTruthy();
    expect(calls(fetchMock)).toContain('POST /api/admin/members/u7/sanctions');
  });

  it("a suspension without its last day or a reason shows the contract's German errors under those fields and sends nothing", async () => {
    const admin = testUser({ role: 'ADMIN' });
    const member = memberAnswers(admin);
    const fetchMock = stubRoutes((_method, url) => {
      if (member[url.pathname]) return member[url.pathname];
      if (url.pathname === '/api/admin/members/u7') return { body: page([]) };
      return undefined;
    });
    logIn(admin);
    renderApp('/admin?member=u7');
    await userEvent.click(await screen.findByRole('button', { name: t.suspend }));
    const dialog = await screen.findByRole('dialog', { name: 'Rita sperren' });
    const until = within(dialog).getByLabelText(new RegExp(t.sanctionUntil));
    await userEvent.clear(until);
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Grund/ }), 'x');
    await userEvent.click(within(dialog).getByRole('button', { name: t.confirmSuspend }));
    await expect.poll(() => fieldError(until)).toBe('Bitte gib an, bis wann die Sperre gilt.');
    expect(fieldError(within(dialog).getByRole('textbox', { name: /Grund/ }))).toBe(
      'Bitte gib einen Grund an (mindestens 3 Zeichen).',
    );
    expect(calls(fetchMock)).not.toContain('POST /api/admin/members/u7/sanctions');
  });

  it('bans without an end date and lifts with a reason', async () => {
    const admin = testUser({ role: 'ADMIN' });
    const member = memberAnswers(admin);
    let current = page([]);
    const fetchMock = stubRoutes((method, url, body) => {
      if (member[url.pathname]) return member[url.pathname];
      if (url.pathname === '/api/admin/members/u7') return { body: current };
      if (url.pathname === '/api/admin/members/u7/sanctions' && method === 'POST') {
        const sent = body as { reason: string };
        current = page([{ ...suspension(''), kind: 'ban', ends_at: null, reason: sent.reason }]);
        return { status: 201, body: current };
      }
      if (url.pathname === '/api/admin/members/u7/sanctions/lift' && method === 'POST') {
        const [ban] = current.sanctions;
        current = page(
          ban
            ? [
                {
                  ...ban,
                  active: false,
                  lifted_at: new Date().toISOString(),
                  lifted_by: 'u1',
                  lifted_by_name: 'Adam',
                  lift_reason: (body as { reason: string }).reason,
                },
              ]
            : [],
        );
        return { body: current };
      }
      return undefined;
    });
    logIn(admin);
    renderApp('/admin?member=u7');
    await userEvent.click(await screen.findByRole('button', { name: t.suspend }));
    const dialog = await screen.findByRole('dialog', { name: 'Rita sperren' });
    await userEvent.click(within(dialog).getByRole('radio', { name: t.kindBan }));
    expect(within(dialog).queryByLabelText(new RegExp(t.sanctionUntil))).toBeNull();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Grund/ }), 'Wiederholter Betrug');
    await userEvent.click(within(dialog).getByRole('button', { name: t.confirmSuspend }));
    await expect.poll(() => screen.queryByRole('dialog')).toBeNull();
    expect((await screen.findAllByText(t.bannedForGood)).length).toBeGreaterThan(0);

    await userEvent.click(screen.getByRole('button', { name: t.lift }));
    const liftDialog = await screen.findByRole('dialog', { name: 'Sperre von Rita aufheben' });
    await userEvent.type(within(liftDialog).getByRole('textbox', { name: /Grund/ }), 'Konto geklärt');
    await userEvent.click(within(liftDialog).getByRole('button', { name: t.confirmLift }));
    await expect.poll(() => screen.queryByRole('dialog')).toBeNull();
    expect(await screen.findByText(t.memberStatusActive)).toBeTruthy();
    expect(screen.getByText(/aufgehoben am .* von Adam/)).toBeTruthy();
    const bodies = fetchMock.mock.calls
      .filter(
        ([input, init]) =>
          (init as RequestInit | undefined)?.method === 'POST' && String(input).includes('/api/admin/'),
      )
      .map(([input, init]) => [
        new URL(String(input), 'http://localhost').pathname,
        JSON.parse(String((init as RequestInit).body)),
      ]);
    expect(bodies).toEqual([
      ['/api/admin/members/u7/sanctions', { kind: 'ban', ends_at: null, reason: 'Wiederholter Betrug' }],
      ['/api/admin/members/u7/sanctions/lift', { reason: 'Konto geklärt' }],
    ]);
  });
});
