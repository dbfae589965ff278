import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { selectRows } from '../src/db/client.ts';
import { assertStrongPassword } from '../src/modules/auth/index.ts';
import {
  bearer,
  linkToken,
  login,
  PASSWORD,
  registerMember,
  uniqueEmail,
  uniqueIp,
  waitForMail,
} from './helpers/accounts.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';

/** zxcvbn refuses easily guessed passwords at a change and a reset too, not only at registration. */
describe('Passwortstärke beim Ändern und Zurücksetzen', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  const hashOf = async (userId: string) =>
    (
      await selectRows(
        t.app.database.db,
        z.object({ password_hash: z.string() }),
        sql`select password_hash from users where id = ${userId}::uuid`,
      )
    )[0]?.password_hash;

  /** The token of the reset link mailed to a just registered member who asked for one. */
  const resetToken = async (email: string) => {
    await waitForMail(t.config.dataDir, email);
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset',
      payload: { email },
      remoteAddress: uniqueIp(),
    });
    return linkToken(await waitForMail(t.config.dataDir, email, 2), 'reset-password');
  };

  it('ein Wechsel auf ein häufiges Passwort ist 422 am Feld new_password und ändert nichts', async () => {
    const member = await registerMember(t.app);
    const before = await hashOf(member.user.id);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/me/password',
      headers: bearer(member.access_token),
      payload: { current_password: PASSWORD, new_password: 'password123' },
      remoteAddress: uniqueIp(),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      detail:
        "Feld 'new_password': Dieses Passwort ist leicht zu erraten. Nimm einen längeren Satz aus mehreren Wörtern oder füge seltene Wörter hinzu.",
      code: 'weak_password',
    });
    expect(await hashOf(member.user.id)).toBe(before);
    // The old token still works: nothing was changed.
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(member.access_token) });
    expect(me.statusCode).toBe(200);
  });

  it('ein Zurücksetzen auf ein Passwort aus dem eigenen Namen ist 422; der Link bleibt gültig', async () => {
    const member = await registerMember(t.app, { first_name: 'Hildegard' });
    const token = await resetToken(member.email);
    const weak = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'Hildegard2026' },
    });
    expect(weak.statusCode).toBe(422);
    expect(weak.json().code).toBe('weak_password');
    expect(weak.json().detail).toMatch(/^Feld 'password': Dieses Passwort ist leicht zu erraten\. /);
    expect((await login(t.app, member.email, PASSWORD, uniqueIp())).statusCode).toBe(200);
    const strong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'Teekanne-Nordlicht-77' },
    });
    expect(strong.statusCode).toBe(200);
    expect((await login(t.app, member.email, 'Teekanne-Nordlicht-77', uniqueIp())).statusCode).toBe(200);
  });

  it('die Stärkeanzeige bekommt dieselbe Bewertung wie Registrierung, Zurücksetzen und Wechsel', async () => {
    const rate = async (password: string, user_inputs?: string[]) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/password-strength',
        payload: { password, user_inputs },
        remoteAddress: uniqueIp(),
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      return res.json() as { score: number; accepted: boolean };
    };
    for (const easy of ['Geheim123', 'Sommer2024', 'Kinderwagen1', ''])
      expect(await rate(easy), easy).toMatchObject({ accepted: false });
    expect(await rate('Tomate7Fahrrad')).toEqual({ score: expect.any(Number), accepted: true });
    expect((await rate('Tomate7Fahrrad')).score).toBeGreaterThanOrEqual(3);
    // The member's own words count as easy, as at registration.
    expect(await rate('Wolkenschieber1', ['anna@example.org', 'Wolkenschieber'])).toMatchObject({
      accepted: false,
    });
  });

  it('die Stärkeanzeige antwortet einer Adresse höchstens 200-mal in 10 Minuten', async () => {
    const remoteAddress = uniqueIp();
    const ask = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/password-strength',
        payload: { password: 'Tomate7Fahrrad' },
        remoteAddress,
      });
    for (let i = 0; i < 200; i++) expect((await ask()).statusCode).toBe(200);
    const refused = await ask();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().detail).toMatch(/^Zu viele Passwortprüfungen von dieser Adresse\./);
  });

  it('20 parallele Prüfungen teilen sich die einmal geladenen Wörterbücher und antworten alle', async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        assertStrongPassword(i % 2 ? 'qwertz123' : 'Teekanne-Nordlicht-77', 'password', []),
      ),
    );
    expect(results.map((result) => result.status)).toEqual(
      Array.from({ length: 20 }, (_, i) => (i % 2 ? 'rejected' : 'fulfilled')),
    );
  });

  /**
   * Sets `password` the given way: at registration (a new address), at a reset (a member's
   * mailed link) or at a change (logged in). Answers the response, the body field the rule is
   * checked on, and the address and the password that held before (none for a registration).
   */
  const setPassword = {
    Registrierung: async (password: string) => {
      const email = uniqueEmail('satz');
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { email, password },
        remoteAddress: uniqueIp(),
      });
      return { res, field: 'password', email, before: null };
    },
    Zurücksetzen: async (password: string) => {
      const member = await registerMember(t.app);
      const token = await resetToken(member.email);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { token, password },
      });
      return { res, field: 'password', email: member.email, before: PASSWORD };
    },
    Wechsel: async (password: string) => {
      const member = await registerMember(t.app);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/me/password',
        headers: bearer(member.access_token),
        payload: { current_password: PASSWORD, new_password: password },
        remoteAddress: uniqueIp(),
      });
      return { res, field: 'new_password', email: member.email, before: PASSWORD };
    },
  };
  const ways = Object.keys(setPassword) as (keyof typeof setPassword)[];

  it.each(ways)(
    '%s nimmt einen Satz aus Wörtern ohne Ziffer an (Länge und Ratbarkeit sind die ganze Regel)',
    async (way) => {
      const passphrase = 'kiesel wald fluss brot';
      const { res, email } = await setPassword[way](passphrase);
      expect(res.statusCode, res.body).toBeLessThan(300);
      expect((await login(t.app, email, passphrase, uniqueIp())).statusCode).toBe(200);
    },
  );

  it.each(ways.flatMap((way) => ['Sommer2024', 'Geheim123'].map((password) => [way, password] as const)))(
    '%s weist %s weiter als leicht zu erraten ab und ändert nichts',
    async (way, password) => {
      const { res, field, email, before } = await setPassword[way](password);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({
        detail: `Feld '${field}': Dieses Passwort ist leicht zu erraten. Nimm einen längeren Satz aus mehreren Wörtern oder füge seltene Wörter hinzu.`,
        code: 'weak_password',
      });
      expect((await login(t.app, email, password, uniqueIp())).statusCode).toBe(401);
      if (before) expect((await login(t.app, email, before, uniqueIp())).statusCode).toBe(200);
    },
  );
});
