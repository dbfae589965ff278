import { LISTING_LIFETIME_DAYS } from '@marketplace/contract';
import { and, eq, gt, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { composeMail, type Mailer, type OutgoingMail } from '../../lib/mailer.ts';
import { displayName, findAccounts } from '../users/index.ts';
import { listings } from './schema.ts';

/** Days before an ad's end at which its seller is reminded by mail. */
export const EXPIRY_REMINDER_DAYS = 7;

/** Ads reminded of in one transaction; the job takes batches until none is left. */
const REMINDER_BATCH = 200;

/** What the reminders need: the database, the mail queue and the texts' site settings. */
export interface ExpiryReminderDeps {
  db: Database;
  mailer: Mailer;
  publicUrl: string;
  siteName: string;
}

/** 'Sonntag, 6. Dezember 2026' in German, Europe/Berlin. */
const endDate = new Intl.DateTimeFormat('de-DE', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Europe/Berlin',
});

/**
 * The reminder mail for one ad: its end date and the way to extend it by
 * {@link LISTING_LIFETIME_DAYS} days under 'Meine Anzeigen' (/listings).
 */
export function expiryReminderMail(
  to: string,
  name: string,
  ad: { id: string; title: string; expiresAt: Date },
  publicUrl: string,
  siteName: string,
): OutgoingMail {
  const date = endDate.format(ad.expiresAt);
  return composeMail(
    to,
    `Deine Anzeige „${ad.title}“ läuft bald ab`,
    `Hallo ${name},`,
    `deine Anzeige „${ad.title}“ ist noch bis ${date} online. Danach ist sie nicht mehr in der Suche zu finden. Unter „Meine Anzeigen“ kannst du sie mit „Verlängern“ um ${LISTING_LIFETIME_DAYS} Tage verlängern:`,
    `${publicUrl}/listings`,
    [
      `Zur Anzeige: ${publicUrl}/listing/${ad.id}`,
      'Ist der Artikel schon verkauft? Dann markiere die Anzeige als verkauft, damit niemand mehr vergeblich anfragt.',
    ],
    siteName,
  );
}

/**
 * Reminds the sellers of active ads that end within {@link EXPIRY_REMINDER_DAYS} days, once per
 * end (an extension earns a new reminder): in each transaction a batch of ads is marked
 * (`expiry_reminded_for` = their `expires_at`, rows locked with SKIP LOCKED, so parallel runs
 * share the work) and their mails are queued in the same transaction, so a reminder is neither
 * lost nor sent twice. Sellers without a verified address are marked and not mailed. Part of
 * the hourly job `listings.expiry-reminders` (docs/decisions/0014-job-queue.md).
 * @returns how many ads were reminded of
 */
export async function sendExpiryReminders(deps: ExpiryReminderDeps): Promise<number> {
  let total = 0;
  for (;;) {
    const count = await deps.db.transaction(async (tx) => {
      const due = tx
        .select({ id: listings.id })
        .from(listings)
        .where(
          and(
            eq(listings.status, 'active'),
            gt(listings.expiresAt, sql`now()`),
            lte(listings.expiresAt, sql`now() + make_interval(days => ${EXPIRY_REMINDER_DAYS})`),
            or(isNull(listings.expiryRemindedFor), ne(listings.expiryRemindedFor, listings.expiresAt)),
          ),
        )
        .orderBy(listings.expiresAt)
        .limit(REMINDER_BATCH)
        .for('update', { skipLocked: true });
      const marked = await tx
        .update(listings)
        .set({ expiryRemindedFor: sql`${listings.expiresAt}` })
        .where(inArray(listings.id, due))
        .returning({
          id: listings.id,
          title: listings.title,
          sellerId: listings.sellerId,
          expiresAt: listings.expiresAt,
        });
      if (marked.length === 0) return 0;
      const sellers = new Map(
        (await findAccounts(tx, [...new Set(marked.map((ad) => ad.sellerId))])).map((a) => [a.id, a]),
      );
      for (const ad of marked) {
        const seller = sellers.get(ad.sellerId);
        if (!seller?.emailVerifiedAt) continue;
        await deps.mailer.send(
          expiryReminderMail(seller.email, displayName(seller), ad, deps.publicUrl, deps.siteName),
          { db: tx },
        );
      }
      return marked.length;
    });
    total += count;
    if (count < REMINDER_BATCH) return total;
  }
}
