import { publicProfileSchema } from '@marketplace/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { rowCount, selectRows } from '../src/db/client.ts';
import {
  canManageUser,
  displayName,
  ensureAdminAccount,
  isAdmin,
  isModerator,
  memberCode,
} from '../src/modules/users/index.ts';
import {
  bearer,
  linkToken,
  login,
  PASSWORD,
  registerMember,
  uniqueIp,
  waitForMail,
} from './helpers/accounts.ts';
import { createTestDatabase, type TestDatabase } from './helpers/app.ts';

// One app for this file, with two routes guarded the way later modules guard theirs.
let db: TestDatabase;
let app: FastifyInstance;
beforeAll(async () => {
  db = await createTestDatabase();
  const config = loadConfig({ DATA_DIR: db.dataDir, LOG_LEVEL: 'silent' });
  app = await buildApp(config, { database: db.handle, logger: false });
  app.get('/api/test/admin', { preHandler: [app.authenticate, app.requireAdmin] }, async () => ({
    ok: true,
  }));
  app.get('/api/test/verified', { preHandler: [app.authenticate, app.requireVerified] }, async () => ({
    ok: true,
  }));
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await db?.destroy().catch(() => {});
});

describe('Anzeigename für andere (SPEC.md §2, ohne E-Mail)', () => {
  const id = '0190f3a2-1111-7000-8000-000000000001';
  const code = memberCode(id);
  it.each([
    [{ id, nickname: 'Flohmarktfan', firstName: 'Anna' }, 'Flohmarktfan'],
    [{ id, nickname: '  ', firstName: 'Anna' }, 'Anna'],
    [{ id, nickname: null, firstName: null }, `Mitglied ${code}`],
    [{ id, nickname: null, firstName: '' }, `Mitglied ${code}`],
    [{ id }, `Mitglied ${code}`],
  ])('%j heißt %s', (user, expected) => {
    expect(displayName(user)).toBe(expected);
  });
  it('der Code ist kurz, stabil und je Mitglied verschieden', () => {
    expect(code).toMatch(/^[0-9A-F]{4}$/);
    expect(memberCode(id)).toBe(code);
    expect(memberCode('0190f3a2-1111-7000-8000-000000000002')).not.toBe(code);
  });
});

describe('Rollen-Regeln (SPEC.md §6)', () => {
  const admin = { id: 'a', role: 'ADMIN' as const };
  const seller = { id: 's', role: 'SELLER' as const };
  it('isAdmin nur für ADMIN, isModerator für SELLER und ADMIN', () => {
    expect([isAdmin(admin), isAdmin(seller), isAdmin(null)]).toEqual([true, false, false]);
    expect([isModerator(admin), isModerator(seller), isModerator(undefined)]).toEqual([true, true, false]);
  });
  it('ein Mitglied verwaltet nur sich selbst, ein Admin alle', () => {
    expect(canManageUser(seller, 's')).toBe(true);
    expect(canManageUser(seller, 'a')).toBe(false);
    expect(canManageUser(admin, 's')).toBe(true);
    expect(canManageUser(null, 's')).toBe(false);
  });
});

describe('Öffentliches Profil', () => {
  it('zeigt Name, Bild, Mitglied seit, Bewertung, Anzeigen und Follow-Zahlen, aber keine E-Mail', async () => {
    const member = await registerMember(app, { first_name: 'Greta', last_name: 'Geheim' });
    const fan = await registerMember(app);
    await app.inject({
      method: 'POST',
      url: `/api/follow/${member.user.id}`,
      headers: bearer(fan.access_token),
    });
    const res = await app.inject({ method: 'GET', url: `/api/users/${member.user.id}` });
    expect(res.statusCode).toBe(200);
    expect(publicProfileSchema.strict().parse(res.json())).toEqual({
      id: member.user.id,
      display_name: 'Greta',
      business_name: null,
      avatar: null,
      member_since: member.user.created_at,
      rating: null,
      review_count: 0,
      active_listings: 0,
      followers_count: 1,
      following_count: 0,
      is_following: null,
      reputation: {
        user_id: member.user.id,
        rating: null,
        review_count: 0,
        forum_likes: 0,
        forum_posts: 0,
        member_since: member.user.created_at,
        verified: false,
        badge: null,
        email_verified: false,
        answer_rate: null,
      },
      // A visitor without a token may do nothing there (docs/decisions/0006 point 5).
      can: { edit: false, follow: false, message: false, report: false },
    });
    expect(res.body).not.toContain(member.email);
    expect(res.body).not.toContain('Geheim');
  });

  it('is_following ist mit Token true oder false, mit ungültigem Token null', async () => {
    const member = await registerMember(app);
    const fan = await registerMember(app);
    const stranger = await registerMember(app);
    await app.inject({
      method: 'POST',
      url: `/api/follow/${member.user.id}`,
      headers: bearer(fan.access_token),
    });
    const view = (headers: Record<string, string> = {}) =>
      app.inject({ method: 'GET', url: `/api/users/${member.user.id}`, headers });
    expect((await view(bearer(fan.access_token))).json().is_following).toBe(true);
    expect((await view(bearer(stranger.access_token))).json().is_following).toBe(false);
    expect((await view(bearer(member.access_token))).json().is_following).toBe(false);
    expect((await view(bearer('abc.def.ghi'))).json().is_following).toBeNull();
  });

  it.each([
    ['unbekannte UUID', '00000000-0000-4000-8000-000000000000'],
    ['keine UUID', 'abc'],
    ['SQL-artig', "1' or '1'='1"],
    ['Zahl', '42'],
  ])('%s antwortet 404 mit deutschem detail', async (_label, id) => {
    const res = await app.inject({ method: 'GET', url: `/api/users/${encodeURIComponent(id)}` });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Dieses Mitglied gibt es nicht.', code: 'user_not_found' });
  });
});

describe('Administrator beim Start (ADMIN_EMAIL, ADMIN_PASSWORD)', () => {
  it('legt ein bestätigtes ADMIN-Konto an, genau einmal', async () => {
    const env = {
      DATA_DIR: db.dataDir,
      LOG_LEVEL: 'silent',
      ADMIN_EMAIL: 'Chefin@Beispiel.de',
      ADMIN_PASSWORD: 'adminPass1',
    };
    // A start with the variables set, then a restart.
    for (let start = 0; start < 2; start++) {
      await (await buildApp(loadConfig(env), { database: db.handle, logger: false })).ready();
    }
    const res = await login(app, 'chefin@beispiel.de', 'adminPass1', uniqueIp());
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({
      email: 'chefin@beispiel.de',
      role: 'ADMIN',
      email_verified: true,
    });
    const rows = await selectRows(
      app.database.db,
      z.object({ n: rowCount }),
      sql`select count(*)::int as n from users where email = 'chefin@beispiel.de'`,
    );
    expect(rows).toEqual([{ n: 1 }]);
  });

  it('befördert ein bestehendes Konto zum bestätigten ADMIN und lässt sein Passwort', async () => {
    const member = await registerMember(app);
    await ensureAdminAccount(
      app.database.db,
      { email: member.email.toUpperCase(), password: 'anderes99' },
      app.events,
    );
    const res = await login(app, member.email, PASSWORD, uniqueIp());
    expect(res.json().user).toMatchObject({ role: 'ADMIN', email_verified: true });
    const me = await app.inject({ method: 'GET', url: '/api/me', headers: bearer(member.access_token) });
    expect(me.json().role).toBe('ADMIN');
  });
});

describe('Zugriffsregeln für spätere Module', () => {
  it('requireAdmin: 401 ohne Token, 403 für SELLER, 200 für ADMIN', async () => {
    const member = await registerMember(app);
    expect((await app.inject({ method: 'GET', url: '/api/test/admin' })).statusCode).toBe(401);
    const seller = await app.inject({
      method: 'GET',
      url: '/api/test/admin',
      headers: bearer(member.access_token),
    });
    expect(seller.statusCode).toBe(403);
    expect(seller.json()).toEqual({
      detail: 'Zugriff verweigert: Nur Administratoren können diese Aktion ausführen.',
      code: 'admin_only',
    });
    // A forged role claim in a token signed with another key does not help.
    const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const [header, , signature] = member.access_token.split('.');
    const forged = `${header}.${encode({ sub: member.user.id, role: 'ADMIN', iat: Math.floor(Date.now() / 1000) })}.${signature}`;
    expect(
      (await app.inject({ method: 'GET', url: '/api/test/admin', headers: bearer(forged) })).statusCode,
    ).toBe(401);
    await ensureAdminAccount(app.database.db, { email: member.email, password: PASSWORD }, app.events);
    const admin = await app.inject({
      method: 'GET',
      url: '/api/test/admin',
      headers: bearer(member.access_token),
    });
    expect(admin.statusCode).toBe(200);
  });

  it('requireVerified: 403 mit email_not_verified, nach der Bestätigung 200', async () => {
    const member = await registerMember(app);
    const before = await app.inject({
      method: 'GET',
      url: '/api/test/verified',
      headers: bearer(member.access_token),
    });
    expect(before.statusCode).toBe(403);
    expect(before.json()).toEqual({
      detail: 'Bitte bestätige zuerst deine E-Mail-Adresse.',
      code: 'email_not_verified',
    });
    const token = linkToken(await waitForMail(db.dataDir, member.email), 'verify-email');
    await app.inject({
      method: 'POST',
      url: '/api/auth/verify-email',
      payload: { token },
      remoteAddress: uniqueIp(),
    });
    const after = await app.inject({
      method: 'GET',
      url: '/api/test/verified',
      headers: bearer(member.access_token),
    });
    expect(after.statusCode).toBe(200);
  });
});
