import {
  CONTACT_RECEIVED,
  CONTACT_TOPIC_NAMES,
  type ContactMessageList,
  type ContactTopic,
  contactTopicSchema,
} from '@marketplace/contract';
import { count, desc } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { composeMail, type Mailer } from '../../lib/mailer.ts';
import { addressKey, countRequest, type RequestLimit, tryCountRequest } from '../auth/index.ts';
import { contactMessages } from './schema.ts';

const HOUR_MS = 60 * 60 * 1000;

/** Contact messages per IP address (IPv6 by /64) and hour. */
export const CONTACT_LIMIT: RequestLimit = {
  bucket: 'contact',
  max: 5,
  windowMs: HOUR_MS,
  reason: 'Zu viele Nachrichten von dieser Adresse.',
};

/**
 * Confirmation mails per recipient and day: the form takes any address, so it must not become a
 * way to fill a stranger's inbox; further messages are stored without a confirmation.
 */
export const CONTACT_CONFIRMATION_LIMIT: RequestLimit = {
  bucket: 'contact_confirmation',
  max: 3,
  windowMs: 24 * HOUR_MS,
  reason: 'Zu viele Bestätigungen an diese Adresse.',
};

export interface ContactDeps {
  db: Database;
  mailer: Mailer;
  publicUrl: string;
  siteName: string;
}

/**
 * Stores a message of the contact form and mails its sender a confirmation (in the same
 * transaction, at most {@link CONTACT_CONFIRMATION_LIMIT} per address and day). The mail names
 * the topic but never repeats the message, so nobody can send their own text to a stranger
 * through it.
 * @throws AppError rate_limited (429) above {@link CONTACT_LIMIT}
 */
export async function receiveContactMessage(
  deps: ContactDeps,
  body: { topic: ContactTopic; email: string; message: string },
  ip: string,
): Promise<{ detail: string }> {
  await deps.db.transaction(async (tx) => {
    // Both counts and the message are one transaction: a refused or failed message counts nothing.
    await countRequest(tx, CONTACT_LIMIT, addressKey(ip));
    await tx.insert(contactMessages).values({ topic: body.topic, email: body.email, message: body.message });
    // Beyond the day's confirmations the message is still stored, silently without a mail.
    if (!(await tryCountRequest(tx, CONTACT_CONFIRMATION_LIMIT, body.email))) return;
    await deps.mailer.send(
      composeMail(
        body.email,
        `Deine Nachricht an ${deps.siteName} ist angekommen`,
        'Hallo,',
        `danke für deine Nachricht zum Thema „${CONTACT_TOPIC_NAMES[body.topic]}“. Wir haben sie erhalten und antworten dir in der Regel innerhalb eines Werktags an diese Adresse. Antworten auf viele Fragen findest du auch hier:`,
        `${deps.publicUrl}/faq`,
        ['Wenn du uns nicht geschrieben hast, kannst du diese E-Mail ignorieren.'],
        deps.siteName,
      ),
      { db: tx },
    );
  });
  return { detail: CONTACT_RECEIVED };
}

/** The admins' inbox: contact messages newest first, `limit` from `offset`, and their total. */
export async function listContactMessages(
  db: Database,
  page: { limit: number; offset: number },
): Promise<ContactMessageList> {
  const rows = await db
    .select()
    .from(contactMessages)
    .orderBy(desc(contactMessages.createdAt))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await db.select({ n: count() }).from(contactMessages);
  return {
    messages: rows.map((row) => ({
      id: row.id,
      topic: contactTopicSchema.catch('other').parse(row.topic),
      email: row.email,
      message: row.message,
      created_at: row.createdAt.toISOString(),
    })),
    total: total?.n ?? 0,
  };
}
