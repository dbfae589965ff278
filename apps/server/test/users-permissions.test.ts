import type { PublicProfile } from '@marketplace/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, type RegisteredMember } from './helpers/accounts.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { permissionCallers, requestAs } from './helpers/permissions.ts';

/**
 * A member's public profile says what the caller may do there (`can`,
 * docs/decisions/0006-module-doors.md point 5), and follow, report and the direct message check
 * the same policy: the web shows 'Folgen' or 'Profil bearbeiten' because the server said so.
 */
let t: TestApp;
let owner: RegisteredMember;
let member: RegisteredMember;
let admin: RegisteredMember;

const NOTHING = { edit: false, follow: false, message: false, report: false };
const OWNER = { edit: true, follow: false, message: false, report: false };
const OTHER = { edit: false, follow: true, message: true, report: true };

beforeAll(async () => {
  t = await startTestApp();
  ({ owner, member, admin } = await permissionCallers(t));
});
afterAll(async () => t?.close());

const send = (who: RegisteredMember, method: 'POST' | 'GET', url: string, payload?: object) =>
  requestAs(t.app, who, method, url, payload);

/** `GET /api/users/{id}` with the given headers; the profile's `can`. */
async function canOn(id: string, headers: Record<string, string> = {}): Promise<PublicProfile['can']> {
  const res = await t.app.inject({ url: `/api/users/${id}`, headers });
  expect(res.statusCode).toBe(200);
  return (res.json() as PublicProfile).can;
}

/** What `who` is answered for follow, direct message and report of member `id`. */
async function writesOn(who: RegisteredMember, id: string) {
  const follow = await send(who, 'POST', `/api/follow/${id}`);
  const message = await send(who, 'POST', '/api/chat/conversations', { user_id: id });
  const report = await send(who, 'POST', `/api/users/${id}/report`, { reason: 'spam' });
  return [follow.statusCode, message.statusCode, report.statusCode];
}

describe("what a viewer may do on a member's profile (can)", () => {
  it('gives a visitor without a token, or with one that does not hold, nothing', async () => {
    expect(await canOn(owner.user.id)).toEqual(NOTHING);
    expect(await canOn(owner.user.id, bearer('abc.def.ghi'))).toEqual(NOTHING);
  });

  it('lets the member edit their own profile, and neither follow, write to nor report themselves', async () => {
    expect(await canOn(owner.user.id, bearer(owner.access_token))).toEqual(OWNER);
    // The same rule refuses the writes: 400 'selbst folgen', 400 'selbst schreiben', 403 'selbst melden'.
    expect(await writesOn(owner, owner.user.id)).toEqual([400, 400, 403]);
  });

  it('lets another member follow, write to and report the member, but not edit the profile', async () => {
    expect(await canOn(owner.user.id, bearer(member.access_token))).toEqual(OTHER);
    expect(await writesOn(member, owner.user.id)).toEqual([201, 201, 201]);
  });

  it('treats an ADMIN like a member on other profiles and as the owner on their own', async () => {
    expect(await canOn(owner.user.id, bearer(admin.access_token))).toEqual(OTHER);
    expect(await writesOn(admin, owner.user.id)).toEqual([201, 201, 201]);
    expect(await canOn(admin.user.id, bearer(admin.access_token))).toEqual(OWNER);
    expect(await writesOn(admin, admin.user.id)).toEqual([400, 400, 403]);
  });
});
