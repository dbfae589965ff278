import {
  type AdminAuditEntry,
  type AdminMemberDetail,
  SOCKET_CLOSE_POLICY,
  type SocketTicket,
} from '@marketplace/contract';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { selectRows } from '../src/db/client.ts';
import { suspendMember } from '../src/modules/admin/index.ts';
import { bearer, login, type RegisteredMember, uniqueIp } from './helpers/accounts.ts';
import { startTestApp } from './helpers/app.ts';
import { createAd, makeAdmin, verifiedMember } from './helpers/marketplace.ts';
import { listen, TestSocket } from './helpers/sockets.ts';

/**
 * Suspending and banning members (SPEC.md §6 "ADMIN"): an ADMIN suspends a member until a date
 * or bans them with a reason; the member's sessions and sockets end at once, logging in answers
 * 403 with a German detail naming the end and the reason; lifting or the end of the period lets
 * them in again; every action is in the audit log; the admin member page shows it all.
 */
const t = await startTestApp();
const base = await listen(t.app);
const open: TestSocket[] = [];
afterAll(async () => {
  for (const socket of open.splice(0)) socket.close();
  await t?.close();
});

const admin = await verifiedMember(t, { nickname: 'Sara Sperre' });
await makeAdmin(t, admin.user.id);
const member = await verifiedMember(t, { nickname: 'Bernd Beispiel' });

/** 24 December of next year, 23:59:59.999 German time (CET = UTC+1). */
const nextYear = new Date().getUTCFullYear() + 1;
const CHRISTMAS_EVE = `${nextYear}-12-24T22:59:59.999Z`;

function sanction(memberId: string, payload: unknown, token = admin.access_token) {
  return t.app.inject({
    method: 'POST',
    url: `/api/admin/members/${memberId}/sanctions`,
    headers: bearer(token),
    payload: payload as Record<string, unknown>,
  });
}

function lift(memberId: string, reason: string, token = admin.access_token) {
  return t.app.inject({
    method: 'POST',
    url: `/api/admin/members/${memberId}/sanctions/lift`,
    headers: bearer(token),
    payload: { reason },
  });
}

function detail(memberId: string, token = admin.access_token) {
  return t.app.inject({ method: 'GET', url: `/api/admin/members/${memberId}`, headers: bearer(token) });
}

function me(token: string) {
  return t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(token) });
}

function loginAs(who: RegisteredMember) {
  return login(t.app, who.email, who.password, uniqueIp());
}

async function auditOf(memberId: string): Promise<AdminAuditEntry[]> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/admin/audit-log?target_id=${memberId}`,
    headers: bearer(admin.access_token),
  });
  return res.json().entries as AdminAuditEntry[];
}

/** Whether the admin door's SQL condition counts the member as not locked out. */
async function unsanctioned(userId: string): Promise<boolean> {
  const [row] = await selectRows(
    t.app.database.db,
    z.object({ ok: z.boolean() }),
    sql`select not exists (select 1 from sanctioned_members where user_id = ${userId}::uuid) as ok`,
  );
  return row?.ok ?? false;
}

async function ticketFor(token: string): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/api/realtime/ticket', headers: bearer(token) });
  expect(res.statusCode).toBe(201);
  return (res.json() as SocketTicket).ticket;
}

describe('the sanction routes', () => {
  it('answer 401 without a token and 403 to a member; the member page 200 to an ADMIN', async () => {
    const routes = [
      { method: 'GET' as const, url: `/api/admin/members/${member.user.id}` },
      {
        method: 'POST' as const,
        url: `/api/admin/members/${member.user.id}/sanctions`,
        payload: { kind: 'ban', reason: 'Betrugsversuche' },
      },
      {
        method: 'POST' as const,
        url: `/api/admin/members/${member.user.id}/sanctions/lift`,
        payload: { reason: 'Irrtum' },
      },
    ];
    for (const route of routes) {
      const anonymous = await t.app.inject(route);
      const asMember = await t.app.inject({ ...route, headers: bearer(member.access_token) });
      expect([route.url, anonymous.statusCode, asMember.statusCode]).toEqual([route.url, 401, 403]);
    }
    expect((await detail(member.user.id)).statusCode).toBe(200);
    expect(await auditOf(member.user.id)).toEqual([]);
  });

  it('refuse bad input with 422 naming the problem, ADMINs with 403 and unknown members with 404', async () => {
    const target = await verifiedMember(t);
    const cases: [unknown, string][] = [
      [{ kind: 'suspension', reason: 'Spam' }, 'bis wann'],
      [{ kind: 'ban', ends_at: CHRISTMAS_EVE, reason: 'Spam' }, 'kein Enddatum'],
      [{ kind: 'suspension', ends_at: 'morgen', reason: 'Spam' }, 'Enddatum'],
      [{ kind: 'suspension', ends_at: '2020-01-01T00:00:00Z', reason: 'Spam' }, 'Zukunft'],
      [{ kind: 'suspension', ends_at: CHRISTMAS_EVE, reason: '  ' }, 'Grund'],
      [{ kind: 'pause', reason: 'Spam' }, 'Sperre'],
    ];
    for (const [payload, text] of cases) {
      const res = await sanction(target.user.id, payload);
      expect([payload, res.statusCode]).toEqual([payload, 422]);
      expect(res.json().detail).toContain(text);
    }
    const self = await sanction(admin.user.id, { kind: 'ban', reason: 'Selbstversuch' });
    expect(self.statusCode).toBe(422);
    expect(self.json().detail).toBe('Du kannst dich nicht selbst sperren.');

    const otherAdmin = await verifiedMember(t);
    await makeAdmin(t, otherAdmin.user.id);
    const adminTarget = await sanction(otherAdmin.user.id, { kind: 'ban', reason: 'Streit im Team' });
    expect(adminTarget.statusCode).toBe(403);
    expect(adminTarget.json().detail).toContain('Administratoren können nicht gesperrt werden');
    expect((await detail(otherAdmin.user.id)).json().can).toEqual({ sanction: false, lift: false });

    const unknown = await sanction('00000000-0000-4000-8000-000000000000', { kind: 'ban', reason: 'Spam' });
    expect(unknown.statusCode).toBe(404);
    expect((await lift(target.user.id, 'Nichts zu tun')).statusCode).toBe(409);
    expect(await auditOf(target.user.id)).toEqual([]);
    const stillIn = await loginAs(target);
    expect(stillIn.statusCode).toBe(200);
  });
});

describe('a suspension', () => {
  it('ends the sessions and sockets at once, refuses the login naming the date, and lifting lets the member in', async () => {
    const target = await verifiedMember(t, { nickname: 'Susi Sperrig' });
    const socket = await TestSocket.connect(base, await ticketFor(target.access_token));
    open.push(socket);
    expect((await me(target.access_token)).statusCode).toBe(200);

    const res = await sanction(target.user.id, {
      kind: 'suspension',
      ends_at: CHRISTMAS_EVE,
      reason: 'Beleidigende Nachrichten',
    });
    expect(res.statusCode).toBe(201);
    const page = res.json() as AdminMemberDetail;
    expect(page.active_sanction).toMatchObject({
      kind: 'suspension',
      ends_at: new Date(CHRISTMAS_EVE).toISOString(),
      reason: 'Beleidigende Nachrichten',
      admin_id: admin.user.id,
      admin_name: 'Sara Sperre',
      active: true,
    });
    expect(page.can).toEqual({ sanction: true, lift: true });

    expect((await me(target.access_token)).statusCode).toBe(401);
    expect((await socket.closing()).code).toBe(SOCKET_CLOSE_POLICY);
    const refused = await loginAs(target);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe(
      `Dein Konto ist bis 24.12.${nextYear} gesperrt. Grund: Beleidigende Nachrichten`,
    );
    // A wrong password still answers 401: the sanction is only told to the account's owner.
    const wrong = await login(t.app, target.email, 'Falsches-Passwort-99', uniqueIp());
    expect(wrong.statusCode).toBe(401);

    const lifted = await lift(target.user.id, 'Einspruch berechtigt');
    expect(lifted.statusCode).toBe(200);
    const after = lifted.json() as AdminMemberDetail;
    expect(after.active_sanction).toBeNull();
    expect(after.can.lift).toBe(false);
    expect(after.sanctions[0]).toMatchObject({
      active: false,
      lifted_by: admin.user.id,
      lifted_by_name: 'Sara Sperre',
      lift_reason: 'Einspruch berechtigt',
    });
    expect((await loginAs(target)).statusCode).toBe(200);

    const audit = await auditOf(target.user.id);
    expect(audit.map((e) => [e.action, e.admin_id, e.target_type, e.reason])).toEqual([
      ['sanction_lifted', admin.user.id, 'user', 'Einspruch berechtigt'],
      ['member_suspended', admin.user.id, 'user', 'Beleidigende Nachrichten'],
    ]);
    expect(audit[1]?.details).toBe(`bis ${new Date(CHRISTMAS_EVE).toISOString()}`);
  });

  it('that has run out lets the member in again without an admin', async () => {
    const target = await verifiedMember(t);
    const res = await sanction(target.user.id, {
      kind: 'suspension',
      ends_at: new Date(Date.now() + 3_600_000).toISOString(),
      reason: 'Spam in Anzeigen',
    });
    expect(res.statusCode).toBe(201);
    const refused = await loginAs(target);
    expect(refused.statusCode).toBe(403);
    // The detail names a time when the end is not the end of a day.
    expect(refused.json().detail).toMatch(
      /^Dein Konto ist bis \d\d\.\d\d\.\d{4}, \d\d:\d\d Uhr gesperrt\. Grund: Spam/,
    );

    // The hour has passed (moved back in the database, whose clock decides).
    await t.db.handle.db.execute(
      sql`update member_sanctions set ends_at = now() - interval '1 second' where user_id = ${target.user.id}::uuid`,
    );
    expect((await loginAs(target)).statusCode).toBe(200);
    const page = (await detail(target.user.id)).json() as AdminMemberDetail;
    expect(page.active_sanction).toBeNull();
    expect(page.sanctions.map((s) => s.active)).toEqual([false]);
  });
});

describe('a ban', () => {
  it('has no end: the login answers that the account is locked for good until it is lifted', async () => {
    const target = await verifiedMember(t);
    const res = await sanction(target.user.id, { kind: 'ban', reason: 'Wiederholter Betrug' });
    expect(res.statusCode).toBe(201);
    expect((res.json() as AdminMemberDetail).active_sanction).toMatchObject({ kind: 'ban', ends_at: null });
    expect((await me(target.access_token)).statusCode).toBe(401);
    const refused = await loginAs(target);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe('Dein Konto ist dauerhaft gesperrt. Grund: Wiederholter Betrug');

    expect(await unsanctioned(target.user.id)).toBe(false);
    expect(await unsanctioned(member.user.id)).toBe(true);

    // A shorter suspension on top does not shorten the ban.
    await sanction(target.user.id, { kind: 'suspension', ends_at: CHRISTMAS_EVE, reason: 'Zusätzlich' });
    expect((await loginAs(target)).json().detail).toContain('dauerhaft gesperrt');
    expect((await detail(target.user.id)).json().active_sanction.kind).toBe('ban');

    const lifted = await lift(target.user.id, 'Konto geklärt');
    expect(lifted.statusCode).toBe(200);
    expect((lifted.json() as AdminMemberDetail).sanctions.every((s) => !s.active)).toBe(true);
    expect((await loginAs(target)).statusCode).toBe(200);
    expect(await unsanctioned(target.user.id)).toBe(true);
    const audit = await auditOf(target.user.id);
    expect(audit.map((e) => e.action)).toEqual(['sanction_lifted', 'member_suspended', 'member_banned']);
    expect(audit[2]?.details).toBe('dauerhaft');
  });
});

describe('suspendMember from the admin door', () => {
  it('records a system decision (no admin) in the sanctions and the audit log and ends the sessions', async () => {
    const target = await verifiedMember(t);
    const until = new Date(Date.now() + 30 * 24 * 3_600_000);
    const result = await suspendMember(
      { db: t.app.database.db, events: t.app.events },
      { userId: target.user.id, adminId: null, until, reason: 'Drei bestätigte Entfernungen in 90 Tagen' },
    );
    expect(result).toMatchObject({ kind: 'suspension', admin_id: null, admin_name: null, active: true });
    expect(result.ends_at).toBe(until.toISOString());
    expect((await me(target.access_token)).statusCode).toBe(401);
    expect((await loginAs(target)).statusCode).toBe(403);
    const [entry] = await auditOf(target.user.id);
    expect(entry).toMatchObject({ action: 'member_suspended', admin_id: null, admin_name: null });
    expect(entry?.details).toBe(`bis ${until.toISOString()}, System`);

    await expect(
      suspendMember(
        { db: t.app.database.db, events: t.app.events },
        { userId: admin.user.id, adminId: null, until: null, reason: 'Drei Entfernungen' },
      ),
    ).rejects.toMatchObject({ status: 403 });
    await expect(
      suspendMember(
        { db: t.app.database.db, events: t.app.events },
        { userId: target.user.id, adminId: null, until: new Date(Date.now() - 1000), reason: 'Zu spät' },
      ),
    ).rejects.toMatchObject({ status: 422 });
  });
});

describe('the admin member page', () => {
  it("shows the profile facts, the member's ads, the reports against them and the sanctions", async () => {
    const seller = await verifiedMember(t, { nickname: 'Vera Verkauf', first_name: 'Vera' });
    const reporter = await verifiedMember(t, { nickname: 'Rolf Melder' });
    const ad = await createAd(t, seller.access_token, { title: 'Fast neues Sofa' });
    await createAd(t, seller.access_token, { title: 'Gartenstuhl' });
    const report = await t.app.inject({
      method: 'POST',
      url: `/api/listings/${ad.id}/report`,
      headers: bearer(reporter.access_token),
      payload: { reason: 'fraud', comment: 'Bild aus dem Netz' },
    });
    expect(report.statusCode).toBe(201);

    const res = await detail(seller.user.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('no-store');
    const page = res.json() as AdminMemberDetail;
    expect(page.member).toMatchObject({
      id: seller.user.id,
      email: seller.email,
      display_name: 'Vera Verkauf',
      nickname: 'Vera Verkauf',
      first_name: 'Vera',
      role: 'SELLER',
      email_verified: true,
      listings: 2,
    });
    expect(page.listings.map((l) => [l.title, l.status, l.reports])).toEqual([
      ['Gartenstuhl', 'active', 0],
      ['Fast neues Sofa', 'active', 1],
    ]);
    expect(page.reports).toEqual([
      expect.objectContaining({
        listing_id: ad.id,
        listing_title: 'Fast neues Sofa',
        reporter_id: reporter.user.id,
        reporter_name: 'Rolf Melder',
        reason: 'fraud',
        comment: 'Bild aus dem Netz',
      }),
    ]);
    expect(page.sanctions).toEqual([]);
    expect(page.active_sanction).toBeNull();
    expect(page.can).toEqual({ sanction: true, lift: false });
    expect((await detail(admin.user.id)).json().can).toEqual({ sanction: false, lift: false });
    expect((await detail('kein-mitglied')).statusCode).toBe(404);
  });
});
