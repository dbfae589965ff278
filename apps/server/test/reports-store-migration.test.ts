// The move of the five report tables into the one store `reports`
// (docs/decisions/0023-one-reports-store.md): migrations 0027 and 0028 applied to a database that
// holds reports of every kind and moderation decisions, statement by statement as the migrator
// does, on a fresh in-memory PGlite of its own.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { migrationsFolder, queryRows } from '../src/db/client.ts';

const OLD_TABLES = ['listing_reports', 'forum_reports', 'chat_reports', 'story_reports', 'user_reports'];

/** The committed migrations' tags in journal order. */
function journalTags(): string[] {
  const journal = JSON.parse(
    fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
  ) as { entries: { idx: number; tag: string }[] };
  return [...journal.entries].sort((a, b) => a.idx - b.idx).map((entry) => entry.tag);
}

/** Applies one migration file the way drizzle's migrator splits it: one statement at a time. */
async function applyMigration(client: PGlite, tag: string): Promise<void> {
  const text = fs.readFileSync(path.join(migrationsFolder, `${tag}.sql`), 'utf8');
  for (const statement of text.split('--> statement-breakpoint')) {
    if (statement.trim()) await client.exec(statement);
  }
}

async function existingTables(client: PGlite, names: string[]): Promise<string[]> {
  const rows = await queryRows(
    client,
    z.object({ name: z.string() }),
    `SELECT table_name AS name FROM information_schema.tables
      WHERE table_schema = current_schema() AND table_name = ANY($1::text[]) ORDER BY table_name`,
    [names],
  );
  return rows.map((row) => row.name);
}

/** A row of `reports` with its times as ISO strings (milliseconds). */
interface StoredReport {
  targetType: string;
  targetId: string;
  reportedId: string;
  reporterId: string;
  reason: string;
  comment: string | null;
  createdAt: string;
  resolvedAt: string | null;
}

function reportKey(report: Pick<StoredReport, 'targetType' | 'targetId' | 'reporterId'>): string {
  return `${report.targetType}:${report.targetId}:${report.reporterId}`;
}

// The members.
const admin = randomUUID();
const seller = randomUUID();
const buyer = randomUUID();
const author = randomUUID();
const otherAuthor = randomUUID();
const storyOwner = randomUUID();
const member = randomUUID();
const reporter = randomUUID();
const reporter2 = randomUUID();
const reporter3 = randomUUID();
// The targets.
const ad = randomUUID();
const otherAd = randomUUID();
const thread = randomUUID();
const post = randomUUID();
const otherPost = randomUUID();
const conversation = randomUUID();
/** A story that is gone (expired and deleted): `story_reports` has no foreign key on it. */
const goneStory = randomUUID();

/** Times of the old rows; two have microseconds, which the old ad and chat tables kept. */
const T = {
  adReported: '2025-03-01T10:00:00.123456Z',
  adKept: '2025-03-02T09:00:00.000Z',
  adReportedAgain: '2025-03-03T08:30:00.250Z',
  otherAdReported: '2025-03-01T11:00:00.500Z',
  otherAdAutomated: '2025-03-01T11:00:05.000Z',
  postKeptEarlier: '2025-02-01T12:00:00.000Z',
  postReported: '2025-03-04T12:00:00.100Z',
  postRemoved: '2025-03-04T15:00:00.200Z',
  otherPostReportedOpen: '2025-03-05T07:00:00.300Z',
  otherPostReportedResolved: '2025-03-05T07:30:00.400Z',
  buyerReportedChat: '2025-03-06T18:00:00.654321Z',
  sellerReportedChat: '2025-03-06T18:10:00.000Z',
  sellerSuspendedInChat: '2025-03-07T09:00:00.000Z',
  storyReported: '2025-03-08T20:00:00.700Z',
  storyWarned: '2025-03-08T21:00:00.000Z',
  memberReported: '2025-03-09T10:00:00.800Z',
  memberSuspended: '2025-03-09T11:00:00.000Z',
  memberKept: '2025-03-10T11:00:00.000Z',
};

/** `iso` cut to the milliseconds the new table keeps. */
function toMillis(iso: string): string {
  return new Date(iso).toISOString();
}

/** What each old report must become, written from the rows inserted below. */
const expected: StoredReport[] = [
  {
    targetType: 'listing',
    targetId: ad,
    reportedId: seller,
    reporterId: reporter,
    reason: 'fraud',
    comment: 'Asks for payment in advance',
    createdAt: toMillis(T.adReported),
    resolvedAt: toMillis(T.adKept),
  },
  {
    targetType: 'listing',
    targetId: ad,
    reportedId: seller,
    reporterId: reporter2,
    reason: 'prohibited',
    comment: null,
    createdAt: toMillis(T.adReportedAgain),
    resolvedAt: null,
  },
  {
    targetType: 'listing',
    targetId: otherAd,
    reportedId: seller,
    reporterId: reporter,
    reason: 'duplicate',
    comment: 'Same ad twice',
    createdAt: toMillis(T.otherAdReported),
    resolvedAt: null,
  },
  {
    targetType: 'forum_post',
    targetId: post,
    reportedId: author,
    reporterId: reporter,
    reason: 'Insults other members',
    comment: null,
    createdAt: toMillis(T.postReported),
    resolvedAt: toMillis(T.postRemoved),
  },
  {
    targetType: 'forum_post',
    targetId: otherPost,
    reportedId: otherAuthor,
    reporterId: reporter2,
    reason: 'Off topic',
    comment: null,
    createdAt: toMillis(T.otherPostReportedOpen),
    resolvedAt: null,
  },
  {
    targetType: 'conversation',
    targetId: conversation,
    reportedId: seller,
    reporterId: buyer,
    reason: 'harassment',
    comment: 'Keeps writing at night',
    createdAt: toMillis(T.buyerReportedChat),
    resolvedAt: toMillis(T.sellerSuspendedInChat),
  },
  {
    targetType: 'conversation',
    targetId: conversation,
    reportedId: buyer,
    reporterId: seller,
    reason: 'spam',
    comment: null,
    createdAt: toMillis(T.sellerReportedChat),
    resolvedAt: null,
  },
  {
    targetType: 'story',
    targetId: goneStory,
    reportedId: storyOwner,
    reporterId: reporter,
    reason: 'inappropriate',
    comment: 'Shows a weapon',
    createdAt: toMillis(T.storyReported),
    resolvedAt: null,
  },
  {
    targetType: 'user',
    targetId: member,
    reportedId: member,
    reporterId: reporter2,
    reason: 'fake_profile',
    comment: 'Pretends to be a shop',
    createdAt: toMillis(T.memberReported),
    resolvedAt: toMillis(T.memberSuspended),
  },
];

/** Fills the database as it stands after 0026: members, targets, old reports and decisions. */
async function fillOldTables(client: PGlite): Promise<void> {
  const members: [string, string][] = [
    [admin, 'ADMIN'],
    [seller, 'SELLER'],
    [buyer, 'SELLER'],
    [author, 'SELLER'],
    [otherAuthor, 'SELLER'],
    [storyOwner, 'SELLER'],
    [member, 'SELLER'],
    [reporter, 'SELLER'],
    [reporter2, 'SELLER'],
    [reporter3, 'SELLER'],
  ];
  for (const [id, role] of members) {
    await client.query(`INSERT INTO users (id, email, password_hash, role) VALUES ($1, $2, 'x', $3)`, [
      id,
      `${id}@example.test`,
      role,
    ]);
  }

  const [category] = await queryRows(
    client,
    z.object({ id: z.number() }),
    `INSERT INTO categories (slug, name, short_name, icon) VALUES ('bikes', 'Bikes', 'Bikes', 'bike') RETURNING id`,
  );
  const categoryId = category?.id;
  for (const [id, title] of [
    [ad, 'City bike'],
    [otherAd, 'Mountain bike'],
  ] as const) {
    await client.query(
      `INSERT INTO listings (id, seller_id, category_id, root_category_id, title, description, price_cents,
         price_type, offer_type, postal_code, location, latitude, longitude, expires_at)
       VALUES ($1, $2, $3, $3, $4, 'Good condition', 10000, 'fixed', 'offer', '10115', 'Berlin', 52.53, 13.38,
         '2025-06-01T00:00:00Z')`,
      [id, seller, categoryId, title],
    );
  }

  await client.query(
    `INSERT INTO forum_categories (id, slug, name) VALUES ('general', 'general', 'General')`,
  );
  await client.query(
    `INSERT INTO forum_threads (id, category_id, author_id, title) VALUES ($1, 'general', $2, 'Which bike?')`,
    [thread, author],
  );
  for (const [id, postAuthor, number] of [
    [post, author, 1],
    [otherPost, otherAuthor, 2],
  ] as const) {
    await client.query(
      `INSERT INTO forum_posts (id, thread_id, author_id, number, body, body_html)
       VALUES ($1, $2, $3, $4, 'Some words', '<p>Some words</p>')`,
      [id, thread, postAuthor, number],
    );
  }

  await client.query(
    `INSERT INTO chat_conversations (id, pair_key, listing_id, buyer_id, seller_id) VALUES ($1, $2, $3, $4, $5)`,
    [conversation, `${ad}:${buyer}`, ad, buyer, seller],
  );

  // Ad reports: one decided on by an admin's keep, one filed after that keep, one on another ad
  // that only the automated check decided on.
  const listingReports: [string, string, string, string | null, string][] = [
    [ad, reporter, 'fraud', 'Asks for payment in advance', T.adReported],
    [ad, reporter2, 'prohibited', null, T.adReportedAgain],
    [otherAd, reporter, 'duplicate', 'Same ad twice', T.otherAdReported],
  ];
  for (const [listingId, reporterId, reason, comment, createdAt] of listingReports) {
    await client.query(
      `INSERT INTO listing_reports (listing_id, reporter_id, reason, comment, created_at) VALUES ($1, $2, $3, $4, $5)`,
      [listingId, reporterId, reason, comment, createdAt],
    );
  }

  // Forum reports kept their own status; a post can be decided on before it is reported.
  const forumReports: [string, string, string, string, string][] = [
    [post, reporter, 'Insults other members', 'resolved', T.postReported],
    [otherPost, reporter2, 'Off topic', 'open', T.otherPostReportedOpen],
    [otherPost, reporter3, 'Advertising', 'resolved', T.otherPostReportedResolved],
  ];
  for (const [postId, reporterId, reason, status, createdAt] of forumReports) {
    await client.query(
      `INSERT INTO forum_reports (post_id, reporter_id, reason, status, created_at) VALUES ($1, $2, $3, $4, $5)`,
      [postId, reporterId, reason, status, createdAt],
    );
  }

  // Both members of the conversation report each other.
  const chatReports: [string, string, string | null, string][] = [
    [buyer, 'harassment', 'Keeps writing at night', T.buyerReportedChat],
    [seller, 'spam', null, T.sellerReportedChat],
  ];
  for (const [reporterId, reason, text, createdAt] of chatReports) {
    await client.query(
      `INSERT INTO chat_reports (conversation_id, reporter_id, reason, text, created_at) VALUES ($1, $2, $3, $4, $5)`,
      [conversation, reporterId, reason, text, createdAt],
    );
  }

  await client.query(
    `INSERT INTO story_reports (story_id, owner_id, reporter_id, reason, text, created_at)
     VALUES ($1, $2, $3, 'inappropriate', 'Shows a weapon', $4)`,
    [goneStory, storyOwner, reporter, T.storyReported],
  );
  await client.query(
    `INSERT INTO user_reports (reported_id, reporter_id, reason, text, created_at)
     VALUES ($1, $2, 'fake_profile', 'Pretends to be a shop', $3)`,
    [member, reporter2, T.memberReported],
  );

  const decisions: {
    targetType: string;
    targetId: string;
    affected: string;
    action: string;
    by: string | null;
    at: string;
  }[] = [
    { targetType: 'listing', targetId: ad, affected: seller, action: 'keep', by: admin, at: T.adKept },
    {
      targetType: 'listing',
      targetId: otherAd,
      affected: seller,
      action: 'remove',
      by: null,
      at: T.otherAdAutomated,
    },
    {
      targetType: 'forum_post',
      targetId: post,
      affected: author,
      action: 'keep',
      by: admin,
      at: T.postKeptEarlier,
    },
    {
      targetType: 'forum_post',
      targetId: post,
      affected: author,
      action: 'remove',
      by: admin,
      at: T.postRemoved,
    },
    {
      targetType: 'conversation',
      targetId: conversation,
      affected: seller,
      action: 'suspend',
      by: admin,
      at: T.sellerSuspendedInChat,
    },
    {
      targetType: 'story',
      targetId: goneStory,
      affected: storyOwner,
      action: 'warning',
      by: admin,
      at: T.storyWarned,
    },
    {
      targetType: 'user',
      targetId: member,
      affected: member,
      action: 'suspend',
      by: admin,
      at: T.memberSuspended,
    },
    { targetType: 'user', targetId: member, affected: member, action: 'keep', by: admin, at: T.memberKept },
  ];
  for (const d of decisions) {
    await client.query(
      `INSERT INTO moderation_decisions (target_type, target_id, affected_user_id, action, ground, text, admin_id,
         automated, created_at)
       VALUES ($1, $2, $3, $4, 'terms', 'Statement of reasons', $5, $6, $7)`,
      [d.targetType, d.targetId, d.affected, d.action, d.by, d.by === null, d.at],
    );
  }
}

describe('migrating the five report tables into one reports store', () => {
  let client: PGlite;
  let tablesBefore: string[] = [];
  let tablesAfter: string[] = [];
  let stored: StoredReport[] = [];
  /** The migrated row of one old report, by target and reporter. */
  const find = (targetType: string, targetId: string, reporterId: string) =>
    stored.find((r) => reportKey(r) === reportKey({ targetType, targetId, reporterId }));

  beforeAll(async () => {
    const tags = journalTags();
    const storeAt = tags.indexOf('0027_one_reports_store');
    if (storeAt < 0 || tags[storeAt + 1] !== '0028_drop_old_report_tables') {
      throw new Error(`journal does not list 0027 and 0028 one after the other: ${tags.join(', ')}`);
    }
    client = await PGlite.create({ extensions: { pg_trgm } });
    for (const tag of tags.slice(0, storeAt)) await applyMigration(client, tag);
    await fillOldTables(client);
    tablesBefore = await existingTables(client, OLD_TABLES);
    await applyMigration(client, tags[storeAt] as string);
    await applyMigration(client, tags[storeAt + 1] as string);
    tablesAfter = await existingTables(client, OLD_TABLES);
    const rows = await queryRows(
      client,
      z.object({
        target_type: z.string(),
        target_id: z.string(),
        reported_id: z.string(),
        reporter_id: z.string(),
        reason: z.string(),
        comment: z.string().nullable(),
        created_at: z.date(),
        resolved_at: z.date().nullable(),
      }),
      'SELECT * FROM reports',
    );
    stored = rows.map((row) => ({
      targetType: row.target_type,
      targetId: row.target_id,
      reportedId: row.reported_id,
      reporterId: row.reporter_id,
      reason: row.reason,
      comment: row.comment,
      createdAt: row.created_at.toISOString(),
      resolvedAt: row.resolved_at?.toISOString() ?? null,
    }));
  }, 120_000);

  afterAll(async () => {
    await client?.close();
  });

  it('carries every old report over exactly once and adds none', () => {
    const keys = stored.map(reportKey).sort();
    const wanted = [
      ...expected.map(reportKey),
      reportKey({ targetType: 'forum_post', targetId: otherPost, reporterId: reporter3 }),
    ].sort();
    expect(keys).toEqual(wanted);
  });

  it('stores each report with its target, reported member, reporter, reason, comment and times', () => {
    for (const report of expected) {
      expect(find(report.targetType, report.targetId, report.reporterId), reportKey(report)).toEqual(report);
    }
  });

  it('names the seller of an ad as its reported member and keeps the comment', () => {
    const report = find('listing', ad, reporter);
    expect(report?.reportedId).toBe(seller);
    expect(report?.comment).toBe('Asks for payment in advance');
  });

  it("resolves an ad report by an admin's keep taken after it, at that decision's time", () => {
    expect(find('listing', ad, reporter)?.resolvedAt).toBe(toMillis(T.adKept));
  });

  it('leaves open an ad report filed after the last decision on the ad', () => {
    expect(find('listing', ad, reporter2)?.resolvedAt).toBeNull();
  });

  it('leaves open an ad report that only the automated check decided on', () => {
    expect(find('listing', otherAd, reporter)?.resolvedAt).toBeNull();
  });

  it('carries forum post reports with the author as reported member, no comment and their own status', () => {
    const resolved = find('forum_post', post, reporter);
    expect(resolved?.reportedId).toBe(author);
    expect(resolved?.comment).toBeNull();
    // The admin's removal after the report, not the keep taken before it.
    expect(resolved?.resolvedAt).toBe(toMillis(T.postRemoved));
    const open = find('forum_post', otherPost, reporter2);
    expect(open?.reportedId).toBe(otherAuthor);
    expect(open?.resolvedAt).toBeNull();
  });

  it('keeps a forum report resolved even when no decision on the post is recorded', () => {
    const report = find('forum_post', otherPost, reporter3);
    expect(report?.reportedId).toBe(otherAuthor);
    expect(report?.reason).toBe('Advertising');
    expect(report?.createdAt).toBe(toMillis(T.otherPostReportedResolved));
    expect(report?.resolvedAt).not.toBeNull();
    expect(Date.parse(report?.resolvedAt ?? '')).toBeGreaterThanOrEqual(
      Date.parse(T.otherPostReportedResolved),
    );
  });

  it('names the other member of a conversation as reported and keeps the text as comment', () => {
    const byBuyer = find('conversation', conversation, buyer);
    expect(byBuyer?.reportedId).toBe(seller);
    expect(byBuyer?.comment).toBe('Keeps writing at night');
    const bySeller = find('conversation', conversation, seller);
    expect(bySeller?.reportedId).toBe(buyer);
  });

  it('resolves by a conversation decision only the reports about the member it concerns', () => {
    expect(find('conversation', conversation, buyer)?.resolvedAt).toBe(toMillis(T.sellerSuspendedInChat));
    expect(find('conversation', conversation, seller)?.resolvedAt).toBeNull();
  });

  it('carries a report of a story that no longer exists, with its owner as reported member', () => {
    const report = find('story', goneStory, reporter);
    expect(report?.reportedId).toBe(storyOwner);
    expect(report?.comment).toBe('Shows a weapon');
    // A warning is no keep, remove or suspend: the report stays open.
    expect(report?.resolvedAt).toBeNull();
  });

  it('carries a member report, resolved by the first decision after it', () => {
    const report = find('user', member, reporter2);
    expect(report?.reportedId).toBe(member);
    expect(report?.comment).toBe('Pretends to be a shop');
    expect(report?.resolvedAt).toBe(toMillis(T.memberSuspended));
  });

  it('keeps the creation times, to the millisecond where the old tables had microseconds', () => {
    expect(find('listing', ad, reporter)?.createdAt).toBe('2025-03-01T10:00:00.123Z');
    expect(find('conversation', conversation, buyer)?.createdAt).toBe('2025-03-06T18:00:00.654Z');
    expect(find('user', member, reporter2)?.createdAt).toBe('2025-03-09T10:00:00.800Z');
  });

  it('drops the five old report tables', () => {
    expect(tablesBefore).toEqual([...OLD_TABLES].sort());
    expect(tablesAfter).toEqual([]);
  });
});
