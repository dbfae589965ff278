import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { selectRows } from '../src/db/client.ts';
import { MAIL_QUEUE } from '../src/jobs/mail.ts';
import { REACTION_QUEUE } from '../src/jobs/reactions.ts';
import { bearer, type RegisteredMember } from './helpers/accounts.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { createAd, verifiedMember } from './helpers/marketplace.ts';

/**
 * Notification mails as a transactional outbox (docs/decisions/0014-job-queue.md, "E-mail"):
 * the mail job is written in the transaction of its notification, so either both exist or
 * neither. The mail queue is made to refuse one recipient's mail with a trigger on pg-boss's job
 * table (a real database error inside the transaction); the notification then is not stored
 * either, and the reaction that writes both is retried (docs/decisions/0022-durable-reactions.md):
 * once the refusal ends, both exist.
 */

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ REACTION_RETRY_DELAY_SECONDS: '1' });
});
afterAll(async () => t?.close());

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Makes the database refuse every mail job to `address` until the returned function runs. */
async function refuseMailTo(address: string): Promise<() => Promise<void>> {
  const schema = quoted(t.app.jobs.schema);
  const trigger = `refuse_mail_${Math.random().toString(36).slice(2, 10)}`;
  await t.app.jobs.execute(
    `create or replace function ${schema}.${trigger}() returns trigger language plpgsql as $$
     begin raise exception 'mail job refused'; end $$`,
  );
  await t.app.jobs.execute(
    `create trigger ${trigger} before insert on ${schema}.job for each row
       when (new.name = '${MAIL_QUEUE}' and new.data->>'to' = '${address.replaceAll("'", "''")}')
       execute function ${schema}.${trigger}()`,
  );
  return async () => {
    await t.app.jobs.execute(`drop trigger ${trigger} on ${schema}.job`);
    await t.app.jobs.execute(`drop function ${schema}.${trigger}()`);
  };
}

/** The mail jobs queued for `address` (any state). */
async function mailJobsTo(address: string): Promise<{ subject: string }[]> {
  return t.app.jobs.query(
    z.object({ subject: z.string() }),
    `select data->>'subject' as subject from ${quoted(t.app.jobs.schema)}.job where name = $1 and data->>'to' = $2`,
    [MAIL_QUEUE, address],
  );
}

/** Waits until the reaction `reaction` to an event has failed at least once. */
async function reactionFailed(reaction: string): Promise<void> {
  await expect
    .poll(
      async () =>
        (
          await t.app.jobs.query(
            z.object({ n: z.number().int() }),
            `select count(*)::int as n from ${quoted(t.app.jobs.schema)}.job
              where name = $1 and data->>'reaction' = $2 and retry_count >= 1`,
            [REACTION_QUEUE, reaction],
          )
        )[0]?.n ?? 0,
      { timeout: 20_000, interval: 50 },
    )
    .toBeGreaterThan(0);
}

/** The member's stored notifications of `type`. */
async function notificationsOf(member: RegisteredMember, type: string): Promise<number> {
  const [row] = await selectRows(
    t.db.handle.db,
    z.object({ n: z.number() }),
    sql`select count(*)::int as n from notifications where user_id = ${member.user.id}::uuid and type = ${type}`,
  );
  return row?.n ?? 0;
}

/** Switches the member's e-mails for `type` on and sets them away for an hour. */
async function wantsMailWhileAway(member: RegisteredMember, type: string): Promise<void> {
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/notifications/preferences',
    headers: bearer(member.access_token),
    payload: { preferences: { [type]: { email: true } } },
  });
  expect(res.statusCode).toBe(200);
  await t.db.handle.db.execute(
    sql`insert into notification_settings (user_id, last_seen_at) values (${member.user.id}::uuid, now() - interval '1 hour')
        on conflict (user_id) do update set last_seen_at = excluded.last_seen_at`,
  );
}

describe('a notification and its mail are one transaction', () => {
  it('a refused mail job leaves no notification; once the refusal ends both exist', async () => {
    const member = await verifiedMember(t, { nickname: 'Mara' });
    const follower = await verifiedMember(t, { nickname: 'Olaf' });
    await wantsMailWhileAway(member, 'follow');

    const allow = await refuseMailTo(member.email);
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/follow/${member.user.id}`,
        headers: bearer(follower.access_token),
      });
      expect(res.statusCode).toBe(201);
      await reactionFailed('notifications.follow');
      expect(await notificationsOf(member, 'follow')).toBe(0);
      expect(await mailJobsTo(member.email)).toHaveLength(1); // the verification mail only
    } finally {
      await allow();
    }

    await expect.poll(() => notificationsOf(member, 'follow'), { timeout: 20_000, interval: 50 }).toBe(1);
    expect((await mailJobsTo(member.email)).map((job) => job.subject)).toContain(
      'Neuer Follower – Marktplatz',
    );
    expect(await mailJobsTo(member.email)).toHaveLength(2);
  });

  it('also for mails the law requires (sent whatever the settings)', async () => {
    const reporter = await verifiedMember(t);
    const seller = await verifiedMember(t);
    const ad = await createAd(t, seller.access_token, { title: 'Gartenstuhl aus Teak' });

    const allow = await refuseMailTo(reporter.email);
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/listings/${ad.id}/report`,
        headers: bearer(reporter.access_token),
        payload: { reason: 'fraud' },
      });
      expect(res.statusCode).toBe(201);
      await reactionFailed('notifications.report_received');
      expect(await notificationsOf(reporter, 'moderation')).toBe(0);
      expect(await mailJobsTo(reporter.email)).toHaveLength(1);
    } finally {
      await allow();
    }

    await expect
      .poll(() => notificationsOf(reporter, 'moderation'), { timeout: 20_000, interval: 50 })
      .toBe(1);
    expect(await mailJobsTo(reporter.email)).toHaveLength(2);
  });

  it("a new ad's notifications to all followers and their mails commit together", async () => {
    const seller = await verifiedMember(t, { nickname: 'Selma' });
    const wantsMail = await verifiedMember(t);
    const other = await verifiedMember(t);
    for (const follower of [wantsMail, other]) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/follow/${seller.user.id}`,
        headers: bearer(follower.access_token),
      });
      expect(res.statusCode).toBe(201);
    }
    await wantsMailWhileAway(wantsMail, 'new_listing');

    const allow = await refuseMailTo(wantsMail.email);
    try {
      await createAd(t, seller.access_token, { title: 'Bücherregal Buche' });
      await reactionFailed('notifications.new_listing');
      // The one refused mail takes the notifications of every follower with it.
      expect(await notificationsOf(wantsMail, 'new_listing')).toBe(0);
      expect(await notificationsOf(other, 'new_listing')).toBe(0);
      expect(await mailJobsTo(wantsMail.email)).toHaveLength(1);
    } finally {
      await allow();
    }

    await expect.poll(() => notificationsOf(other, 'new_listing'), { timeout: 20_000, interval: 50 }).toBe(1);
    expect(await notificationsOf(wantsMail, 'new_listing')).toBe(1);
    expect((await mailJobsTo(wantsMail.email)).map((job) => job.subject)).toContain(
      'Neue Anzeige – Marktplatz',
    );
    expect(await mailJobsTo(other.email)).toHaveLength(1);
  });
});
