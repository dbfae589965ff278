import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DEFAULT_TERMS_VERSION } from '../src/config.ts';
import { rowDate, selectRows } from '../src/db/client.ts';
import { bearer, registerMember } from './helpers/accounts.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';

const CURRENT = '2030-05-01';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ TERMS_VERSION: CURRENT });
});
afterAll(async () => t?.close());

/** The member's stored acceptance time (`terms_accepted_at`), null when none is stored. */
const acceptedAt = async (userId: string) => {
  const [row] = await selectRows(
    t.db.handle.db,
    z.object({ accepted: rowDate.nullable() }),
    sql`select terms_accepted_at as accepted from users where id = ${userId}`,
  );
  return row?.accepted;
};

const accept = (token: string, version: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/me/terms', headers: bearer(token), payload: { version } });

/** A member whose stored acceptance is `version` (null: none), as after an AGB change. */
async function memberWithTerms(version: string | null) {
  const member = await registerMember(t.app);
  await t.db.handle.db.execute(
    sql`update users set terms_version = ${version}, terms_accepted_at = ${version ? new Date('2020-01-01') : null} where id = ${member.user.id}`,
  );
  return member;
}

describe('AGB acceptance', () => {
  it('stores the current version at registration and shows it in /api/me', async () => {
    const member = await registerMember(t.app);
    expect(member.user.terms_version).toBe(CURRENT);
    const me = await t.app.inject({ url: '/api/me', headers: bearer(member.access_token) });
    expect(me.json()).toMatchObject({ id: member.user.id, email: member.email, terms_version: CURRENT });
    expect(await acceptedAt(member.user.id)).not.toBeNull();
  });

  it('the site answers the version members are asked to accept', async () => {
    expect((await t.app.inject({ url: '/api/site' })).json().terms_version).toBe(CURRENT);
    expect(DEFAULT_TERMS_VERSION).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('a member with an older or no version accepts the current one once', async () => {
    for (const old of ['2020-01-01', null]) {
      const member = await memberWithTerms(old);
      const before = await t.app.inject({ url: '/api/me', headers: bearer(member.access_token) });
      expect(before.json().terms_version).toBe(old);
      const res = await accept(member.access_token, CURRENT);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: member.user.id, terms_version: CURRENT });
      const after = await t.app.inject({ url: '/api/me', headers: bearer(member.access_token) });
      expect(after.json().terms_version).toBe(CURRENT);
      const accepted = await acceptedAt(member.user.id);
      expect(Date.now() - (accepted as Date).getTime()).toBeLessThan(60_000);
    }
  });

  it('refuses another version with a German 409 and stores nothing', async () => {
    const member = await memberWithTerms('2020-01-01');
    const res = await accept(member.access_token, '2029-01-01');
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe(
      'Die AGB wurden inzwischen geändert. Bitte lade die Seite neu und lies die aktuelle Fassung.',
    );
    const me = await t.app.inject({ url: '/api/me', headers: bearer(member.access_token) });
    expect(me.json().terms_version).toBe('2020-01-01');
  });

  it('refuses a malformed version (422) and a request without login (401)', async () => {
    const member = await memberWithTerms(null);
    const bad = await accept(member.access_token, 'gestern');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail).toContain('AGB-Version');
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/me/terms',
      headers: bearer(member.access_token),
      payload: {},
    });
    expect(missing.statusCode).toBe(422);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/me/terms',
      payload: { version: CURRENT },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('200 acceptances at once all answer the current version and keep one acceptance time', async () => {
    const member = await memberWithTerms('2020-01-01');
    const answers = await Promise.all(
      Array.from({ length: 200 }, () => accept(member.access_token, CURRENT)),
    );
    expect(answers.map((res) => res.statusCode)).toEqual(Array(200).fill(200));
    expect(new Set(answers.map((res) => res.json().terms_version))).toEqual(new Set([CURRENT]));
    const [row] = await selectRows(
      t.db.handle.db,
      z.object({ version: z.string() }),
      sql`select terms_version as version from users where id = ${member.user.id}`,
    );
    expect(row?.version).toBe(CURRENT);
  });
});
