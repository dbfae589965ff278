import { DEFAULT_NOTIFICATION_PREFERENCES, NOTIFICATION_TYPES } from '@marketplace/contract';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Database, rowCount, selectRows } from '../../db/client.ts';
import type { Mailer } from '../../lib/mailer.ts';
import type { Realtime } from '../../realtime/index.ts';
import { displayName, findAccounts } from '../users/index.ts';
import { DIGEST_MAX_ITEMS, digestMail } from './texts.ts';

/** How long a member must have been away before a digest is mailed (ms): 24 hours. */
export const DIGEST_AWAY_MS = 24 * 60 * 60 * 1000;

/**
 * How far behind the present a digest's window ends (ms): a notification whose transaction is
 * still running when the job starts goes into the next digest instead of being missed.
 */
export const DIGEST_LAG_MS = 60_000;

/** How far back a member's first digest looks (ms): 7 days. */
export const DIGEST_FIRST_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;

/** Members handled in one transaction; the job takes batches until none is left. */
const DIGEST_BATCH = 50;

/** What the digest needs from the running application. */
export interface DigestDeps {
  db: Database;
  mailer: Mailer;
  realtime: Realtime;
  /** `PUBLIC_URL`, without a trailing slash. */
  publicUrl: string;
  /** `SITE_NAME`. */
  siteName: string;
}

/**
 * Whether the e-mail channel of the notification type in `n.type` is on for the member of the
 * settings row `s` (stored choice, else the contract's default). Moderation notices are left
 * out of the digest altogether: the law-required ones are always mailed one by one.
 */
const emailChannelOff = sql.raw(
  `n.type <> 'moderation' and not coalesce((s.preferences -> n.type ->> 'email')::boolean, case n.type ${NOTIFICATION_TYPES.map(
    (type) => `when '${type}' then ${DEFAULT_NOTIFICATION_PREFERENCES[type].email}`,
  ).join(' ')} else true end)`,
);

/** A member whose digest is due. */
const dueMemberRow = z.object({ user_id: z.string() });

/** A notification of a digest, with the number of all the digest could list. */
const digestItemRow = z.object({ title: z.string(), message: z.string(), link: z.string(), total: rowCount });

/**
 * Mails each member the daily digest 'Das hast du verpasst' of the notifications they missed:
 * members with the digest on (`notification_settings.digest`), a verified e-mail address, away
 * for at least {@link DIGEST_AWAY_MS} (`last_seen_at`, and no socket open here) and with unread
 * notifications created since their last digest (`last_digest_at`, for the first one the last
 * {@link DIGEST_FIRST_WINDOW_MS}; up to `asOf`) whose type's
 * e-mail channel is off, so nothing already mailed one by one is mailed again. The mail lists
 * the newest {@link DIGEST_MAX_ITEMS} (texts.ts `digestMail`). Each batch is one transaction:
 * its settings rows are taken with SKIP LOCKED (parallel runs share the work), the mails are
 * queued and `last_digest_at` moves to `asOf` in the same transaction, so a crash neither sends
 * twice nor skips a notification. The daily job `notifications.digest`
 * (docs/decisions/0014-job-queue.md).
 * @param now the present (tests pass another); the window ends {@link DIGEST_LAG_MS} before it
 * @returns how many digests were queued
 */
export async function sendNotificationDigests(deps: DigestDeps, now: Date = new Date()): Promise<number> {
  const asOf = new Date(now.getTime() - DIGEST_LAG_MS).toISOString();
  const awaySince = new Date(now.getTime() - DIGEST_AWAY_MS).toISOString();
  // A member's first digest reaches back a week at most, not to the first notification ever.
  const firstSince = new Date(now.getTime() - DIGEST_FIRST_WINDOW_MS).toISOString();
  let total = 0;
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const { taken, last, mailed } = await deps.db.transaction(async (txDb) => {
      const due = await selectRows(
        txDb,
        dueMemberRow,
        sql`select s.user_id from notification_settings s
             where s.user_id > ${after}::uuid
               and s.digest
               and (s.last_seen_at is null or s.last_seen_at <= ${awaySince}::timestamptz)
               and exists (select 1 from users u where u.id = s.user_id and u.email_verified_at is not null)
               and exists (select 1 from notifications n
                            where n.user_id = s.user_id and n.read_at is null
                              and n.created_at > coalesce(s.last_digest_at, ${firstSince}::timestamptz)
                              and n.created_at <= ${asOf}::timestamptz
                              and ${emailChannelOff})
             order by s.user_id
             limit ${DIGEST_BATCH}
             for update of s skip locked`,
      );
      const away = due.map((row) => row.user_id).filter((id) => !deps.realtime.hub.isConnected(id));
      const accounts = new Map((await findAccounts(txDb, away)).map((account) => [account.id, account]));
      const sent: string[] = [];
      for (const userId of away) {
        const account = accounts.get(userId);
        if (!account?.emailVerifiedAt) continue;
        const items = await selectRows(
          txDb,
          digestItemRow,
          sql`select n.title, n.message, n.link, (count(*) over ())::int as total
                from notifications n join notification_settings s on s.user_id = n.user_id
               where n.user_id = ${userId} and n.read_at is null
                 and n.created_at > coalesce(s.last_digest_at, ${firstSince}::timestamptz)
                 and n.created_at <= ${asOf}::timestamptz
                 and ${emailChannelOff}
               order by n.created_at desc, n.id desc
               limit ${DIGEST_MAX_ITEMS}`,
        );
        if (items.length === 0) continue;
        await deps.mailer.send(
          digestMail(
            account.email,
            displayName(account),
            items,
            items[0]?.total ?? items.length,
            deps.publicUrl,
            deps.siteName,
          ),
          { db: txDb },
        );
        sent.push(userId);
      }
      if (sent.length > 0) {
        await txDb.execute(
          sql`update notification_settings set last_digest_at = ${asOf}::timestamptz
               where user_id in (${sql.join(
                 sent.map((id) => sql`${id}::uuid`),
                 sql`, `,
               )})`,
        );
      }
      return { taken: due.length, last: due.at(-1)?.user_id, mailed: sent.length };
    });
    total += mailed;
    if (taken < DIGEST_BATCH || !last) return total;
    after = last;
  }
}
