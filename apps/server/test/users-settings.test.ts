import { accountExportSchema } from '@marketplace/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { rowCount, selectRows } from '../src/db/client.ts';
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
import { createAd, verifiedMember } from './helpers/marketplace.ts';

describe('Einstellungen', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  const count = async (query: ReturnType<typeof sql>) =>
    (await selectRows(t.app.database.db, z.object({ n: rowCount }), query))[0]?.n;

  describe('Profil (PATCH /api/me)', () => {
    const patch = (token: string, payload: object) =>
      t.app.inject({ method: 'PATCH', url: '/api/me', headers: bearer(token), payload });

    it('ändert Spitzname, Vor- und Nachname; null oder leer entfernt, fehlend lässt stehen', async () => {
      const member = await registerMember(t.app, { nickname: 'Alt', first_name: 'Eva' });
      const res = await patch(member.access_token, { nickname: ' Neu ', last_name: 'Muster' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ nickname: 'Neu', first_name: 'Eva', last_name: 'Muster' });
      const cleared = await patch(member.access_token, { nickname: null, first_name: '' });
      expect(cleared.json()).toMatchObject({ nickname: null, first_name: null, last_name: 'Muster' });
      expect(cleared.body).not.toContain('argon2');
    });

    it('ändert weder E-Mail noch Rolle, auch wenn sie mitgeschickt werden', async () => {
      const member = await registerMember(t.app);
      const res = await patch(member.access_token, {
        nickname: 'Boss',
        role: 'ADMIN',
        email: 'x@beispiel.de',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ nickname: 'Boss', role: 'SELLER', email: member.email });
    });

    it.each([
      ['10-kB-Spitzname', { nickname: 'x'.repeat(10_240) }],
      ['51 Zeichen Vorname', { first_name: 'x'.repeat(51) }],
      ['Zahl als Nachname', { last_name: 7 }],
      ['Zeilenumbruch im Spitznamen', { nickname: 'a\nb' }],
    ])('weist %s mit 422 ab und ändert nichts', async (_label, payload) => {
      const member = await registerMember(t.app, { nickname: 'Bleibt' });
      const res = await patch(member.access_token, payload);
      expect(res.statusCode).toBe(422);
      const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(member.access_token) });
      expect(me.json()).toEqual(member.user);
    });

    it('braucht eine Anmeldung', async () => {
      const res = await t.app.inject({ method: 'PATCH', url: '/api/me', payload: { nickname: 'x' } });
      expect(res.statusCode).toBe(401);
    });
  });

  describe('E-Mail-Adresse ändern', () => {
    const change = (token: string, payload: object) =>
      t.app.inject({
        method: 'POST',
        url: '/api/me/email',
        headers: bearer(token),
        payload,
        remoteAddress: uniqueIp(),
      });

    it('schickt einen Link an die neue Adresse; erst der Link ändert sie', async () => {
      const member = await registerMember(t.app);
      const newEmail = uniqueEmail('neu');
      const res = await change(member.access_token, { email: newEmail.toUpperCase(), password: PASSWORD });
      expect(res.statusCode).toBe(202);
      expect(res.json().detail).toContain('neue Adresse');
      const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(member.access_token) });
      expect(me.json().email).toBe(member.email);
      const mail = await waitForMail(t.config.dataDir, newEmail);
      expect(mail.subject).toBe('Bitte bestätige deine neue E-Mail-Adresse');
      const confirmed = await t.app.inject({
        method: 'POST',
        url: '/api/auth/verify-email',
        payload: { token: linkToken(mail, 'verify-email') },
      });
      expect(confirmed.statusCode).toBe(200);
      expect(confirmed.json().user).toMatchObject({ email: newEmail, email_verified: true });
      expect((await login(t.app, newEmail, PASSWORD, uniqueIp())).statusCode).toBe(200);
      expect((await login(t.app, member.email, PASSWORD, uniqueIp())).statusCode).toBe(401);
    });

    it('braucht das richtige Passwort', async () => {
      const member = await registerMember(t.app);
      const res = await change(member.access_token, { email: uniqueEmail(), password: 'falsch123' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ detail: 'Das Passwort ist nicht korrekt.', code: 'wrong_password' });
    });

    it('lehnt eine vergebene Adresse mit 409 ab, auch wenn sie erst vor der Bestätigung vergeben wird', async () => {
      const member = await registerMember(t.app);
      const other = await registerMember(t.app);
      const taken = await change(member.access_token, { email: other.email, password: PASSWORD });
      expect(taken.statusCode).toBe(409);
      expect(taken.json().code).toBe('email_taken');
      const wanted = uniqueEmail('begehrt');
      expect((await change(member.access_token, { email: wanted, password: PASSWORD })).statusCode).toBe(202);
      const token = linkToken(await waitForMail(t.config.dataDir, wanted), 'verify-email');
      await registerMember(t.app, { email: wanted });
      const late = await t.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token } });
      expect(late.statusCode).toBe(409);
      expect(late.json().code).toBe('email_taken');
    });

    it('lehnt die eigene Adresse und ungültige Eingaben ab', async () => {
      const member = await registerMember(t.app);
      expect(
        (await change(member.access_token, { email: member.email, password: PASSWORD })).statusCode,
      ).toBe(422);
      expect(
        (await change(member.access_token, { email: 'ä@beispiel.de', password: PASSWORD })).statusCode,
      ).toBe(422);
      expect((await change(member.access_token, { email: uniqueEmail() })).statusCode).toBe(422);
    });
  });

  describe('Passwort ändern', () => {
    const change = (token: string, payload: object, remoteAddress = uniqueIp()) =>
      t.app.inject({
        method: 'POST',
        url: '/api/me/password',
        headers: bearer(token),
        payload,
        remoteAddress,
      });

    it('ändert das Passwort, beendet andere Sitzungen und gibt einen neuen Token', async () => {
      const member = await registerMember(t.app);
      const otherDevice = (await login(t.app, member.email, PASSWORD, uniqueIp())).json().access_token;
      const res = await change(member.access_token, {
        current_password: PASSWORD,
        new_password: 'Anderes-Moos-4567',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        detail: 'Dein Passwort wurde geändert.',
        access_token: expect.any(String),
      });
      const fresh = await t.app.inject({
        method: 'GET',
        url: '/api/me',
        headers: bearer(res.json().access_token),
      });
      expect(fresh.statusCode).toBe(200);
      const old = await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(otherDevice) });
      expect(old.statusCode).toBe(401);
      expect((await login(t.app, member.email, 'Anderes-Moos-4567', uniqueIp())).statusCode).toBe(200);
      expect((await login(t.app, member.email, PASSWORD, uniqueIp())).statusCode).toBe(401);
    });

    it('lehnt ein falsches aktuelles Passwort mit 400 ab und zählt es als Fehlversuch', async () => {
      const member = await registerMember(t.app);
      const wrong = await change(member.access_token, {
        current_password: 'falsch123',
        new_password: 'Anderes-Moos-4567',
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toEqual({ detail: 'Das Passwort ist nicht korrekt.', code: 'wrong_password' });
      for (let i = 0; i < 9; i++) {
        await change(member.access_token, {
          current_password: 'falsch123',
          new_password: 'Anderes-Moos-4567',
        });
      }
      const limited = await change(member.access_token, {
        current_password: PASSWORD,
        new_password: 'Anderes-Moos-4567',
      });
      expect(limited.statusCode).toBe(429);
      expect((await login(t.app, member.email, PASSWORD, uniqueIp())).statusCode).toBe(429);
    });

    it('prüft das neue Passwort nach den Registrierungsregeln: Länge und Ratbarkeit', async () => {
      const member = await registerMember(t.app);
      const short = await change(member.access_token, {
        current_password: PASSWORD,
        new_password: 'kurz12',
      });
      expect(short.statusCode).toBe(422);
      expect(short.json().detail).toBe(
        "Feld 'new_password': Das Passwort muss mindestens 8 Zeichen lang sein.",
      );
      const easy = await change(member.access_token, {
        current_password: PASSWORD,
        new_password: 'ohneziffer',
      });
      expect(easy.statusCode).toBe(422);
      expect(easy.json()).toMatchObject({ code: 'weak_password' });
      expect(easy.json().detail).toContain('leicht zu erraten');
      expect((await login(t.app, member.email, PASSWORD, uniqueIp())).statusCode).toBe(200);
    });
  });

  describe('Datenexport', () => {
    it('liefert Profil, Follows, eigene und gespeicherte Anzeigen als JSON, ohne Hash oder Token', async () => {
      const member = await verifiedMember(t, { nickname: 'Exporteur' });
      const followed = await verifiedMember(t, { nickname: 'Vorbild' });
      const sold = await createAd(t, member.access_token, { title: 'Verkauftes Sofa' });
      await t.app.inject({
        method: 'PATCH',
        url: `/api/listings/${sold.id}`,
        headers: bearer(member.access_token),
        payload: { status: 'sold' },
      });
      const active = await createAd(t, member.access_token, { title: 'Aktiver Tisch' });
      const saved = await createAd(t, followed.access_token, { title: 'Gemerkte Lampe' });
      await t.app.inject({
        method: 'POST',
        url: `/api/favorites/${saved.id}`,
        headers: bearer(member.access_token),
      });
      const fan = await registerMember(t.app, { first_name: 'Fan' });
      await t.app.inject({
        method: 'POST',
        url: `/api/follow/${followed.user.id}`,
        headers: bearer(member.access_token),
      });
      await t.app.inject({
        method: 'POST',
        url: `/api/follow/${member.user.id}`,
        headers: bearer(fan.access_token),
      });
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/me/export',
        headers: bearer(member.access_token),
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toContain('attachment');
      const data = accountExportSchema.strict().parse(res.json());
      expect(data.profile).toEqual({ ...member.user, email_verified: true });
      expect(data.following.map((entry) => entry.display_name)).toEqual(['Vorbild']);
      expect(data.followers.map((entry) => entry.display_name)).toEqual(['Fan']);
      expect(data.listings.map((listing) => [listing.id, listing.status])).toEqual([
        [active.id, 'active'],
        [sold.id, 'sold'],
      ]);
      expect(data.favorites.map((favorite) => favorite.listing_id)).toEqual([saved.id]);
      expect(res.body).not.toMatch(/argon2|password|token/i);
    });

    it('braucht eine Anmeldung', async () => {
      expect((await t.app.inject({ method: 'GET', url: '/api/me/export' })).statusCode).toBe(401);
    });
  });

  describe('Konto löschen', () => {
    const remove = (token: string, payload: object) =>
      t.app.inject({
        method: 'DELETE',
        url: '/api/me',
        headers: bearer(token),
        payload,
        remoteAddress: uniqueIp(),
      });

    it('braucht das richtige Passwort und lässt sonst alles stehen', async () => {
      const member = await registerMember(t.app);
      const res = await remove(member.access_token, { password: 'falsch123' });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('wrong_password');
      expect((await remove(member.access_token, {})).statusCode).toBe(422);
      expect((await login(t.app, member.email, PASSWORD, uniqueIp())).statusCode).toBe(200);
    });

    it('löscht Konto, Follows und Tokens in einem Zug; der Token funktioniert danach nicht mehr', async () => {
      const member = await registerMember(t.app);
      const other = await registerMember(t.app);
      await t.app.inject({
        method: 'POST',
        url: `/api/follow/${other.user.id}`,
        headers: bearer(member.access_token),
      });
      await t.app.inject({
        method: 'POST',
        url: `/api/follow/${member.user.id}`,
        headers: bearer(other.access_token),
      });
      const id = member.user.id;
      expect(await count(sql`select count(*)::int as n from auth_tokens where user_id = ${id}`)).toBe(1);
      const res = await remove(member.access_token, { password: PASSWORD });
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
      expect(await count(sql`select count(*)::int as n from users where id = ${id}`)).toBe(0);
      expect(
        await count(
          sql`select count(*)::int as n from follows where follower_id = ${id} or followed_id = ${id}`,
        ),
      ).toBe(0);
      expect(await count(sql`select count(*)::int as n from auth_tokens where user_id = ${id}`)).toBe(0);
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(member.access_token) }))
          .statusCode,
      ).toBe(401);
      expect((await login(t.app, member.email, PASSWORD, uniqueIp())).statusCode).toBe(401);
      const profile = await t.app.inject({ method: 'GET', url: `/api/users/${other.user.id}` });
      expect(profile.json()).toMatchObject({ followers_count: 0, following_count: 0 });
      // The address is free again.
      await registerMember(t.app, { email: member.email });
    });
  });
});
