import type { FailingReactionList } from '@marketplace/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { selectRows } from '../src/db/client.ts';
import { MAIL_QUEUE } from '../src/jobs/mail.ts';
import { REACTION_QUEUE } from '../src/jobs/reactions.ts';
import { bearer, type RegisteredMember } from './helpers/accounts.ts';
import { onlineRecorded, startTestApp, type TestApp } from './helpers/app.ts';
import { makeAdmin, verifiedMember } from './helpers/marketplace.ts';

/**
 * Durable reactions (docs/decisions/0022-durable-reactions.md): a follow's notification is a
 * reaction run by the job queue. The database is made to refuse the notification (a trigger on
 * `notifications`, a real error inside the reaction's transaction) a given number of times; the
 * reaction is retried, and once it succeeds there is one notification and one mail, never more.
 */

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ REACTION_RETRY_DELAY_SECONDS: '1' });
});
afterAll(async () => t?.close());

/** A job's state. */
const stateRow = z.object({ state: z.string() });

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Makes the database refuse the next `times` notifications to `userId` (each refusal rolls back
 * the reaction's transaction). @returns how many were refused so far
 */
async function refuseNotifications(userId: string, times: number): Promise<() => Promise<number>> {
  const name = `refuse_${Math.random().toString(36).slice(2, 10)}`;
  // A sequence counts the refusals: the refusal rolls its transaction back, a sequence is not.
  await t.db.handle.db.execute(sql.raw(`create sequence ${name}_seq`));
  await t.db.handle.db.execute(
    sql.raw(`create function ${name}() returns trigger language plpgsql as $$
      begin
        if new.user_id = '${userId}'::uuid then
          if nextval('${name}_seq') <= ${times} then
            raise exception 'notification refused (test)';
          end if;
        end if;
        return new;
      end $$`),
  );
  await t.db.handle.db.execute(
    sql.raw(`create trigger ${name} before insert on notifications for each row execute function ${name}()`),
  );
  return async () => {
    const [row] = await selectRows(
      t.db.handle.db,
      z.object({ v: z.number(), is_called: z.boolean() }),
      sql.raw(`select last_value::int as v, is_called from ${name}_seq`),
    );
    return row?.is_called ? Math.min(row.v, times) : 0;
  };
}

async function notificationsOf(member: RegisteredMember, type: string): Promise<number> {
  const [row] = await selectRows(
    t.db.handle.db,
    z.object({ n: z.number() }),
    sql`select count(*)::int as n from notifications where user_id = ${member.user.id}::uuid and type = ${type}`,
  );
  return row?.n ?? 0;
}

async function mailsTo(address: string, subject: string): Promise<number> {
  const rows = await t.app.jobs.query(
    z.object({ n: z.number().int() }),
    `select count(*)::int as n from ${quoted(t.app.jobs.schema)}.job where name = $1 and data->>'to' = $2 and data->>'subject' = $3`,
    [MAIL_QUEUE, address, subject],
  );
  return rows[0]?.n ?? 0;
}

/** Switches the member's e-mails for follows on and sets them away for an hour. */
async function wantsFollowMails(member: RegisteredMember): Promise<void> {
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/notifications/preferences',
    headers: bearer(member.access_token),
    payload: { preferences: { follow: { email: true } } },
  });
  expect(res.statusCode).toBe(200);
  // The request's own online time is written after its answer: it must land before it is set
  // back, or it would win (the later time is kept) and the member would not be away.
  await onlineRecorded(t, member.user.id);
  await t.db.handle.db.execute(
    sql`insert into notification_settings (user_id, last_seen_at) values (${member.user.id}::uuid, now() - interval '1 hour')
        on conflict (user_id) do update set last_seen_at = excluded.last_seen_at`,
  );
}

const follow = (follower: RegisteredMember, member: RegisteredMember) =>
  t.app.inject({
    method: 'POST',
    url: `/api/follow/${member.user.id}`,
    headers: bearer(follower.access_token),
  });

describe('a reaction that fails is retried until it succeeds, and runs once in effect', () => {
  it('fails twice, succeeds the third time: one notification, one mail', async () => {
    const member = await verifiedMember(t, { nickname: 'Mara' });
    const follower = await verifiedMember(t, { nickname: 'Olaf' });
    await wantsFollowMails(member);
    const refused = await refuseNotifications(member.user.id, 2);

    const res = await follow(follower, member);
    expect(res.statusCode).toBe(201);

    await expect.poll(() => notificationsOf(member, 'follow'), { timeout: 30_000, interval: 100 }).toBe(1);
    expect(await refused()).toBe(2);
    expect(await mailsTo(member.email, 'Neuer Follower – Marktplatz')).toBe(1);
    // The job is completed after its third attempt and is not run again.
    const [job] = await t.app.jobs.query(
      z.object({ state: z.string(), retry_count: z.number().int() }),
      `select state::text as state, retry_count from ${quoted(t.app.jobs.schema)}.job
        where name = $1 and data->>'event' = 'user.followed' and data->'payload'->>'followeeId' = $2`,
      [REACTION_QUEUE, member.user.id],
    );
    await expect
      .poll(async () => {
        const [row] = await t.app.jobs.query(
          stateRow,
          `select state::text as state from ${quoted(t.app.jobs.schema)}.job
            where name = $1 and data->>'event' = 'user.followed' and data->'payload'->>'followeeId' = $2`,
          [REACTION_QUEUE, member.user.id],
        );
        return row?.state;
      })
      .toBe('completed');
    expect(job?.retry_count).toBe(2);
    expect(await notificationsOf(member, 'follow')).toBe(1);
    expect(await mailsTo(member.email, 'Neuer Follower – Marktplatz')).toBe(1);
  });

  it('a reaction run a second time after its commit writes nothing (the mark of the event and reaction)', async () => {
    const member = await verifiedMember(t, { nickname: 'Nina' });
    const follower = await verifiedMember(t, { nickname: 'Paul' });
    await wantsFollowMails(member);
    expect((await follow(follower, member)).statusCode).toBe(201);
    await expect.poll(() => notificationsOf(member, 'follow'), { timeout: 20_000, interval: 50 }).toBe(1);
    const [job] = await t.app.jobs.query(
      z.object({ id: z.string() }),
      `select id::text from ${quoted(t.app.jobs.schema)}.job
        where name = $1 and data->>'event' = 'user.followed' and data->'payload'->>'followeeId' = $2`,
      [REACTION_QUEUE, member.user.id],
    );
    expect(job).toBeDefined();
    // As if the completion had been lost in a crash: the same job is queued and run again.
    const [stored] = await t.app.jobs.query(
      z.object({ data: z.record(z.string(), z.unknown()) }),
      `select data from ${quoted(t.app.jobs.schema)}.job where id = $1::uuid`,
      [job?.id],
    );
    if (!stored) throw new Error('the reaction job is gone');
    const { data } = stored;
    const again = await t.app.jobs.send(REACTION_QUEUE, data);
    await expect
      .poll(async () => {
        const [row] = await t.app.jobs.query(
          stateRow,
          `select state::text as state from ${quoted(t.app.jobs.schema)}.job where id = $1::uuid`,
          [again],
        );
        return row?.state;
      })
      .toBe('completed');
    expect(await notificationsOf(member, 'follow')).toBe(1);
    expect(await mailsTo(member.email, 'Neuer Follower – Marktplatz')).toBe(1);
  });

  it('ADMINs see a reaction that keeps failing beside the failing mails, and can retry it', async () => {
    const admin = await verifiedMember(t);
    await makeAdmin(t, admin.user.id);
    const member = await verifiedMember(t, { nickname: 'Rita' });
    const follower = await verifiedMember(t, { nickname: 'Sven' });
    const refused = await refuseNotifications(member.user.id, 1_000);
    expect((await follow(follower, member)).statusCode).toBe(201);

    const failing = async () => {
      const res = await t.app.inject({
        url: '/api/admin/reactions/failing',
        headers: bearer(admin.access_token),
      });
      expect(res.statusCode).toBe(200);
      return (res.json() as FailingReactionList).reactions;
    };
    await expect
      .poll(failing, { timeout: 60_000, interval: 200 })
      .toContainEqual(
        expect.objectContaining({ event: 'user.followed', reaction: 'notifications.follow', state: 'retry' }),
      );
    const listed = (await failing()).find((reaction) => reaction.reaction === 'notifications.follow');
    expect(listed?.attempts).toBeGreaterThanOrEqual(3);
    expect(listed?.last_error).toContain('notification refused (test)');
    expect(JSON.stringify(listed)).not.toContain(member.user.id);
    expect(await refused()).toBeGreaterThanOrEqual(3);

    // Members get no such list.
    const forbidden = await t.app.inject({
      url: '/api/admin/reactions/failing',
      headers: bearer(member.access_token),
    });
    expect(forbidden.statusCode).toBe(403);

    // The refusal ends; 'Erneut versuchen' runs it at once.
    const triggers = await selectRows(
      t.db.handle.db,
      z.object({ tgname: z.string() }),
      sql`select tgname from pg_trigger where tgrelid = 'notifications'::regclass and tgname like 'refuse_%'`,
    );
    for (const { tgname } of triggers) {
      await t.db.handle.db.execute(sql.raw(`drop trigger ${tgname} on notifications`));
    }
    const retry = await t.app.inject({
      method: 'POST',
      url: `/api/admin/reactions/${listed?.id}/retry`,
      headers: bearer(admin.access_token),
    });
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual({ detail: 'Die Reaktion wird jetzt erneut ausgeführt.' });
    await expect.poll(() => notificationsOf(member, 'follow'), { timeout: 20_000, interval: 50 }).toBe(1);
  });
});
