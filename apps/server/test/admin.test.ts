import type { AdminAuditEntry, AdminMember, AdminStats } from '@marketplace/contract';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { selectRows } from '../src/db/client.ts';
import { bearer } from './helpers/accounts.ts';
import { startTestApp } from './helpers/app.ts';
import { createAd, makeAdmin, verifiedMember } from './helpers/marketplace.ts';

/**
 * The admin area's API (SPEC.md §6, §7): every `/api/admin/*` route answers a visitor 401, a
 * member 403 and an ADMIN 200; the stats follow new members, ads and reports; role changes are
 * written to the audit log, which the API offers no way to change.
 */
const t = await startTestApp();
afterAll(async () => {
  await t?.close();
});

const member = await verifiedMember(t, { nickname: 'Mia Mitglied' });
const admin = await verifiedMember(t, { nickname: 'Adam Admin' });
await makeAdmin(t, admin.user.id);

function stats(token?: string) {
  return t.app.inject({
    method: 'GET',
    url: '/api/admin/stats',
    headers: token ? bearer(token) : {},
  });
}

describe('GET /api/admin/stats', () => {
  it('answers 401 without a token and 403 with the German detail for members', async () => {
    expect((await stats()).statusCode).toBe(401);
    const denied = await stats(member.access_token);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().detail).toContain('Zugriff verweigert');
  });

  it('gives an ADMIN the figures, 30 days of the chart and counts that follow new data', async () => {
    const before = (await stats(admin.access_token)).json() as AdminStats;
    expect(before.daily).toHaveLength(30);
    const today = new Date().toISOString().slice(0, 10);
    expect(before.daily.at(-1)?.date).toBe(today);
    expect((before.daily[0]?.date ?? today) < today).toBe(true);

    const seller = await verifiedMember(t, { nickname: 'Sven Verkäufer' });
    const ad = await createAd(t, seller.access_token, { title: 'Alte Stehlampe' });
    const report = await t.app.inject({
      method: 'POST',
      url: `/api/listings/${ad.id}/report`,
      headers: bearer(member.access_token),
      payload: { reason: 'fraud', comment: 'Zweimal eingestellt' },
    });
    expect(report.statusCode).toBe(201);

    const res = await stats(admin.access_token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('no-store');
    const after = res.json() as AdminStats;
    expect(after.members.total).toBe(before.members.total + 1);
    expect(after.members.new_7d).toBe(before.members.new_7d + 1);
    expect(after.listings.active).toBe(before.listings.active + 1);
    expect(after.listings.new_7d).toBe(before.listings.new_7d + 1);
    expect(after.reports.listings).toBe(before.reports.listings + 1);
    expect(after.reports.open).toBe(before.reports.open + 1);
    expect(after.members.verified_sellers).toBe(before.members.verified_sellers);
    expect(after.verifications.pending).toBe(before.verifications.pending);
    expect(after.daily.at(-1)?.listings).toBe((before.daily.at(-1)?.listings ?? 0) + 1);
    expect(after.daily.at(-1)?.members).toBe((before.daily.at(-1)?.members ?? 0) + 1);
  });
});

describe('every /api/admin/* route', () => {
  const routes = [
    { method: 'GET' as const, url: '/api/admin/stats' },
    { method: 'GET' as const, url: '/api/admin/members?q=mia' },
    { method: 'GET' as const, url: '/api/admin/audit-log' },
    {
      method: 'PATCH' as const,
      url: `/api/admin/members/${member.user.id}/role`,
      payload: { role: 'SELLER', reason: 'Prüfung der Rechte' },
    },
  ];

  it('answers 401 anonymous, 403 to a member and 200 to an ADMIN', async () => {
    for (const route of routes) {
      const answers = [];
      for (const token of [undefined, member.access_token, admin.access_token]) {
        const res = await t.app.inject({ ...route, headers: token ? bearer(token) : {} });
        answers.push(res.statusCode);
      }
      expect([route.url, ...answers]).toEqual([route.url, 401, 403, 200]);
    }
  });
});

describe('members and the audit log', () => {
  it('finds members by e-mail or name', async () => {
    const byName = await t.app.inject({
      method: 'GET',
      url: '/api/admin/members?q=Mia%20Mit',
      headers: bearer(admin.access_token),
    });
    expect((byName.json().members as AdminMember[]).map((m) => m.id)).toEqual([member.user.id]);
    const byEmail = await t.app.inject({
      method: 'GET',
      url: `/api/admin/members?q=${encodeURIComponent(member.user.email.toUpperCase())}`,
      headers: bearer(admin.access_token),
    });
    expect((byEmail.json().members as AdminMember[])[0]?.email).toBe(member.user.email);
    const wildcard = await t.app.inject({
      method: 'GET',
      url: '/api/admin/members?q=%25',
      headers: bearer(admin.access_token),
    });
    expect(wildcard.json().members).toEqual([]);
  });

  it('changes a role with a reason, logs who, what, target, reason and time, and the new admin is let in', async () => {
    const target = await verifiedMember(t, { nickname: 'Rita Rolle' });
    const missingReason = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/members/${target.user.id}/role`,
      headers: bearer(admin.access_token),
      payload: { role: 'ADMIN', reason: ' ' },
    });
    expect(missingReason.statusCode).toBe(422);
    expect(missingReason.json().detail).toContain('Grund');

    const own = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/members/${admin.user.id}/role`,
      headers: bearer(admin.access_token),
      payload: { role: 'SELLER', reason: 'Selbst herabstufen' },
    });
    expect(own.statusCode).toBe(422);
    expect(own.json().detail).toBe('Du kannst deine eigene Rolle nicht ändern.');

    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/members/${target.user.id}/role`,
      headers: bearer(admin.access_token),
      payload: { role: 'ADMIN', reason: 'Verstärkt das Moderationsteam' },
    });
    expect(res.statusCode).toBe(200);
    expect((res.json() as AdminMember).role).toBe('ADMIN');
    expect((await stats(target.access_token)).statusCode).toBe(200);

    const log = await t.app.inject({
      method: 'GET',
      url: `/api/admin/audit-log?target_id=${target.user.id}`,
      headers: bearer(admin.access_token),
    });
    const entries = log.json().entries as AdminAuditEntry[];
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      admin_id: admin.user.id,
      admin_name: 'Adam Admin',
      action: 'role_changed',
      target_type: 'user',
      target_id: target.user.id,
      reason: 'Verstärkt das Moderationsteam',
      details: 'SELLER → ADMIN',
    });
    expect(Date.now() - Date.parse(entries[0]?.created_at ?? '')).toBeLessThan(60_000);
    const otherAction = await t.app.inject({
      method: 'GET',
      url: `/api/admin/audit-log?target_id=${target.user.id}&action=member_suspended`,
      headers: bearer(admin.access_token),
    });
    expect(otherAction.json().entries).toEqual([]);
  });

  it('offers no way to change or delete audit log entries', async () => {
    const [row] = await selectRows(
      t.db.handle.db,
      z.object({ id: z.string() }),
      sql`select id from admin_audit_log limit 1`,
    );
    expect(row?.id).toBeTruthy();
    for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
      for (const url of ['/api/admin/audit-log', `/api/admin/audit-log/${row?.id}`]) {
        const res = await t.app.inject({ method, url, headers: bearer(admin.access_token), payload: {} });
        expect([url, res.statusCode]).toEqual([url, 404]);
      }
    }
    const routes = t.app.routeCatalogue.filter((r) => r.url.startsWith('/api/admin/audit-log'));
    expect(routes.map((r) => r.method)).toEqual(['GET']);
  });
});
