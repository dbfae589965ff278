import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { bearer, type RegisteredMember } from './accounts.ts';
import type { TestApp } from './app.ts';
import { makeAdmin, verifiedMember } from './marketplace.ts';

/** A request of the forum tests: as a member (bearer token) or, with `who` null, as a visitor. */
export type MemberCall = (
  who: RegisteredMember | null,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
  remoteAddress?: string,
) => Promise<LightMyRequestResponse>;

/**
 * Requests to the test app that `app()` returns when called (it is started in `beforeAll`),
 * with `payload` as the JSON body and `remoteAddress` as the caller's address when given.
 */
export function memberCall(app: () => TestApp): MemberCall {
  return (who, method, url, payload, remoteAddress) =>
    app().app.inject({
      method,
      url,
      ...(who ? { headers: bearer(who.access_token) } : {}),
      ...(payload !== undefined ? { payload: payload as object } : {}),
      ...(remoteAddress ? { remoteAddress } : {}),
    });
}

/**
 * Makes members' accounts 30 days old, past the forum's window of new accounts (7 days), so the
 * hourly limits of new accounts do not apply to them.
 */
export async function establishAccounts(t: TestApp, members: RegisteredMember[]): Promise<void> {
  const ids = members.map((member) => sql`${member.user.id}::uuid`);
  await t.db.handle.db.execute(
    sql`update users set created_at = now() - interval '30 days' where id in (${sql.join(ids, sql`, `)})`,
  );
}

/**
 * The members of the forum tests, with verified e-mails and established accounts: Anna and
 * Bernd, and Admina, an ADMIN.
 */
export async function forumMembers(
  t: TestApp,
): Promise<{ anna: RegisteredMember; bernd: RegisteredMember; admin: RegisteredMember }> {
  const anna = await verifiedMember(t, { nickname: 'Anna' });
  const bernd = await verifiedMember(t, { nickname: 'Bernd' });
  const admin = await verifiedMember(t, { nickname: 'Admina' });
  await makeAdmin(t, admin.user.id);
  await establishAccounts(t, [anna, bernd, admin]);
  return { anna, bernd, admin };
}
