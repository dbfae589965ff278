import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { rowCount, selectRows } from '../src/db/client.ts';
import {
  bearer,
  linkToken,
  login,
  mailsTo,
  PASSWORD,
  registerMember,
  uniqueEmail,
  uniqueIp,
  waitForLinkToken,
  waitForMail,
} from './helpers/accounts.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { allMailDelivered } from './helpers/mail-queue.ts';

const VERIFIED = 'Deine E-Mail-Adresse ist bestätigt.';
const RESET_ANSWER = {
  detail: 'Wenn ein Konto mit dieser E-Mail-Adresse existiert, haben wir dir einen Link geschickt.',
};

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('E-Mail-Bestätigung', () => {
  const verificationToken = async (email: string, count = 1) =>
    linkToken(await waitForMail(t.config.dataDir, email, count), 'verify-email');

  it('GET /api/auth/verify-email?token= bestätigt die Adresse und antwortet detail und user', async () => {
    const member = await registerMember(t.app);
    const token = await verificationToken(member.email);
    const res = await t.app.inject({ method: 'GET', url: `/api/auth/verify-email?token=${token}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: VERIFIED, user: { ...member.user, email_verified: true } });
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(member.access_token) });
    expect(me.json().email_verified).toBe(true);
  });

  it('POST /api/auth/verify-email {token} bestätigt ebenso, ohne Anmeldung', async () => {
    const member = await registerMember(t.app);
    const token = await verificationToken(member.email);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token } });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.email_verified).toBe(true);
  });

  it('ein Link funktioniert nur einmal', async () => {
    const member = await registerMember(t.app);
    const token = await verificationToken(member.email);
    await t.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token } });
    const again = await t.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token } });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ detail: 'Dieser Link wurde bereits verwendet.', code: 'invalid_token' });
  });

  it('ein Link ist nach 24 Stunden abgelaufen', async () => {
    const member = await registerMember(t.app);
    const token = await verificationToken(member.email);
    await t.app.database.db.execute(
      sql`update auth_tokens set expires_at = now() - interval '1 second' where user_id = ${member.user.id}`,
    );
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      detail: 'Dieser Link ist abgelaufen. Bitte fordere einen neuen an.',
      code: 'invalid_token',
    });
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(member.access_token) });
    expect(me.json().email_verified).toBe(false);
  });

  it.each([
    ['unbekannter Token', { token: 'A'.repeat(43) }],
    ['leerer Token', { token: '' }],
    ['10-kB-Token', { token: 'A'.repeat(10_240) }],
    ['Token als Zahl', { token: 123 }],
  ])('%s wird abgelehnt', async (_label, payload) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload });
    expect([400, 422]).toContain(res.statusCode);
    expect(res.json().detail).toEqual(expect.any(String));
  });

  it('unbekannter Token antwortet 400 mit deutschem detail', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/auth/verify-email?token=${'B'.repeat(43)}` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      detail: 'Dieser Link ist ungültig. Bitte fordere einen neuen an.',
      code: 'invalid_token',
    });
  });

  it('ein Link zum Zurücksetzen bestätigt keine E-Mail-Adresse', async () => {
    const member = await registerMember(t.app);
    await t.app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { email: member.email } });
    const resetToken = linkToken(await waitForMail(t.config.dataDir, member.email, 2), 'reset-password');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/verify-email',
      payload: { token: resetToken },
    });
    expect(res.statusCode).toBe(400);
  });

  it('schickt auf Wunsch eine neue Bestätigungsmail (202); beide Links bestätigen, danach 409', async () => {
    const member = await registerMember(t.app);
    const first = await verificationToken(member.email);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/resend-verification',
      headers: bearer(member.access_token),
    });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ detail: 'Wir haben dir eine neue Bestätigungsmail geschickt.' });
    const second = await verificationToken(member.email, 2);
    expect(second).not.toBe(first);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token: second } }))
        .statusCode,
    ).toBe(200);
    // The older link was retired by the verification.
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token: first } }))
        .statusCode,
    ).toBe(400);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/resend-verification',
      headers: bearer(member.access_token),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      detail: 'Deine E-Mail-Adresse ist bereits bestätigt.',
      code: 'already_verified',
    });
  });

  it('neue Bestätigungsmails brauchen eine Anmeldung und sind auf 5 pro Stunde begrenzt', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/resend-verification' })).statusCode).toBe(
      401,
    );
    const member = await registerMember(t.app);
    const resend = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/resend-verification',
        headers: bearer(member.access_token),
      });
    for (let i = 0; i < 4; i++) expect((await resend()).statusCode).toBe(202);
    const limited = await resend();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().detail).toMatch(
      /^Du hast schon mehrere Bestätigungsmails angefordert\. Bitte versuche es in \d+ Minuten erneut\.$/,
    );
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    await waitForMail(t.config.dataDir, member.email, 5);
    expect(mailsTo(t.config.dataDir, member.email)).toHaveLength(5);
  });
});

describe('Passwort zurücksetzen', () => {
  const requestReset = (email: string, remoteAddress = uniqueIp()) =>
    t.app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { email }, remoteAddress });
  const reset = (token: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, password } });
  const resetToken = (email: string, count = 1) =>
    waitForLinkToken(t.config.dataDir, email, 'reset-password', count);

  it('antwortet für bekannte und unbekannte Adressen gleich mit 202', async () => {
    const member = await registerMember(t.app);
    const known = await requestReset(member.email);
    const unknown = await requestReset(uniqueEmail('niemand'));
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(known.json()).toEqual(RESET_ANSWER);
    expect(unknown.json()).toEqual(RESET_ANSWER);
    expect(known.headers['content-length']).toBe(unknown.headers['content-length']);
    const mail = await waitForMail(t.config.dataDir, member.email, 2);
    expect(mail.subject).toBe('Passwort zurücksetzen');
    expect(mail.text).toMatch(/\/reset-password\?token=[\w-]{43}/);
  });

  it('setzt mit dem Link ein neues Passwort; das alte gilt nicht mehr, alte Sitzungen enden', async () => {
    const member = await registerMember(t.app);
    const oldSession = member.access_token;
    await requestReset(member.email);
    const token = await resetToken(member.email);
    const res = await reset(token, 'neuesPasswort1');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      detail: 'Dein Passwort wurde geändert. Du kannst dich jetzt mit dem neuen Passwort anmelden.',
    });
    expect((await login(t.app, member.email, PASSWORD, uniqueIp())).statusCode).toBe(401);
    const fresh = await login(t.app, member.email, 'neuesPasswort1', uniqueIp());
    expect(fresh.statusCode).toBe(200);
    // Opening the mailed link proved the address.
    expect(fresh.json().user.email_verified).toBe(true);
    const old = await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(oldSession) });
    expect(old.statusCode).toBe(401);
    const current = await t.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: bearer(fresh.json().access_token),
    });
    expect(current.statusCode).toBe(200);
  });

  it('ein Reset-Link funktioniert nur einmal und beendet die anderen Reset-Links', async () => {
    const member = await registerMember(t.app);
    await requestReset(member.email);
    const first = await resetToken(member.email, 1);
    await requestReset(member.email);
    const second = await resetToken(member.email, 2);
    expect((await reset(second, 'neuesPasswort2')).statusCode).toBe(200);
    const reused = await reset(second, 'neuesPasswort3');
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toEqual({ detail: 'Dieser Link wurde bereits verwendet.', code: 'invalid_token' });
    expect((await reset(first, 'neuesPasswort4')).statusCode).toBe(400);
    expect((await login(t.app, member.email, 'neuesPasswort2', uniqueIp())).statusCode).toBe(200);
  });

  it('ein Reset-Link gilt eine Stunde', async () => {
    const member = await registerMember(t.app);
    await requestReset(member.email);
    const token = await resetToken(member.email);
    const [row] = await selectRows(
      t.app.database.db,
      z.object({ lifetime_s: z.number() }),
      sql`select extract(epoch from expires_at - created_at)::int as lifetime_s from auth_tokens
          where user_id = ${member.user.id} and purpose = 'reset_password'`,
    );
    expect(row?.lifetime_s).toBeGreaterThanOrEqual(3599);
    expect(row?.lifetime_s).toBeLessThanOrEqual(3601);
    await t.app.database.db.execute(
      sql`update auth_tokens set expires_at = now() - interval '1 second' where user_id = ${member.user.id}`,
    );
    const res = await reset(token, 'neuesPasswort5');
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe('Dieser Link ist abgelaufen. Bitte fordere einen neuen an.');
    expect((await login(t.app, member.email, PASSWORD, uniqueIp())).statusCode).toBe(200);
  });

  it('ein Bestätigungslink setzt kein Passwort', async () => {
    const member = await registerMember(t.app);
    const token = linkToken(await waitForMail(t.config.dataDir, member.email), 'verify-email');
    expect((await reset(token, 'neuesPasswort6')).statusCode).toBe(400);
  });

  it('prüft das neue Passwort nach den Registrierungsregeln', async () => {
    const member = await registerMember(t.app);
    await requestReset(member.email);
    const token = await resetToken(member.email);
    const weak = await reset(token, 'kurz');
    expect(weak.statusCode).toBe(422);
    expect(weak.json().detail).toContain('mindestens 8 Zeichen');
    expect((await reset(token, 'jetztRichtig7')).statusCode).toBe(200);
  });

  it('schickt höchstens 3 Reset-Mails pro Konto und Stunde, antwortet aber weiter 202', async () => {
    const member = await registerMember(t.app);
    for (let i = 0; i < 3; i++) expect((await requestReset(member.email)).statusCode).toBe(202);
    await waitForMail(t.config.dataDir, member.email, 4);
    const fourth = await requestReset(member.email);
    expect(fourth.statusCode).toBe(202);
    expect(fourth.json()).toEqual(RESET_ANSWER);
    // A later request for someone else is delivered; the fourth for this account is not. The
    // fourth's lookup and quota check (work after the answer) start before its 202, the other's
    // only after a registration and its own 202; a mail either sends is a queued job. Once the
    // other's mail is in the outbox and no mail job is left waiting or running, a mail of the
    // fourth would be there too.
    const other = await registerMember(t.app);
    await requestReset(other.email);
    await waitForMail(t.config.dataDir, other.email, 2);
    await allMailDelivered(t.app);
    expect(mailsTo(t.config.dataDir, member.email)).toHaveLength(4);
  });

  it('nimmt höchstens 5 Anfragen pro Stunde und IP-Adresse an, dann 429 mit Retry-After', async () => {
    const ip = uniqueIp();
    for (let i = 0; i < 5; i++)
      expect((await requestReset(uniqueEmail('irgendwer'), ip)).statusCode).toBe(202);
    const limited = await requestReset(uniqueEmail('irgendwer'), ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      detail: 'Zu viele Anfragen zum Zurücksetzen des Passworts. Bitte versuche es in 60 Minuten erneut.',
      code: 'rate_limited',
    });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(3500);
    expect((await requestReset(uniqueEmail('irgendwer'), uniqueIp())).statusCode).toBe(202);
  });

  it('hebt nach dem Zurücksetzen die Anmeldesperre des Kontos auf', async () => {
    const member = await registerMember(t.app);
    for (let i = 0; i < 10; i++) await login(t.app, member.email, 'falsch123', uniqueIp());
    expect((await login(t.app, member.email, PASSWORD, uniqueIp())).statusCode).toBe(429);
    await requestReset(member.email);
    expect((await reset(await resetToken(member.email), 'neuesPasswort8')).statusCode).toBe(200);
    expect((await login(t.app, member.email, 'neuesPasswort8', uniqueIp())).statusCode).toBe(200);
  });

  it('weist ungültige Eingaben ab, ohne etwas zu speichern', async () => {
    const [before] = await selectRows(
      t.app.database.db,
      z.object({ n: rowCount }),
      sql`select count(*)::int as n from rate_limit_hits`,
    );
    for (const payload of [
      {},
      { email: 5 },
      { email: 'x'.repeat(10_240) },
      { email: 'ünicode@beispiel.de' },
    ]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/password-reset', payload });
      expect(res.statusCode).toBe(422);
    }
    for (const payload of [{}, { token: 'abc' }, { password: 'neuesPasswort9' }, { token: 1, password: 2 }]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload });
      expect(res.statusCode).toBe(422);
    }
    const [after] = await selectRows(
      t.app.database.db,
      z.object({ n: rowCount }),
      sql`select count(*)::int as n from rate_limit_hits`,
    );
    expect(after?.n).toBe(before?.n);
  });
});
