import { followersListSchema, followingListSchema } from '@marketplace/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { rowCount, selectRows } from '../src/db/client.ts';
import { bearer, registerMember } from './helpers/accounts.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';

describe('Folgen', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  const follow = (token: string, userId: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/follow/${encodeURIComponent(userId)}`,
      headers: bearer(token),
    });
  const unfollow = (token: string, userId: string) =>
    t.app.inject({
      method: 'DELETE',
      url: `/api/follow/${encodeURIComponent(userId)}`,
      headers: bearer(token),
    });
  const following = (token: string, query = '') =>
    t.app.inject({ method: 'GET', url: `/api/follow/following${query}`, headers: bearer(token) });
  const followers = (token: string) =>
    t.app.inject({ method: 'GET', url: '/api/follow/followers', headers: bearer(token) });

  it('POST /api/follow/{userId} antwortet 201, auch beim zweiten Mal, und zählt nur einmal', async () => {
    const fan = await registerMember(t.app);
    const star = await registerMember(t.app, { nickname: 'Star' });
    const first = await follow(fan.access_token, star.user.id);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ following: true, followers_count: 1 });
    const second = await follow(fan.access_token, star.user.id);
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual({ following: true, followers_count: 1 });
  });

  it('listet, wem ich folge und wer mir folgt, neueste zuerst, mit Anzeigename und Bild', async () => {
    const me = await registerMember(t.app, { nickname: 'Ich' });
    const a = await registerMember(t.app, { nickname: 'Anton' });
    const b = await registerMember(t.app, { first_name: 'Berta' });
    const c = await registerMember(t.app, {});
    await follow(me.access_token, a.user.id);
    await follow(me.access_token, b.user.id);
    await follow(c.access_token, me.user.id);
    await t.app.database.db.execute(
      sql`update follows set created_at = created_at - interval '1 minute' where followed_id = ${a.user.id}`,
    );
    const mine = await following(me.access_token);
    expect(mine.statusCode).toBe(200);
    const list = followingListSchema.strict().parse(mine.json()).following;
    expect(list.map((entry) => entry.display_name)).toEqual(['Berta', 'Anton']);
    expect(list[0]).toEqual({
      id: b.user.id,
      display_name: 'Berta',
      avatar: null,
      followed_at: expect.any(String),
    });
    const fans = followersListSchema.strict().parse((await followers(me.access_token)).json()).followers;
    expect(fans).toEqual([
      {
        id: c.user.id,
        display_name: expect.stringMatching(/^Mitglied [0-9A-F]{4}$/),
        avatar: null,
        followed_at: expect.any(String),
      },
    ]);
    expect(JSON.stringify(fans)).not.toContain(c.email.split('@')[0]);
    expect(JSON.stringify(fans)).not.toContain('@');
    const page = followingListSchema.parse((await following(me.access_token, '?limit=1&offset=1')).json());
    expect(page.following.map((entry) => entry.display_name)).toEqual(['Anton']);
    expect((await following(me.access_token, '?limit=0')).statusCode).toBe(422);
    expect((await following(me.access_token, '?limit=abc')).statusCode).toBe(422);
  });

  it('DELETE /api/follow/{userId} antwortet 204, auch wenn ich nicht folge', async () => {
    const fan = await registerMember(t.app);
    const star = await registerMember(t.app);
    await follow(fan.access_token, star.user.id);
    const res = await unfollow(fan.access_token, star.user.id);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await following(fan.access_token)).json()).toEqual({ following: [] });
    expect((await unfollow(fan.access_token, star.user.id)).statusCode).toBe(204);
  });

  it('sich selbst folgen wird mit 400 abgelehnt', async () => {
    const me = await registerMember(t.app);
    const res = await follow(me.access_token, me.user.id);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: 'Du kannst dir nicht selbst folgen.', code: 'cannot_follow_self' });
    const [row] = await selectRows(
      t.app.database.db,
      z.object({ n: rowCount }),
      sql`select count(*)::int as n from follows where follower_id = ${me.user.id}`,
    );
    expect(row?.n).toBe(0);
  });

  it.each([
    ['unbekannte UUID', '00000000-0000-4000-8000-000000000000'],
    ['keine UUID', 'niemand'],
    ['10 kB', 'x'.repeat(10_240)],
  ])('%s antwortet 4xx, nie 500, und speichert nichts', async (_label, id) => {
    const me = await registerMember(t.app);
    const res = await follow(me.access_token, id);
    expect([404, 414]).toContain(res.statusCode);
    if (res.statusCode === 404) {
      expect(res.json()).toEqual({ detail: 'Dieses Mitglied gibt es nicht.', code: 'user_not_found' });
    }
    expect((await unfollow(me.access_token, id)).statusCode).toBeGreaterThanOrEqual(400);
    expect((await following(me.access_token)).json()).toEqual({ following: [] });
  });

  it('braucht für alles eine Anmeldung', async () => {
    const star = await registerMember(t.app);
    for (const [method, url] of [
      ['GET', '/api/follow/following'],
      ['GET', '/api/follow/followers'],
      ['POST', `/api/follow/${star.user.id}`],
      ['DELETE', `/api/follow/${star.user.id}`],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('unauthorized');
    }
  });

  it('der Follow endet, wenn eines der Konten gelöscht wird', async () => {
    const fan = await registerMember(t.app);
    const star = await registerMember(t.app);
    await follow(fan.access_token, star.user.id);
    await t.app.database.db.execute(sql`delete from users where id = ${star.user.id}`);
    expect((await following(fan.access_token)).json()).toEqual({ following: [] });
  });
});
