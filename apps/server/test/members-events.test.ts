import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DomainEvents } from '../src/realtime/event-bus.ts';
import { bearer, linkToken, PASSWORD, registerMember, uniqueEmail, waitForMail } from './helpers/accounts.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { multipart } from './helpers/marketplace.ts';

type MemberEvent = 'user.followed' | 'user.unfollowed' | 'user.updated' | 'user.deleted';

/**
 * The members' domain events (ARCHITECTURE.md "modules"): what other modules, such as the ads
 * with their seller cards, hear after a change has committed.
 */
describe('Ereignisse der Mitglieder', () => {
  let t: TestApp;
  const seen: { type: MemberEvent; payload: DomainEvents[MemberEvent] }[] = [];
  beforeAll(async () => {
    t = await startTestApp();
    for (const type of ['user.followed', 'user.unfollowed', 'user.updated', 'user.deleted'] as const) {
      t.app.events.on(type, (payload) => {
        seen.push({ type, payload });
      });
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  /** The events seen while `action` ran. */
  async function during(action: () => Promise<unknown>) {
    const from = seen.length;
    await action();
    return seen.slice(from);
  }

  it('Folgen und Entfolgen melden user.followed und user.unfollowed, Wiederholungen nichts', async () => {
    const fan = await registerMember(t.app);
    const star = await registerMember(t.app);
    const follow = (method: 'POST' | 'DELETE') =>
      t.app.inject({ method, url: `/api/follow/${star.user.id}`, headers: bearer(fan.access_token) });
    const pair = { followerId: fan.user.id, followeeId: star.user.id };
    expect(await during(() => follow('POST'))).toEqual([{ type: 'user.followed', payload: pair }]);
    expect(await during(() => follow('POST'))).toEqual([]);
    expect(await during(() => follow('DELETE'))).toEqual([{ type: 'user.unfollowed', payload: pair }]);
    expect(await during(() => follow('DELETE'))).toEqual([]);
  });

  it('Name, Profilbild und bestätigte neue E-Mail-Adresse melden user.updated', async () => {
    const member = await registerMember(t.app);
    const updated = [{ type: 'user.updated', payload: { userId: member.user.id } }];
    const profile = await during(() =>
      t.app.inject({
        method: 'PATCH',
        url: '/api/me',
        headers: bearer(member.access_token),
        payload: { nickname: 'Neuer Name' },
      }),
    );
    expect(profile).toEqual(updated);

    const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#f00' } })
      .png()
      .toBuffer();
    const body = multipart(png, 'a.png', 'image/png');
    const avatar = await during(async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/me/avatar',
        headers: { ...bearer(member.access_token), ...body.headers },
        payload: body.payload,
      });
      expect(res.statusCode).toBe(200);
    });
    expect(avatar).toEqual(updated);
    const removed = await during(() =>
      t.app.inject({ method: 'DELETE', url: '/api/me/avatar', headers: bearer(member.access_token) }),
    );
    expect(removed).toEqual(updated);

    const newEmail = uniqueEmail('umgezogen');
    const requested = await t.app.inject({
      method: 'POST',
      url: '/api/me/email',
      headers: bearer(member.access_token),
      payload: { email: newEmail, password: PASSWORD },
    });
    expect(requested.statusCode).toBe(202);
    const token = linkToken(await waitForMail(t.config.dataDir, newEmail), 'verify-email');
    const confirmed = await during(async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token } });
      expect(res.statusCode).toBe(200);
    });
    expect(confirmed).toEqual(updated);
  });

  it('ein abgelehntes Profilbild meldet nichts', async () => {
    const member = await registerMember(t.app);
    const body = multipart(Buffer.from('kein Bild'), 'a.png', 'image/png');
    const events = await during(async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/me/avatar',
        headers: { ...bearer(member.access_token), ...body.headers },
        payload: body.payload,
      });
      expect(res.statusCode).toBe(415);
    });
    expect(events).toEqual([]);
  });

  it('das Löschen des Kontos meldet user.deleted nach dem Commit', async () => {
    const member = await registerMember(t.app);
    let stillThere: number | undefined;
    const off = t.app.events.on('user.deleted', async ({ userId }) => {
      // After the commit the account is gone for every reader.
      const res = await t.app.inject({ method: 'GET', url: `/api/users/${userId}` });
      stillThere = res.statusCode;
    });
    const events = await during(async () => {
      const res = await t.app.inject({
        method: 'DELETE',
        url: '/api/me',
        headers: bearer(member.access_token),
        payload: { password: PASSWORD },
      });
      expect(res.statusCode).toBe(204);
    });
    off();
    expect(events).toEqual([{ type: 'user.deleted', payload: { userId: member.user.id } }]);
    expect(stillThere).toBe(404);
  });
});
