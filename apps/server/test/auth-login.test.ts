import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { rowCount, selectRows } from '../src/db/client.ts';
import {
  bearer,
  login,
  PASSWORD,
  registerMember,
  uniqueEmail,
  uniqueIp,
  waitForMail,
} from './helpers/accounts.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';

// Counts password checks of the argon2 library (not of our code) with the parameters of the
// hash each one checks against, so the test can see that a login for an unknown e-mail spends
// the same check as a wrong password does, without timing.
const argon2 = vi.hoisted(() => ({ verifyCalls: 0, checkedParameters: [] as string[] }));
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@node-rs/argon2')>();
  return {
    ...actual,
    verify: (...args: Parameters<typeof actual.verify>) => {
      argon2.verifyCalls++;
      // '$argon2id$v=19$m=19456,t=2,p=1$salt$hash': algorithm, version and costs.
      argon2.checkedParameters.push(String(args[0]).split('$').slice(1, 4).join('$'));
      return actual.verify(...args);
    },
  };
});

// The statements the application sends to the database while `recording` is set (their text
// without parameters), to compare the work of two requests.
const queries = { recording: false, statements: [] as string[] };

const UNAUTHORIZED = {
  detail: 'Nicht authentifiziert - Bitte melden Sie sich erneut an',
  code: 'unauthorized',
};
const WRONG_LOGIN = { detail: 'E-Mail-Adresse oder Passwort ist falsch.', code: 'invalid_credentials' };

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp(
    {},
    {
      onQuery: (query) => {
        if (queries.recording) queries.statements.push(query);
      },
    },
  );
});
afterAll(async () => {
  await t?.close();
});

describe('Anmeldung', () => {
  it('antwortet mit access_token und user; der Token öffnet GET /api/me', async () => {
    const member = await registerMember(t.app, { nickname: 'Kim' });
    const res = await login(t.app, member.email.toUpperCase(), PASSWORD, uniqueIp());
    expect(res.statusCode).toBe(200);
    const { access_token, user } = res.json();
    expect(user).toEqual(member.user);
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(access_token) });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual(member.user);
    expect(me.body).not.toContain('argon2');
  });

  it('stellt einen HS256-Token mit sub, role und 24 Stunden Laufzeit aus', async () => {
    const member = await registerMember(t.app);
    const [header, payload] = member.access_token
      .split('.')
      .slice(0, 2)
      .map((part) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8')));
    expect(header.alg).toBe('HS256');
    expect(payload.sub).toBe(member.user.id);
    expect(payload.role).toBe('SELLER');
    expect(payload.exp - payload.iat).toBe(24 * 60 * 60);
    expect(JSON.stringify(payload)).not.toContain(member.email);
  });

  it('Anmeldung mit falschem Passwort nennt nicht, welcher Teil falsch war', async () => {
    const member = await registerMember(t.app);
    const wrongPassword = await login(t.app, member.email, 'falsch123', uniqueIp());
    const unknownEmail = await login(t.app, uniqueEmail('unbekannt'), PASSWORD, uniqueIp());
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual(WRONG_LOGIN);
    expect(unknownEmail.json()).toEqual(WRONG_LOGIN);
  });

  it('prüft auch bei unbekannter E-Mail ein Passwort, damit die Antwortzeit nichts verrät', async () => {
    const member = await registerMember(t.app);
    argon2.verifyCalls = 0;
    await login(t.app, member.email, 'falsch123', uniqueIp());
    expect(argon2.verifyCalls).toBe(1);
    argon2.verifyCalls = 0;
    await login(t.app, uniqueEmail('unbekannt'), 'falsch123', uniqueIp());
    // Skipping the check would make unknown e-mails faster by a whole password check.
    expect(argon2.verifyCalls).toBe(1);
  });

  /**
   * The password checks and database statements of one failed login from a fresh address, up to
   * the work done after the answer, which ends with a statement containing `lastStatement` (the
   * statements are cut after it: a transaction's `commit` may be told after recording stops).
   */
  async function workOfFailedLogin(email: string, lastStatement: string) {
    argon2.checkedParameters = [];
    queries.statements = [];
    queries.recording = true;
    try {
      const res = await login(t.app, email, 'falsch123', uniqueIp());
      expect(res.statusCode).toBe(401);
      await vi.waitFor(() => expect(queries.statements.join('\n')).toContain(lastStatement));
    } finally {
      queries.recording = false;
    }
    const end = queries.statements.findLastIndex((statement) => statement.includes(lastStatement));
    return { checks: [...argon2.checkedParameters], statements: queries.statements.slice(0, end + 1) };
  }

  it('tut für eine registrierte Adresse mit falschem Passwort dieselbe Arbeit wie für eine unbekannte: eine Passwortprüfung mit denselben Kosten, dieselben Abfragen', async () => {
    const member = await registerMember(t.app);
    // After the answer, both count the address's recent failed logins.
    const countOfFailures = 'count(*) as count from "failed_logins" where ("failed_logins"."email"';
    const registered = await workOfFailedLogin(member.email, countOfFailures);
    const unknown = await workOfFailedLogin(uniqueEmail('unbekannt'), countOfFailures);
    expect(registered.checks).toEqual(['argon2id$v=19$m=19456,t=2,p=1']);
    expect(unknown.checks).toEqual(registered.checks);
    expect(unknown.statements).toEqual(registered.statements);

    // Under a siege (10 failed logins from other addresses, the account slowed down and its owner
    // warned once), a further failed login still does the same work for both.
    const sieged = await registerMember(t.app);
    const nobody = uniqueEmail('niemand');
    for (const email of [sieged.email, nobody]) {
      for (let i = 0; i < 10; i++) {
        expect((await login(t.app, email, `falsch${i}`, uniqueIp())).statusCode).toBe(401);
      }
      // The warning of the address is counted after the tenth answer (and mailed to the owner).
      await expect
        .poll(async () => {
          const [row] = await selectRows(
            t.app.database.db,
            z.object({ n: rowCount }),
            sql`select count(*)::int as n from rate_limit_hits where bucket = 'failed_logins_mail' and key = ${email}`,
          );
          return row?.n;
        })
        .toBe(1);
      // The slow-down's pause for unknown devices is over.
      await t.app.database.db.execute(
        sql`update failed_logins set created_at = created_at - interval '31 seconds' where email = ${email}`,
      );
    }
    await waitForMail(t.config.dataDir, sieged.email, 2); // verification, warning
    // Both try to count a warning of the address after the answer; its quota is spent.
    const quotaSpent = 'insert into rate_limit_hits';
    const siegedWork = await workOfFailedLogin(sieged.email, quotaSpent);
    const nobodyWork = await workOfFailedLogin(nobody, quotaSpent);
    expect(nobodyWork.checks).toEqual(siegedWork.checks);
    expect(nobodyWork.statements).toEqual(siegedWork.statements);
  });

  it.each([
    ['ohne Felder', {}],
    ['E-Mail als Zahl', { email: 1, password: PASSWORD }],
    ['Passwort leer', { email: 'a@beispiel.de', password: '' }],
    ['10-kB-Passwort', { email: 'a@beispiel.de', password: 'x'.repeat(10_240) }],
    ['Unicode-E-Mail', { email: 'ömer@beispiel.de', password: PASSWORD }],
  ])('weist %s mit 422 ab und zählt keinen Fehlversuch', async (_label, payload) => {
    const [before] = await selectRows(
      t.app.database.db,
      z.object({ n: rowCount }),
      sql`select count(*)::int as n from failed_logins`,
    );
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload });
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('validation');
    const [after] = await selectRows(
      t.app.database.db,
      z.object({ n: rowCount }),
      sql`select count(*)::int as n from failed_logins`,
    );
    expect(after?.n).toBe(before?.n);
  });
});

describe('Grenzen für fehlgeschlagene Anmeldungen', () => {
  it('bremst ein Konto nach 10 Fehlversuchen von verschiedenen Adressen für unbekannte Geräte (429 mit Retry-After), ohne es zu sperren', async () => {
    const member = await registerMember(t.app);
    for (let i = 0; i < 10; i++) {
      const res = await login(t.app, member.email, `falsch${i}`, uniqueIp());
      expect(res.statusCode).toBe(401);
    }
    const slowed = await login(t.app, member.email, PASSWORD, uniqueIp());
    expect(slowed.statusCode).toBe(429);
    expect(slowed.json()).toEqual({
      detail:
        'Für dieses Konto gab es gerade viele fehlgeschlagene Anmeldeversuche; Anmeldungen von unbekannten Geräten sind nur noch zweimal pro Minute möglich. Bitte versuche es in 1 Minute erneut.',
      code: 'rate_limited',
    });
    const retryAfter = Number(slowed.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(30);
    // 30 seconds after the newest attempt, the next one is allowed: the account is not locked.
    await t.app.database.db.execute(
      sql`update failed_logins set created_at = created_at - interval '31 seconds' where email = ${member.email}`,
    );
    expect((await login(t.app, member.email, PASSWORD, uniqueIp())).statusCode).toBe(200);
    // Other accounts still log in.
    const other = await registerMember(t.app);
    expect((await login(t.app, other.email, PASSWORD, uniqueIp())).statusCode).toBe(200);
  });

  it('sperrt Konto und Adresse nach 10 Fehlversuchen für 15 Minuten, auch für das richtige Passwort', async () => {
    const member = await registerMember(t.app);
    const ip = uniqueIp();
    for (let i = 0; i < 10; i++) await login(t.app, member.email, 'falsch123', ip);
    const blocked = await login(t.app, member.email, PASSWORD, ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({
      detail: 'Zu viele fehlgeschlagene Anmeldeversuche. Bitte versuche es in 15 Minuten erneut.',
      code: 'rate_limited',
    });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(14 * 60);
    await t.app.database.db.execute(
      sql`update failed_logins set created_at = created_at - interval '14 minutes' where email = ${member.email}`,
    );
    const soon = await login(t.app, member.email, PASSWORD, ip);
    expect(soon.statusCode).toBe(429);
    expect(soon.json().detail).toBe(
      'Zu viele fehlgeschlagene Anmeldeversuche. Bitte versuche es in 1 Minute erneut.',
    );
    expect(Number(soon.headers['retry-after'])).toBeLessThanOrEqual(60);
    await t.app.database.db.execute(
      sql`update failed_logins set created_at = created_at - interval '2 minutes' where email = ${member.email}`,
    );
    expect((await login(t.app, member.email, PASSWORD, ip)).statusCode).toBe(200);
  });

  it('sperrt eine IP-Adresse nach 30 Fehlversuchen auf verschiedenen Konten; ein gefälschtes X-Forwarded-For setzt nichts zurück', async () => {
    const ip = uniqueIp();
    for (let i = 0; i < 30; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: uniqueEmail('spray'), password: 'falsch123' },
        remoteAddress: ip,
        headers: { 'x-forwarded-for': `203.0.113.${i}` },
      });
      expect(res.statusCode).toBe(401);
    }
    const member = await registerMember(t.app);
    const blocked = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: member.email, password: PASSWORD },
      remoteAddress: ip,
      headers: { 'x-forwarded-for': '198.51.100.77' },
    });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().detail).toMatch(
      /^Zu viele fehlgeschlagene Anmeldeversuche\. Bitte versuche es in \d+ Minuten? erneut\.$/,
    );
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // The same member from another address is fine.
    expect((await login(t.app, member.email, PASSWORD, uniqueIp())).statusCode).toBe(200);
  });
});

describe('Hinter einem vertrauenswürdigen Proxy (TRUST_PROXY=1)', () => {
  let proxied: TestApp;
  beforeAll(async () => {
    proxied = await startTestApp({ TRUST_PROXY: '1' });
  });
  afterAll(async () => {
    await proxied?.close();
  });

  it('zählt Fehlversuche je Adresse aus X-Forwarded-For', async () => {
    for (let i = 0; i < 30; i++) {
      await proxied.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: uniqueEmail('proxy'), password: 'falsch123' },
        headers: { 'x-forwarded-for': '198.51.100.1' },
      });
    }
    const member = await registerMember(proxied.app);
    const viaBlocked = await proxied.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: member.email, password: PASSWORD },
      headers: { 'x-forwarded-for': '198.51.100.1' },
    });
    expect(viaBlocked.statusCode).toBe(429);
    const viaOther = await proxied.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: member.email, password: PASSWORD },
      headers: { 'x-forwarded-for': '198.51.100.2' },
    });
    expect(viaOther.statusCode).toBe(200);
    const [row] = await selectRows(
      proxied.app.database.db,
      z.object({ ip: z.string() }),
      sql`select ip from failed_logins limit 1`,
    );
    expect(row?.ip).toBe('198.51.100.1');
  });
});

describe('Sitzungen', () => {
  const me = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/me', headers });

  it.each([
    ['ohne Authorization', {}],
    ['mit leerem Bearer', { authorization: 'Bearer ' }],
    ['ohne Bearer-Präfix', { authorization: 'abc.def.ghi' }],
    ['mit zweiteiligem Token', { authorization: 'Bearer abc.def' }],
    ['mit Müll', { authorization: 'Bearer abc.def.ghi' }],
    [
      'mit Token eines fremden Schlüssels',
      {
        authorization:
          'Bearer eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIwMDAwMDAwMC0wMDAwLTAwMDAtMDAwMC0wMDAwMDAwMDAwMDAiLCJyb2xlIjoiQURNSU4iLCJpYXQiOjE3MDAwMDAwMDB9.4pI1Ck7s6A6MGn6mRl6o1tTOk8pXqKqcB0qzj6Rr3kY',
      },
    ],
  ])('GET /api/me %s antwortet 401 mit deutschem detail', async (_label, headers) => {
    const res = await me(headers as Record<string, string>);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(UNAUTHORIZED);
  });

  it('lehnt einen abgelaufenen Token ab', async () => {
    const member = await registerMember(t.app);
    const { sid } = t.app.jwt.decode<{ sid: string }>(member.access_token) ?? { sid: '' };
    const expired = t.app.jwt.sign({
      sub: member.user.id,
      role: 'SELLER',
      sid,
      iat: Math.floor(Date.now() / 1000) - 25 * 3600,
    });
    expect((await me(bearer(expired))).json()).toEqual(UNAUTHORIZED);
    const fresh = t.app.jwt.sign({
      sub: member.user.id,
      role: 'SELLER',
      sid,
      iat: Math.floor(Date.now() / 1000) - 23 * 3600,
    });
    expect((await me(bearer(fresh))).statusCode).toBe(200);
  });

  it('lehnt einen Token mit alg "none" ab', async () => {
    const member = await registerMember(t.app);
    const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const unsigned = `${encode({ alg: 'none', typ: 'JWT' })}.${encode({ sub: member.user.id, role: 'ADMIN', iat: Math.floor(Date.now() / 1000) })}.`;
    expect((await me(bearer(unsigned))).statusCode).toBe(401);
  });

  it('der Token eines gelöschten Mitglieds funktioniert nicht mehr', async () => {
    const member = await registerMember(t.app);
    expect((await me(bearer(member.access_token))).statusCode).toBe(200);
    const other = (await login(t.app, member.email, member.password)).json().access_token as string;
    expect((await me(bearer(other))).statusCode).toBe(200);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/me',
      headers: bearer(member.access_token),
      payload: { password: member.password },
    });
    expect(deleted.statusCode).toBe(204);
    // Both devices' tokens stop at once, also the one this instance had just looked up.
    expect((await me(bearer(other))).statusCode).toBe(401);
    const res = await me(bearer(member.access_token));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(UNAUTHORIZED);
  });

  it('liest die Rolle aus der Sitzung und der Datenbank, nicht aus dem Token', async () => {
    const member = await registerMember(t.app);
    await t.app.database.db.execute(sql`update users set role = 'ADMIN' where id = ${member.user.id}`);
    expect((await me(bearer(member.access_token))).json().role).toBe('ADMIN');
  });
});

describe('Signaturschlüssel', () => {
  it('wird ohne JWT_SECRET einmal erzeugt (Modus 0600) und überlebt einen Neustart', async () => {
    const member = await registerMember(t.app);
    const file = path.join(t.config.dataDir, 'jwt-secret');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const secret = fs.readFileSync(file, 'utf8');
    expect(secret.trim().length).toBeGreaterThanOrEqual(64);
    // A restart: a second app on the same data folder and database accepts the earlier token.
    const restarted = await buildApp(t.config, { database: t.db.handle, logger: false });
    await restarted.ready();
    const res = await restarted.inject({
      method: 'GET',
      url: '/api/me',
      headers: bearer(member.access_token),
    });
    expect(res.statusCode).toBe(200);
    expect(fs.readFileSync(file, 'utf8')).toBe(secret);
  });

  it('nimmt JWT_SECRET, wenn gesetzt, und schreibt dann keine Datei', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marketplace-secret-'));
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', JWT_SECRET: 'k'.repeat(40) });
    const configured = await buildApp(config, { database: t.db.handle, logger: false });
    await configured.ready();
    const member = await registerMember(configured);
    expect(fs.existsSync(path.join(dataDir, 'jwt-secret'))).toBe(false);
    const [header, payload, signature] = member.access_token.split('.');
    const expected = createHmac('sha256', 'k'.repeat(40)).update(`${header}.${payload}`).digest('base64url');
    expect(signature).toBe(expected);
    // The main app, signing with its generated key, does not accept this token.
    const res = await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(member.access_token) });
    expect(res.statusCode).toBe(401);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});
