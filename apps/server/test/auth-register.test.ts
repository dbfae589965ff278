import fs from 'node:fs';
import path from 'node:path';
import { REGISTERED_MESSAGE, userSchema } from '@marketplace/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { rowCount, rowDate, selectRows } from '../src/db/client.ts';
import { createMailer } from '../src/lib/mailer.ts';
import {
  linkToken,
  login,
  PASSWORD,
  registerMember,
  uniqueEmail,
  uniqueIp,
  waitForMail,
} from './helpers/accounts.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { enqueuedMails } from './helpers/mail-queue.ts';

// Records the costs of each password hash of the argon2 library (not of our code), so the test
// can see that both kinds of registration hash once, without timing.
const argon2 = vi.hoisted(() => ({ hashedWith: [] as unknown[] }));
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@node-rs/argon2')>();
  return {
    ...actual,
    hash: (...args: Parameters<typeof actual.hash>) => {
      argon2.hashedWith.push(args[1]);
      return actual.hash(...args);
    },
  };
});

describe('Registrierung', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ PUBLIC_URL: 'https://markt.example' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const count = async (table: string) =>
    (
      await selectRows(
        t.app.database.db,
        z.object({ n: rowCount }),
        sql.raw(`select count(*)::int as n from ${table}`),
      )
    )[0]?.n;

  it('legt ein unbestätigtes SELLER-Konto an, antwortet nur „E-Mail geschickt“ (202); danach meldet es sich an', async () => {
    const email = uniqueEmail('Neu');
    const ip = uniqueIp();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        email: `  ${email.toUpperCase()} `,
        password: PASSWORD,
        nickname: ' Flohmarktfan ',
        first_name: 'Anna',
      },
      remoteAddress: ip,
    });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ detail: REGISTERED_MESSAGE });
    expect(REGISTERED_MESSAGE).toContain('Wir haben dir eine E-Mail geschickt');
    const session = await login(t.app, email, PASSWORD, ip);
    expect(session.statusCode).toBe(200);
    expect(userSchema.strict().parse(session.json().user)).toMatchObject({
      email: email.toLowerCase(),
      role: 'SELLER',
      nickname: 'Flohmarktfan',
      first_name: 'Anna',
      last_name: null,
      avatar: null,
      email_verified: false,
    });
    expect(res.body).not.toContain('argon2');
  });

  it('speichert das Passwort nur als argon2id-Hash mit den OWASP-Parametern', async () => {
    const member = await registerMember(t.app);
    const [row] = await selectRows(
      t.app.database.db,
      z.object({ password_hash: z.string() }),
      sql`select password_hash from users where id = ${member.user.id}`,
    );
    expect(row?.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row?.password_hash).not.toContain(PASSWORD);
  });

  it('schickt eine deutsche Bestätigungsmail mit Link auf /verify-email in den Ausgang', async () => {
    const member = await registerMember(t.app, { nickname: 'Jörg <b>' });
    const mail = await waitForMail(t.config.dataDir, member.email);
    expect(mail.subject).toBe('Bitte bestätige deine E-Mail-Adresse');
    expect(mail.raw).toMatch(/^From: .+$/m);
    expect(mail.raw).toMatch(/^Date: .+$/m);
    expect(mail.raw).toMatch(/^Message-ID: <.+>$/m);
    expect(mail.text).toContain('Hallo Jörg <b>,');
    expect(mail.text).toMatch(/https:\/\/markt\.example\/verify-email\?token=[\w-]{43}\n/);
    expect(mail.html).toContain('Jörg &#60;b&#62;');
    expect(mail.html).toContain(
      `https://markt.example/verify-email?token=${linkToken(mail, 'verify-email')}`,
    );
    const stat = fs.statSync(mail.file);
    expect(path.dirname(mail.file)).toBe(path.join(t.config.dataDir, 'outbox'));
    expect(stat.mode & 0o777).toBe(0o600);
  });

  it('speichert vom Bestätigungstoken nur den SHA-256-Hash', async () => {
    const member = await registerMember(t.app);
    const token = linkToken(await waitForMail(t.config.dataDir, member.email), 'verify-email');
    const rows = await selectRows(
      t.app.database.db,
      z.object({ token_hash: z.string(), expires_at: rowDate, created_at: rowDate }),
      sql`select token_hash, expires_at, created_at from auth_tokens where user_id = ${member.user.id}`,
    );
    expect(rows).toHaveLength(1);
    const { createHash } = await import('node:crypto');
    expect(rows[0]?.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    const lifetimeH = (Number(rows[0]?.expires_at) - Number(rows[0]?.created_at)) / 3_600_000;
    expect(lifetimeH).toBeCloseTo(24, 1);
  });

  it('eine schon registrierte Adresse (auch anders geschrieben) bekommt dieselbe Antwort, ihr Konto bleibt, die Inhaberin eine Mail', async () => {
    const member = await registerMember(t.app, { nickname: 'Inhaberin' });
    await waitForMail(t.config.dataDir, member.email);
    const before = await count('users');
    const fresh = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: uniqueEmail('frisch'), password: 'Anderes-Moos-4567' },
      remoteAddress: uniqueIp(),
    });
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: `  ${member.email.toUpperCase()}`, password: 'Anderes-Moos-4567' },
      remoteAddress: uniqueIp(),
    });
    expect(again.statusCode).toBe(fresh.statusCode);
    expect(again.statusCode).toBe(202);
    expect(again.body).toBe(fresh.body);
    expect(Object.keys(again.headers).sort()).toEqual(Object.keys(fresh.headers).sort());
    expect(await count('users')).toBe((before ?? 0) + 1);
    // The old password still works, the new one does not.
    expect((await login(t.app, member.email, PASSWORD, uniqueIp())).statusCode).toBe(200);
    expect((await login(t.app, member.email, 'Anderes-Moos-4567', uniqueIp())).statusCode).toBe(401);
    const mail = await waitForMail(t.config.dataDir, member.email, 2);
    expect(mail.subject).toBe('Jemand wollte mit deiner E-Mail-Adresse ein Konto anlegen');
    expect(mail.text).toContain('Hallo Inhaberin,');
    expect(mail.text).toContain('https://markt.example/login');
    expect(mail.text).toContain('https://markt.example/password-reset');
    expect(mail.text).not.toContain('verify-email');
  });

  it('braucht für eine registrierte Adresse dieselbe teure Arbeit wie für eine neue: einen Passwort-Hash und eine geschriebene Mail vor der Antwort', async () => {
    const member = await registerMember(t.app);
    // One registration's hashes (their costs) and the mails it had enqueued when it answered.
    const work = async (email: string) => {
      argon2.hashedWith = [];
      const mailsBefore = await enqueuedMails(t.app);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { email, password: 'Anderes-Moos-4567' },
        remoteAddress: uniqueIp(),
      });
      expect(res.statusCode).toBe(202);
      return { hashedWith: [...argon2.hashedWith], mails: (await enqueuedMails(t.app)) - mailsBefore };
    };
    const known = await work(member.email);
    const fresh = await work(uniqueEmail('zeit'));
    // Without the hash (or the mail and its committed write) on one side, that side answered in
    // a fraction of the other's time (docs/decisions/0008).
    expect(fresh).toEqual({
      hashedWith: [{ algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 }],
      mails: 1,
    });
    expect(known).toEqual(fresh);
  });

  // Letters only or digits only is no rule of its own (docs/decisions/0033): such passwords are
  // refused when, and because, they are easy to guess.
  it.each([
    'password123',
    'Passwort1',
    'geheim123',
    'Geheim123',
    'Sommer2024',
    'Kinderwagen1',
    'nurbuchstaben',
    '1234567890',
  ])(
    'lehnt das leicht zu erratende Passwort %s mit 422 am Feld password ab und sagt, was ginge',
    async (password) => {
      const before = await count('users');
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { email: uniqueEmail('schwach'), password },
        remoteAddress: uniqueIp(),
      });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({
        detail:
          "Feld 'password': Dieses Passwort ist leicht zu erraten. Nimm einen längeren Satz aus mehreren Wörtern oder füge seltene Wörter hinzu.",
        code: 'weak_password',
      });
      expect(await count('users')).toBe(before);
    },
  );

  it('lehnt ein Passwort aus der eigenen E-Mail-Adresse oder dem Namen ab', async () => {
    const viaMail = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: 'kunigunde.brettschneider@beispiel.de', password: 'Brettschneider2026' },
      remoteAddress: uniqueIp(),
    });
    expect(viaMail.statusCode).toBe(422);
    expect(viaMail.json().code).toBe('weak_password');
    const viaName = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: uniqueEmail('name'), password: 'Wolkenschieber1', nickname: 'Wolkenschieber' },
      remoteAddress: uniqueIp(),
    });
    expect(viaName.statusCode).toBe(422);
    expect(viaName.json().code).toBe('weak_password');
  });

  const long = 'x'.repeat(10_240);
  it.each([
    ['ohne Felder', {}],
    ['ohne Passwort', { email: 'ohne.passwort@beispiel.de' }],
    ['ohne E-Mail', { password: PASSWORD }],
    ['E-Mail als Zahl', { email: 42, password: PASSWORD }],
    ['Passwort als Array', { email: 'array@beispiel.de', password: ['geheim123'] }],
    ['Spitzname als Objekt', { email: 'objekt@beispiel.de', password: PASSWORD, nickname: { a: 1 } }],
    ['ungültige E-Mail', { email: 'kein-at-zeichen', password: PASSWORD }],
    ['Unicode-E-Mail', { email: 'jürgen@müller.de', password: PASSWORD }],
    ['10-kB-E-Mail', { email: `${long}@beispiel.de`, password: PASSWORD }],
    ['10-kB-Passwort', { email: 'lang@beispiel.de', password: `a1${long}` }],
    ['10-kB-Spitzname', { email: 'name@beispiel.de', password: PASSWORD, nickname: long }],
    ['Steuerzeichen im Namen', { email: 'steuer@beispiel.de', password: PASSWORD, last_name: 'A\u0000B' }],
    ['zu kurzes Passwort', { email: 'kurz@beispiel.de', password: 'abc1' }],
  ])('weist %s mit 4xx ab und speichert nichts', async (_label, payload) => {
    const [users, tokens, hits, mails] = [
      await count('users'),
      await count('auth_tokens'),
      await count('rate_limit_hits'),
      await enqueuedMails(t.app),
    ];
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload,
      remoteAddress: uniqueIp(),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'validation', detail: expect.any(String) });
    expect(res.body.length).toBeLessThan(1000);
    expect([await count('users'), await count('auth_tokens'), await count('rate_limit_hits')]).toEqual([
      users,
      tokens,
      hits,
    ]);
    expect(await enqueuedMails(t.app)).toBe(mails);
  });

  it('nennt bei ungültigen Feldern das Feld und einen deutschen Grund', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: 'kurz2@beispiel.de', password: 'abc' },
      remoteAddress: uniqueIp(),
    });
    expect(res.json().detail).toBe("Feld 'password': Das Passwort muss mindestens 8 Zeichen lang sein.");
  });

  it('weist kaputtes JSON mit 400 ab', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(res.statusCode).toBe(400);
  });

  it('erlaubt höchstens 20 Registrierungen pro Stunde und IP-Adresse, dann 429 mit Retry-After', async () => {
    const ip = uniqueIp();
    for (let i = 0; i < 20; i++) await registerMember(t.app, {}, ip);
    const before = await count('users');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: uniqueEmail(), password: PASSWORD },
      remoteAddress: ip,
    });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({
      detail: 'Zu viele Registrierungen von dieser Adresse. Bitte versuche es in 60 Minuten erneut.',
      code: 'rate_limited',
    });
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(await count('users')).toBe(before);
    // Another address is not affected.
    await registerMember(t.app, {}, uniqueIp());
  });
});

describe('Mail-Ausgang', () => {
  it('schreibt eine .eml-Datei und eine Logzeile ohne Token oder Inhalt', async () => {
    const dir = fs.mkdtempSync(path.join((await import('node:os')).tmpdir(), 'outbox-'));
    const lines: Array<{ object: object; message: string }> = [];
    const mailer = createMailer({
      smtpUrl: undefined,
      from: 'Marktplatz <no-reply@localhost>',
      outboxDir: dir,
      log: { info: (object, message) => lines.push({ object, message }) },
    });
    const token = 'GEHEIMES-TOKEN-123';
    await mailer.send({
      to: 'empfaenger@beispiel.de',
      subject: 'Passwort zurücksetzen',
      text: `Link: https://markt.example/reset-password?token=${token}`,
      html: `<a href="https://markt.example/reset-password?token=${token}">Link</a>`,
    });
    const files = fs.readdirSync(dir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    expect(fs.readFileSync(path.join(dir, files[0] as string), 'utf8')).toContain(
      'To: empfaenger@beispiel.de',
    );
    expect(lines).toHaveLength(1);
    expect(lines[0]?.message).toBe('mail written to outbox');
    expect(JSON.stringify(lines)).toContain('empfaenger@beispiel.de');
    expect(JSON.stringify(lines)).not.toContain(token);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
