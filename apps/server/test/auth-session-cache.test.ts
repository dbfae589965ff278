import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SessionCache, type SessionMember } from '../src/modules/auth/index.ts';
import { bearer, login, registerMember, waitForLinkToken } from './helpers/accounts.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { adBody, makeAdmin, postAd } from './helpers/marketplace.ts';

/**
 * The session cache (docs/decisions/0007, "The session cache"): a member's requests within
 * seconds share one session lookup, and every change of the session or the member applies to
 * the very next request.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(token) });

describe('Sitzungen im Speicher der Instanz', () => {
  it('200 parallele Anfragen eines Mitglieds: alle 200, die Abmeldung gilt ab der nächsten', async () => {
    const member = await registerMember(t.app);
    const answers = await Promise.all(Array.from({ length: 200 }, () => me(member.access_token)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(200).fill(200));
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: bearer(member.access_token),
    });
    expect(out.statusCode).toBe(204);
    expect((await me(member.access_token)).statusCode).toBe(401);
  });

  it('eine Rollenänderung durch die Administration gilt ab der nächsten Anfrage', async () => {
    const admin = await registerMember(t.app);
    await makeAdmin(t, admin.user.id);
    const member = await registerMember(t.app);
    expect((await me(member.access_token)).json().role).not.toBe('ADMIN');
    const changed = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/members/${member.user.id}/role`,
      headers: bearer(admin.access_token),
      payload: { role: 'ADMIN', reason: 'Verstärkt das Moderationsteam' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await me(member.access_token)).json().role).toBe('ADMIN');
    const stats = await t.app.inject({
      method: 'GET',
      url: '/api/admin/stats',
      headers: bearer(member.access_token),
    });
    expect(stats.statusCode).toBe(200);
  });

  it('die Bestätigung der E-Mail-Adresse gilt ab der nächsten Anfrage: Anzeigen aufgeben geht sofort', async () => {
    const member = await registerMember(t.app);
    const refused = await postAd(t, member.access_token, adBody());
    expect(refused.statusCode).toBe(403);
    const token = await waitForLinkToken(t.config.dataDir, member.email, 'verify-email');
    const verified = await t.app.inject({ method: 'GET', url: `/api/auth/verify-email?token=${token}` });
    expect(verified.statusCode).toBe(200);
    expect((await me(member.access_token)).json().email_verified).toBe(true);
    const posted = await postAd(t, member.access_token, adBody());
    expect(posted.statusCode, posted.body).toBe(201);
  });

  it('„Alle anderen Geräte abmelden“ beendet die zwischengespeicherten Sitzungen der anderen Geräte', async () => {
    const member = await registerMember(t.app);
    const other = (await login(t.app, member.email, member.password)).json().access_token as string;
    expect((await me(other)).statusCode).toBe(200);
    const ended = await t.app.inject({
      method: 'DELETE',
      url: '/api/auth/sessions',
      headers: bearer(member.access_token),
    });
    expect(ended.statusCode).toBeLessThan(300);
    expect((await me(other)).statusCode).toBe(401);
    expect((await me(member.access_token)).statusCode).toBe(200);
  });
});

describe('SessionCache', () => {
  const member: SessionMember = {
    id: '00000000-0000-4000-8000-000000000001',
    email: 'anna@beispiel.de',
    role: 'SELLER',
    emailVerified: true,
    sessionId: '00000000-0000-4000-8000-0000000000aa',
  };

  it('behält keine Antwort einer Abfrage, die vor einem Verwerfen begann', () => {
    const cache = new SessionCache();
    const generation = cache.begin();
    cache.forget(member.id, [member.sessionId]);
    cache.set(member, generation, 60_000);
    expect(cache.get(member.sessionId, member.id)).toBeUndefined();
    cache.set(member, cache.begin(), 60_000);
    expect(cache.get(member.sessionId, member.id)).toEqual(member);
  });

  it('antwortet nur für das Mitglied der Sitzung, nie über das Ablaufdatum hinaus', () => {
    const cache = new SessionCache(60_000);
    cache.set(member, cache.begin(), 60_000);
    expect(cache.get(member.sessionId, '00000000-0000-4000-8000-000000000002')).toBeUndefined();
    const expired = { ...member, sessionId: '00000000-0000-4000-8000-0000000000bb' };
    cache.set(expired, cache.begin(), -1);
    expect(cache.get(expired.sessionId, member.id)).toBeUndefined();
  });

  it('verwirft alle Sitzungen eines Mitglieds und hält die Höchstzahl ein', () => {
    const cache = new SessionCache(60_000, 2);
    const sessions = ['a', 'b', 'c'].map((letter) => ({
      ...member,
      sessionId: `00000000-0000-4000-8000-0000000000${letter}${letter}`,
    }));
    for (const session of sessions) cache.set(session, cache.begin(), 60_000);
    expect(sessions.map((s) => cache.get(s.sessionId, member.id) !== undefined)).toEqual([false, true, true]);
    cache.forget(member.id);
    expect(sessions.map((s) => cache.get(s.sessionId, member.id))).toEqual([undefined, undefined, undefined]);
  });
});
