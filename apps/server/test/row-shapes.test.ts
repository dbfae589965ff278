import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import type { Listing } from '@marketplace/contract';
import { sql, TransactionRollbackError } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RowShapeError } from '../src/db/client.ts';
import { notifyMemberInTransaction } from '../src/modules/notifications/index.ts';
import { bearer, login, type RegisteredMember, registerMember, uniqueIp } from './helpers/accounts.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { createAd, makeAdmin, verifiedMember } from './helpers/marketplace.ts';

/**
 * Every module's raw SQL parses its rows (docs/decisions/0034-rows-of-raw-sql-are-parsed.md): a
 * row the database hands over in another shape than the query declares (a timestamp that is no
 * point in time, a status or role the code does not know, a null where none may be) fails with a
 * `RowShapeError` that names the statement and the field, and the request answers 500 instead
 * of passing a wrong value on. Per module one of its reads, on the running application and its
 * database; the request's logged error shows what was refused. (The verification module's only
 * raw read is a pair of counts cast to `int` in SQL, which no stored row can change.)
 */

let t: TestApp;
/** The application's log lines (JSON, level error and above). */
const logLines: string[] = [];
let admin: RegisteredMember;
let seller: RegisteredMember;
let buyer: RegisteredMember;
let ad: Listing;

beforeAll(async () => {
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  t = await startTestApp({ LOG_LEVEL: 'error' }, { logStream });
  [admin, seller, buyer] = await Promise.all([verifiedMember(t), verifiedMember(t), verifiedMember(t)]);
  await makeAdmin(t, admin.user.id);
  ad = await createAd(t, seller.access_token, { title: 'Sessel aus Leder' });
});
afterAll(async () => t?.close());

/** The error logged for the request that answered `res` (matched by its X-Request-Id). */
function loggedError(res: LightMyRequestResponse): Record<string, unknown> | undefined {
  const id = res.headers['x-request-id'];
  for (const line of logLines) {
    const entry = JSON.parse(line) as { reqId?: string; err?: Record<string, unknown> };
    if (entry.reqId === id && entry.err) return entry.err;
  }
  return undefined;
}

/**
 * Asserts that `err` (a `RowShapeError`, or one as logged) refused a row of the statement starting
 * with `statement` for its field `field` (a dotted path in the row).
 */
function expectShapeError(err: Record<string, unknown> | undefined, statement: RegExp, field: string): void {
  expect(err?.type ?? err?.name).toBe('RowShapeError');
  expect(err?.statement).toMatch(statement);
  // The first step of an issue's path is the row's index in the answer.
  const paths = ((err?.issues ?? []) as { path: (string | number)[] }[]).map((issue) =>
    issue.path.slice(1).join('.'),
  );
  expect(
    paths.some((path) => path === field || path.startsWith(`${field}.`)),
    paths.join(', '),
  ).toBe(true);
  expect(err?.message).toContain(field);
}

/** Asserts that `res` answered 500 for a refused row ({@link expectShapeError}). */
async function expectRefusedRow(
  res: LightMyRequestResponse,
  statement: RegExp,
  field: string,
): Promise<void> {
  expect(res.statusCode, res.body).toBe(500);
  await expect.poll(() => loggedError(res), { message: 'no error logged for the request' }).toBeDefined();
  expectShapeError(loggedError(res), statement, field);
}

const as = (member: RegisteredMember, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(member.access_token), ...(payload ? { payload } : {}) });

describe('a row of the wrong shape is refused, naming the statement and the field', () => {
  it('admin: a member whose creation time is no point in time', async () => {
    const member = await registerMember(t.app, { nickname: `Zeitlos${Date.now() % 100_000}` });
    await t.db.handle.db.execute(
      sql`update users set created_at = 'infinity' where id = ${member.user.id}::uuid`,
    );
    const res = await as(admin, 'GET', `/api/admin/members?q=${encodeURIComponent(member.user.email)}`);
    await expectRefusedRow(res, /^select u\.id, u\.email, u\.nickname/, 'created_at');
  });

  it('auth: a failed login stored with a time that is no point in time', async () => {
    const member = await registerMember(t.app);
    const ip = uniqueIp();
    expect((await login(t.app, member.user.email, 'Falsches-Passwort-1', ip)).statusCode).toBe(401);
    await t.db.handle.db.execute(
      sql`update failed_logins set created_at = 'infinity' where email = ${member.user.email}`,
    );
    const res = await login(t.app, member.user.email, 'Falsches-Passwort-1', ip);
    await expectRefusedRow(res, /^select \(select array_agg\(created_at\) from/, 'pair');
  });

  it('chat: an earlier message with the same client id whose time is no point in time', async () => {
    const opened = await as(buyer, 'POST', '/api/chat/conversations', { listing_id: ad.id });
    expect([200, 201], opened.body).toContain(opened.statusCode);
    const conversationId = (opened.json() as { id: string }).id;
    const message = { client_id: randomUUID(), content: 'Ist der Sessel noch zu haben?' };
    const url = `/api/chat/conversations/${conversationId}/messages`;
    const sent = await as(buyer, 'POST', url, message);
    expect(sent.statusCode, sent.body).toBeLessThan(300);
    await t.db.handle.db.execute(
      sql`update chat_messages set created_at = 'infinity' where conversation_id = ${conversationId}::uuid`,
    );
    await expectRefusedRow(await as(buyer, 'POST', url, message), /^with earlier as/, 'earlier.created_at');
  });

  it('forum: a thread whose last post time is no point in time', async () => {
    await t.db.handle.db.execute(
      sql`insert into forum_threads (category_id, author_id, title, last_post_at)
          values ('business', ${seller.user.id}::uuid, 'Zeitlose Frage', 'infinity')`,
    );
    const res = await t.app.inject({ method: 'GET', url: '/api/forum/categories' });
    await expectRefusedRow(res, /^select c\.id as category_id, t\.id, t\.title/, 'last_post_at');
  });

  it('listings: an ad in a status the code does not know', async () => {
    const other = await createAd(t, seller.access_token, { title: 'Stehlampe aus Messing' });
    await t.db.handle.db.execute(sql`alter table listings drop constraint listings_status_check`);
    await t.db.handle.db.execute(sql`update listings set status = 'archiviert' where id = ${other.id}::uuid`);
    const res = await t.app.inject({ method: 'GET', url: `/api/listings/${other.id}` });
    await expectRefusedRow(res, /^select l\.id/, 'status');
  });

  it('moderation: an earlier warning whose time is no point in time', async () => {
    const removed = await createAd(t, seller.access_token, { title: 'Gefälschte Uhr' });
    const reported = await as(buyer, 'POST', `/api/listings/${removed.id}/report`, { reason: 'fraud' });
    expect(reported.statusCode, reported.body).toBe(201);
    await t.db.handle.db.execute(
      sql`insert into moderation_decisions (target_type, target_id, affected_user_id, action, ground, text, created_at)
          values ('listing', ${ad.id}::uuid, ${seller.user.id}::uuid, 'warning', 'agb_fraud', 'Verwarnung', 'infinity')`,
    );
    const res = await as(admin, 'POST', '/api/admin/moderation/decisions', {
      target_type: 'listing',
      target_id: removed.id,
      action: 'remove',
      ground: 'agb_fraud',
      text: 'Die Fotos stammen aus einem fremden Inserat; verlangt wird Vorkasse über einen Link.',
    });
    await expectRefusedRow(res, /^select count\(\*\) filter \(where action = 'remove'/, 'warning');
  });

  it('notifications: a stored notification whose time is no point in time', async () => {
    let refused: unknown;
    await t.db.handle.db
      .transaction(async (tx) => {
        // Only in this transaction, which is rolled back: new notifications get a time that is none.
        await tx.execute(sql`alter table notifications alter column created_at set default 'infinity'`);
        refused = await notifyMemberInTransaction(
          tx,
          {
            realtime: t.app.realtime,
            mailer: t.app.mailer,
            publicUrl: t.config.publicUrl,
            siteName: t.config.siteName,
          },
          buyer.user.id,
          { type: 'follow', title: 'Neuer Follower', message: 'Jemand folgt dir.', link: '/mitglieder' },
          { userId: null, listingId: null },
        ).catch((error: unknown) => error);
        tx.rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof TransactionRollbackError)) throw error;
      });
    expect(refused).toBeInstanceOf(RowShapeError);
    expectShapeError(
      { ...(refused as RowShapeError), message: (refused as RowShapeError).message },
      /^with s as/,
      'row.created_at',
    );
  });

  it('places: a place without its federal state', async () => {
    await t.db.handle.db.execute(sql`alter table postal_codes alter column state drop not null`);
    await t.db.handle.db.execute(sql`update postal_codes set state = null where place = 'München'`);
    const res = await t.app.inject({ method: 'GET', url: '/api/places?q=M%C3%BCnchen' });
    await expectRefusedRow(res, /^select postal_code, place, state from/, 'state');
  });

  it('users: a member card whose e-mail check time is no point in time', async () => {
    const member = await verifiedMember(t);
    await t.db.handle.db.execute(
      sql`update users set email_verified_at = 'infinity' where id = ${member.user.id}::uuid`,
    );
    const res = await t.app.inject({ method: 'GET', url: `/api/users/${member.user.id}/reputation` });
    await expectRefusedRow(res, /^select u\.id, u\.nickname, u\.first_name/, 'email_verified_at');
  });
});
