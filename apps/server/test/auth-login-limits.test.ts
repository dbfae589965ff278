import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { rowCount, selectRows } from '../src/db/client.ts';
import {
  login,
  mailsTo,
  PASSWORD,
  type RegisteredMember,
  registerMember,
  tampered,
  uniqueEmail,
  uniqueIp,
  waitForLinkToken,
  waitForMail,
} from './helpers/accounts.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { allMailDelivered } from './helpers/mail-queue.ts';

const TOO_MANY = /^Zu viele fehlgeschlagene Anmeldeversuche\. Bitte versuche es in \d+ Minuten? erneut\.$/;
const SLOWED =
  'Für dieses Konto gab es gerade viele fehlgeschlagene Anmeldeversuche; Anmeldungen von unbekannten Geräten sind nur noch zweimal pro Minute möglich. Bitte versuche es in 1 Minute erneut.';
const ALERT_SUBJECT = 'Fehlgeschlagene Anmeldeversuche bei deinem Konto';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

let addressCounter = 0;
/** A fresh IPv4 address outside the ranges the account helpers hand out. */
function freshAddress(): string {
  addressCounter += 1;
  return `172.16.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

/** The `marketplace_device` cookie a login answered, as `name=value` for a Cookie header. */
function deviceCookieOf(res: LightMyRequestResponse): string {
  const cookie = res.cookies.find((item) => item.name === 'marketplace_device');
  if (!cookie) throw new Error(`no device cookie in ${JSON.stringify(res.headers['set-cookie'])}`);
  return `${cookie.name}=${cookie.value}`;
}

function loginWith(email: string, password: string, remoteAddress: string, cookie?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    remoteAddress,
    headers: cookie ? { cookie } : {},
  });
}

async function failedLoginRows(email: string): Promise<number> {
  const [row] = await selectRows(
    t.app.database.db,
    z.object({ n: rowCount }),
    sql`select count(*)::int as n from failed_logins where email = ${email}`,
  );
  return row?.n ?? 0;
}

describe('Anmeldeversuche werden vor der Passwortprüfung gezählt', () => {
  it('200 parallele falsche Passwörter für ein Konto von einer Adresse: genau 10 werden geprüft, der Rest 429', async () => {
    const member = await registerMember(t.app);
    const ip = freshAddress();
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) => login(t.app, member.email, `falsch${i}`, ip)),
    );
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(190);
    const limited = answers.find((res) => res.statusCode === 429);
    expect(limited?.json()).toMatchObject({ code: 'rate_limited' });
    expect(limited?.json().detail).toMatch(TOO_MANY);
    expect(Number(limited?.headers['retry-after'])).toBeGreaterThan(0);
    expect(await failedLoginRows(member.email)).toBe(10);
    // The pair stays limited, also for the right password.
    expect((await login(t.app, member.email, PASSWORD, ip)).statusCode).toBe(429);
  });

  it('200 parallele Versuche auf 200 Konten von einer Adresse: höchstens 30 Fehlversuche je Adresse', async () => {
    const ip = freshAddress();
    const answers = await Promise.all(
      Array.from({ length: 200 }, () => login(t.app, uniqueEmail('streu'), 'falsch123', ip)),
    );
    expect(answers.filter((res) => res.statusCode === 401)).toHaveLength(30);
    expect(answers.filter((res) => res.statusCode === 429)).toHaveLength(170);
  });

  it('eine richtige Anmeldung zählt nicht als Fehlversuch', async () => {
    const member = await registerMember(t.app);
    for (let i = 0; i < 12; i++) {
      expect((await login(t.app, member.email, PASSWORD, freshAddress())).statusCode).toBe(200);
    }
    expect(await failedLoginRows(member.email)).toBe(0);
  });

  it('zählt IPv6-Adressen je /64-Netz: 30 Fehlversuche aus einem /64 sperren das ganze Netz, nicht das Nachbarnetz', async () => {
    for (let i = 1; i <= 30; i++) {
      const res = await login(t.app, uniqueEmail('v6'), 'falsch123', `2001:db8:aa:1::${i.toString(16)}`);
      expect(res.statusCode).toBe(401);
    }
    const member = await registerMember(t.app);
    const sameNetwork = await login(t.app, member.email, PASSWORD, '2001:db8:aa:1:ffff:ffff:ffff:fffe');
    expect(sameNetwork.statusCode).toBe(429);
    expect(sameNetwork.json().detail).toMatch(TOO_MANY);
    expect((await login(t.app, member.email, PASSWORD, '2001:db8:aa:2::1')).statusCode).toBe(200);
    const [row] = await selectRows(
      t.app.database.db,
      z.object({ ip: z.string() }),
      sql`select distinct ip from failed_logins where ip like '2001:db8:aa:%'`,
    );
    expect(row?.ip).toBe('2001:db8:aa:1::/64');
  });
});

describe('Kein Fremder kann ein Konto sperren (Geräte-Cookie)', () => {
  let owner: RegisteredMember;
  let ownerCookie: string;
  const ownerAddress = '192.0.2.200';

  beforeAll(async () => {
    owner = await registerMember(t.app);
    const first = await loginWith(owner.email, PASSWORD, ownerAddress);
    expect(first.statusCode).toBe(200);
    ownerCookie = deviceCookieOf(first);
  });

  it('setzt nach der Anmeldung ein signiertes HttpOnly-Geräte-Cookie (SameSite=Lax, nur für /api/auth, ohne Secure bei http)', async () => {
    const res = await loginWith(owner.email, PASSWORD, ownerAddress);
    const cookie = res.cookies.find((item) => item.name === 'marketplace_device');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/auth' });
    expect(cookie?.secure).toBeUndefined();
    expect(cookie?.maxAge).toBe(180 * 24 * 60 * 60);
    expect(cookie?.value).not.toContain(owner.email);
    const someone = await registerMember(t.app);
    const failed = await loginWith(someone.email, 'falsch123', freshAddress());
    expect(failed.cookies.find((item) => item.name === 'marketplace_device')).toBeUndefined();
  });

  it('10 falsche Passwörter von fremden Adressen bremsen unbekannte Geräte, aber nicht den Inhaber mit Geräte-Cookie', async () => {
    const attackers = Array.from({ length: 12 }, () => freshAddress());
    const answers = [];
    for (const ip of attackers) answers.push((await loginWith(owner.email, 'falsch123', ip)).statusCode);
    // Ten failures from anywhere, then one attempt per 30 seconds from unknown devices.
    expect(answers.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(answers.slice(10)).toEqual([429, 429]);

    const unknownDevice = await loginWith(owner.email, PASSWORD, freshAddress());
    expect(unknownDevice.statusCode).toBe(429);
    expect(unknownDevice.json()).toEqual({ detail: SLOWED, code: 'rate_limited' });
    const retryAfter = Number(unknownDevice.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(30);

    // The owner's browser still gets in, from its usual address and from a new one.
    expect((await loginWith(owner.email, PASSWORD, ownerAddress, ownerCookie)).statusCode).toBe(200);
    expect((await loginWith(owner.email, PASSWORD, freshAddress(), ownerCookie)).statusCode).toBe(200);

    // A tampered cookie or another account's cookie is an unknown device.
    expect((await loginWith(owner.email, PASSWORD, freshAddress(), tampered(ownerCookie))).statusCode).toBe(
      429,
    );
    const other = await registerMember(t.app);
    const otherCookie = deviceCookieOf(await loginWith(other.email, PASSWORD, freshAddress()));
    expect((await loginWith(owner.email, PASSWORD, freshAddress(), otherCookie)).statusCode).toBe(429);

    // Once the newest attempt is 30 seconds old, an unknown device may try once more.
    await t.app.database.db.execute(
      sql`update failed_logins set created_at = created_at - interval '31 seconds' where email = ${owner.email}`,
    );
    expect((await loginWith(owner.email, PASSWORD, freshAddress())).statusCode).toBe(200);
  });

  it('der Geräte-Cookie hebt die Grenze je Konto und Adresse nicht auf', async () => {
    const member = await registerMember(t.app);
    const ip = freshAddress();
    const cookie = deviceCookieOf(await loginWith(member.email, PASSWORD, ip));
    for (let i = 0; i < 10; i++) {
      expect((await loginWith(member.email, 'falsch123', ip, cookie)).statusCode).toBe(401);
    }
    const limited = await loginWith(member.email, PASSWORD, ip, cookie);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().detail).toMatch(TOO_MANY);
  });

  it('ein abgeschlossenes Zurücksetzen des Passworts weist den Inhaber aus: dieser Browser kommt während einer Belagerung hinein, andere neue Geräte nicht', async () => {
    const member = await registerMember(t.app); // logged in elsewhere; this browser is new
    const newPassword = 'Neuer-Kiesel-Weg-77';
    // Strangers guess from many addresses until new devices are slowed down.
    const siege = () =>
      Promise.all(Array.from({ length: 30 }, () => loginWith(member.email, 'falsch123', freshAddress())));
    const first = await siege();
    expect(first.filter((res) => res.statusCode === 401)).toHaveLength(10);
    expect((await loginWith(member.email, PASSWORD, freshAddress())).json()).toEqual({
      detail: SLOWED,
      code: 'rate_limited',
    });

    // The owner resets the password from a new browser through the mailed link.
    const ownerAddress = freshAddress();
    const requested = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset',
      payload: { email: member.email },
      remoteAddress: ownerAddress,
    });
    expect(requested.statusCode).toBe(202);
    const token = await waitForLinkToken(t.config.dataDir, member.email, 'reset-password');
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: newPassword },
      remoteAddress: ownerAddress,
    });
    expect(reset.statusCode).toBe(200);
    const resetCookie = reset.cookies.find((item) => item.name === 'marketplace_device');
    expect(resetCookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/auth' });
    const cookie = deviceCookieOf(reset);

    // The siege goes on: new devices are slowed down again.
    const second = await siege();
    expect(second.filter((res) => res.statusCode === 401)).toHaveLength(10);
    expect((await loginWith(member.email, newPassword, freshAddress())).statusCode).toBe(429);
    // The browser that reset the password gets in, from its address and from another.
    expect((await loginWith(member.email, newPassword, ownerAddress, cookie)).statusCode).toBe(200);
    expect((await loginWith(member.email, newPassword, freshAddress(), cookie)).statusCode).toBe(200);
    // Another new device still waits.
    const stranger = await loginWith(member.email, newPassword, freshAddress());
    expect(stranger.statusCode).toBe(429);
    expect(stranger.json()).toEqual({ detail: SLOWED, code: 'rate_limited' });
  });

  it('setzt das Geräte-Cookie mit Secure, wenn PUBLIC_URL https ist', async () => {
    const secure = await startTestApp({ PUBLIC_URL: 'https://kleinanzeigen.example' });
    try {
      const member = await registerMember(secure.app);
      const res = await secure.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: member.email, password: PASSWORD },
        remoteAddress: uniqueIp(),
      });
      expect(res.statusCode).toBe(200);
      expect(res.cookies.find((item) => item.name === 'marketplace_device')?.secure).toBe(true);
    } finally {
      await secure.close();
    }
  });
});

describe('Hinweis an den Inhaber', () => {
  it('schickt bei vielen Fehlversuchen von vielen Adressen genau eine E-Mail je 15 Minuten, unter 10 keine', {
    timeout: 120_000,
  }, async () => {
    const own = await startTestApp();
    const member = await registerMember(own.app);
    const fewer = await registerMember(own.app);
    const failFrom = (count: number) =>
      Promise.all(
        Array.from({ length: count }, () =>
          own.app.inject({
            method: 'POST',
            url: '/api/auth/login',
            payload: { email: member.email, password: 'falsch123' },
            remoteAddress: freshAddress(),
          }),
        ),
      );
    try {
      const first = await failFrom(40);
      expect(first.filter((res) => res.statusCode === 401)).toHaveLength(10);
      const mail = await waitForMail(own.config.dataDir, member.email, 2); // verification + warning
      expect(mail.subject).toBe(ALERT_SUBJECT);
      const text = mail.text.replace(/\s+/g, ' ');
      expect(text).toMatch(/in den letzten 15 Minuten ist die Anmeldung bei deinem \S+-Konto 10-mal/);
      expect(text).toContain('Dein Konto ist nicht gesperrt');
      expect(mail.text).toContain(`${own.config.publicUrl}/password-reset`);
      // More failures in the same window (after the slow-down's pause) send nothing more.
      await own.app.database.db.execute(
        sql`update failed_logins set created_at = created_at - interval '31 seconds' where email = ${member.email}`,
      );
      expect((await failFrom(5)).filter((res) => res.statusCode === 401)).toHaveLength(1);
      for (let i = 0; i < 9; i++) {
        const res = await own.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: fewer.email, password: 'falsch123' },
          remoteAddress: freshAddress(),
        });
        expect(res.statusCode).toBe(401);
      }
      // Mails go out through the queue: wait until every mail enqueued so far is delivered.
      await allMailDelivered(own.app);
    } finally {
      await own.app.close();
    }
    const warnings = mailsTo(own.config.dataDir, member.email).filter(
      (mail) => mail.subject === ALERT_SUBJECT,
    );
    expect(warnings).toHaveLength(1);
    expect(mailsTo(own.config.dataDir, fewer.email).map((mail) => mail.subject)).not.toContain(ALERT_SUBJECT);
    await own.db.destroy().catch(() => {});
  });
});
