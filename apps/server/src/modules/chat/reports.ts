import { adminMemberPath } from '@marketplace/contract';
import { gt, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Database, selectRows } from '../../db/client.ts';
import type { RequestLimit } from '../auth/index.ts';
import { findModeratedListings } from '../listings/index.ts';
import type { ReportTargetType } from '../reports/index.ts';
import { chatConversations, chatMessages } from './schema.ts';
import './events.ts';

/**
 * Conversation reports per member and hour: the limit of ad, story and member reports
 * (docs/decisions/0005), counted with the report in one transaction.
 */
export const CONVERSATION_REPORT_LIMIT: RequestLimit = {
  bucket: 'conversation_report',
  max: 20,
  windowMs: 60 * 60 * 1000,
  reason: 'Du hast in kurzer Zeit sehr viele Unterhaltungen gemeldet.',
};

/**
 * Conversations by name, for the moderation queue and the administrators' audit log: 'Unterhaltung
 * zu „…“' with the current title of the ad they are about, else 'Unterhaltung unter Mitgliedern'.
 * No page shows a conversation to an administrator, so there is no link; conversations no longer
 * stored are left out. Two statements for all ids (the conversations, then their ads through the
 * listings door).
 * @param ids ids of conversations (UUIDs)
 */
export async function conversationNames(
  db: Database,
  ids: readonly string[],
): Promise<Map<string, { name: string; link: null }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: chatConversations.id, listingId: chatConversations.listingId })
    .from(chatConversations)
    .where(inArray(chatConversations.id, [...ids]));
  const ads = await findModeratedListings(db, [
    ...new Set(rows.flatMap((row) => (row.listingId ? [row.listingId] : []))),
  ]);
  return new Map(
    rows.map((row) => {
      const listingTitle = row.listingId ? ads.get(row.listingId)?.title : undefined;
      const name = listingTitle ? `Unterhaltung zu „${listingTitle}“` : 'Unterhaltung unter Mitgliedern';
      return [row.id, { name, link: null }];
    }),
  );
}

/**
 * Reported conversations in the one reports store (docs/decisions/0023-one-reports-store.md):
 * the kind `conversation`, reported per member (both members of a conversation may report each
 * other, and each side is a target of its own). Nothing in a conversation is removed by
 * moderation; the decision keeps or suspends the reported member.
 */
export const conversationReportTarget: ReportTargetType = {
  type: 'conversation',
  perReportedMember: true,
  async facts(db, things) {
    if (things.length === 0) return [];
    const names = await conversationNames(
      db,
      things.map((thing) => thing.targetId),
    );
    const flagged = await flaggedMessages(db, things);
    return things.flatMap((thing) => {
      const named = names.get(thing.targetId);
      if (!named) return [];
      return [
        {
          targetType: 'conversation' as const,
          targetId: thing.targetId,
          memberId: thing.reportedId,
          title: named.name,
          excerpt: flagged.get(`${thing.targetId}|${thing.reportedId}`) ?? null,
          link: adminMemberPath(thing.reportedId),
          image: null,
          status: 'open',
          affectedId: thing.reportedId,
          gone: false,
        },
      ];
    });
  },
};

/** Longest excerpt of a flagged message in the moderation queue, in characters. */
const EXCERPT_MAX = 200;

/** The newest flagged message of a member in a conversation ({@link flaggedMessages}). */
const flaggedMessageRow = z.object({
  conversation_id: z.string(),
  sender_id: z.string(),
  content: z.string(),
});

/**
 * The newest message the scam shield flagged (docs/decisions/0031) that the reported member wrote
 * in each reported conversation, shortened, keyed `conversationId|memberId`: what moderators read
 * as the report's evidence, taken from the stored messages, not from the reporter.
 */
async function flaggedMessages(
  db: Database,
  things: readonly { targetId: string; reportedId: string }[],
): Promise<Map<string, string>> {
  const pairs = JSON.stringify(things.map((thing) => [thing.targetId, thing.reportedId]));
  const rows = await selectRows(
    db,
    flaggedMessageRow,
    sql`select distinct on (m.conversation_id, m.sender_id) m.conversation_id, m.sender_id, m.content
        from chat_messages m
        join jsonb_array_elements(${pairs}::jsonb) as p(pair)
          on m.conversation_id = (p.pair->>0)::uuid and m.sender_id = (p.pair->>1)::uuid
        where m.scam_signals <> '{}'::text[]
        order by m.conversation_id, m.sender_id, m.created_at desc`,
  );
  return new Map(
    rows.map((row) => {
      const text = row.content.replace(/\s+/g, ' ').trim();
      const excerpt = text.length > EXCERPT_MAX ? `${text.slice(0, EXCERPT_MAX - 1)}…` : text;
      return [`${row.conversation_id}|${row.sender_id}`, excerpt];
    }),
  );
}

/** Chat messages written since `since` (the admin figures, `GET /api/admin/stats`). */
export async function countMessagesSince(db: Database, since: Date): Promise<number> {
  return db.$count(chatMessages, gt(chatMessages.createdAt, since));
}
