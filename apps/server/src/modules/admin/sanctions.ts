import type { AdminMemberDetail, AdminSanction } from '@marketplace/contract';
import { and, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { EventBus } from '../../realtime/event-bus.ts';
import { announceEndedSessions, endSessionsInTransaction } from '../auth/index.ts';
import { readSellerOverview } from '../listings/index.ts';
import { displayName, findAccounts, getAccount } from '../users/index.ts';
import { adminAuditLog, memberSanctions } from './schema.ts';
import '../users/events.ts';

/** What sanctioning needs: the database and the bus that announces ended sessions and sanctions. */
export interface SanctionDeps {
  db: Database;
  events: EventBus;
}

/** Shortest and longest reason of a sanction or of lifting it (characters, trimmed). */
export const SANCTION_REASON_MIN = 3;
export const SANCTION_REASON_MAX = 1000;

type SanctionRow = typeof memberSanctions.$inferSelect;

const TIME_ZONE = 'Europe/Berlin';
const dateFormat = new Intl.DateTimeFormat('de-DE', {
  timeZone: TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});
const timeFormat = new Intl.DateTimeFormat('de-DE', {
  timeZone: TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
});

/**
 * The end of a suspension as members read it, in German time: '24.12.2026' when it ends at the
 * end of that day (23:59), else '24.12.2026, 07:30 Uhr'.
 */
export function formatSanctionEnd(endsAt: Date): string {
  const time = timeFormat.format(endsAt);
  return time === '23:59' ? dateFormat.format(endsAt) : `${dateFormat.format(endsAt)}, ${time} Uhr`;
}

/**
 * The German detail of a refused login: 'Dein Konto ist bis 24.12.2026 gesperrt. Grund: …' or,
 * for a ban, 'Dein Konto ist dauerhaft gesperrt. Grund: …'.
 */
export function sanctionLoginDetail(sanction: { endsAt: Date | null; reason: string }): string {
  const when = sanction.endsAt ? `bis ${formatSanctionEnd(sanction.endsAt)}` : 'dauerhaft';
  return `Dein Konto ist ${when} gesperrt. Grund: ${sanction.reason}`;
}

/** Conditions of a sanction that still keeps its member out: not lifted, and a ban or not run out. */
const activeSanction = () =>
  and(
    isNull(memberSanctions.liftedAt),
    or(isNull(memberSanctions.endsAt), gt(memberSanctions.endsAt, sql`now()`)),
  );

/**
 * The sanction that keeps a member out now: a ban before any suspension, else the suspension
 * that ends last; null when the member may log in (nothing active, lifted, or run out; the
 * database clock decides).
 */
export async function findBlockingSanction(db: Database, userId: string): Promise<SanctionRow | null> {
  const [row] = await db
    .select()
    .from(memberSanctions)
    .where(and(eq(memberSanctions.userId, userId), activeSanction()))
    .orderBy(sql`${memberSanctions.endsAt} desc nulls first`, desc(memberSanctions.createdAt))
    .limit(1);
  return row ?? null;
}

/**
 * The login check of the admin module (registered with `app.addLoginCheck`): a member with an
 * active sanction is refused with 403 and a detail naming the end and the reason
 * ({@link sanctionLoginDetail}). A suspension that has run out lets the member in.
 * @throws AppError forbidden (403)
 */
export function sanctionLoginCheck(db: Database): (userId: string) => Promise<void> {
  return async (userId) => {
    const sanction = await findBlockingSanction(db, userId);
    if (sanction) throw new AppError('forbidden', sanctionLoginDetail(sanction));
  };
}

function checkedReason(reason: string): string {
  const trimmed = reason.trim();
  if (trimmed.length < SANCTION_REASON_MIN)
    throw new AppError('validation', 'Bitte gib einen Grund an (mindestens 3 Zeichen).');
  if (trimmed.length > SANCTION_REASON_MAX)
    throw new AppError('validation', 'Der Grund darf höchstens 1000 Zeichen lang sein.');
  return trimmed;
}

/** What {@link suspendMember} records: the member, who decided (null: the system), until when (null: ban), why. */
export interface SuspendMemberInput {
  userId: string;
  /** The deciding administrator, or null when the system decided (three upheld removals). */
  adminId: string | null;
  /** The end of the suspension (must lie in the future), or null for a ban without end. */
  until: Date | null;
  reason: string;
}

/**
 * Suspends a member until `until` or bans them (`until` null), with a reason (SPEC.md §6
 * "ADMIN"; DSA Art. 23 for the three-strikes rule): in one transaction it stores the sanction,
 * writes the audit log entry (`member_suspended` or `member_banned`, target `user`; `admin_id`
 * null when the system decided) and ends every session of the member; after the commit it
 * announces the ended sessions (their sockets close with 1008, their tokens answer 401) and
 * publishes `member.sanctioned`. Until the end, logging in answers 403 naming the end date and
 * the reason; a suspension that has run out lets the member in again without an admin.
 * Several active sanctions combine (the latest end counts, a ban beats them all).
 *
 * Runs its own transaction: call it after your own decision has committed.
 * @param deps `{ db, events }`: the application's database (`app.database.db`) and event bus
 *   (`app.events`), as the other door functions take them
 * @returns the stored sanction
 * @throws AppError user_not_found (404: no such member), forbidden (403: the member is an
 *   ADMIN; take the role away first), validation (422: an admin suspending themselves, an end
 *   not in the future, a reason shorter than 3 or longer than 1000 characters)
 */
export async function suspendMember(deps: SanctionDeps, input: SuspendMemberInput): Promise<AdminSanction> {
  await checkSuspension(deps.db, input);
  const stored = await deps.db.transaction((tx) => suspendMemberInTransaction(tx, input));
  await announceSanction(deps, stored);
  const [sanction] = await presentSanctions(deps.db, [stored.row]);
  if (!sanction) throw new Error('sanction vanished');
  return sanction;
}

/** A sanction stored by {@link suspendMemberInTransaction}, to be announced after the commit. */
export interface StoredSanction {
  row: SanctionRow;
  ended: Awaited<ReturnType<typeof endSessionsInTransaction>>;
}

/**
 * The checks of {@link suspendMember} before any write: a valid reason, an end in the future,
 * not oneself, not an ADMIN. Call it before opening the transaction of
 * {@link suspendMemberInTransaction}.
 * @throws AppError user_not_found (404), forbidden (403), validation (422)
 */
export async function checkSuspension(db: Database, input: SuspendMemberInput): Promise<void> {
  checkedReason(input.reason);
  if (input.until && !(input.until.getTime() > Date.now()))
    throw new AppError('validation', 'Das Ende der Sperre muss in der Zukunft liegen.');
  if (input.adminId !== null && input.adminId === input.userId)
    throw new AppError('validation', 'Du kannst dich nicht selbst sperren.');
  const member = await getAccount(db, input.userId);
  if (member.role === 'ADMIN')
    throw new AppError(
      'forbidden',
      'Administratoren können nicht gesperrt werden. Entziehe zuerst die Rolle Administrator.',
    );
}

/**
 * The writes of {@link suspendMember} inside the caller's transaction (a moderation decision
 * that suspends the reported member commits with its sanction): the sanction, the audit log
 * entry, the member's ended sessions. Check first with {@link checkSuspension}; after the
 * commit call {@link announceSanction}.
 */
export async function suspendMemberInTransaction(
  tx: Database,
  input: SuspendMemberInput,
): Promise<StoredSanction> {
  const reason = checkedReason(input.reason);
  const kind = input.until ? 'suspension' : 'ban';
  const [inserted] = await tx
    .insert(memberSanctions)
    .values({ userId: input.userId, kind, endsAt: input.until, reason, adminId: input.adminId })
    .returning();
  if (!inserted) throw new Error('insert into member_sanctions returned no row');
  await tx.insert(adminAuditLog).values({
    adminId: input.adminId,
    action: kind === 'ban' ? 'member_banned' : 'member_suspended',
    targetType: 'user',
    targetId: input.userId,
    reason,
    details: [
      inserted.endsAt ? `bis ${inserted.endsAt.toISOString()}` : 'dauerhaft',
      input.adminId === null ? 'System' : null,
    ]
      .filter(Boolean)
      .join(', '),
  });
  return { row: inserted, ended: await endSessionsInTransaction(tx, input.userId) };
}

/**
 * After the commit of a sanction: announces the member's ended sessions (their sockets close
 * with 1008) and publishes `member.sanctioned` (the listings door hides the member's ads).
 */
export async function announceSanction(deps: SanctionDeps, stored: StoredSanction): Promise<void> {
  await announceEndedSessions(deps.events, stored.row.userId, stored.ended);
  await deps.events.publish('member.sanctioned', {
    userId: stored.row.userId,
    sanctionId: stored.row.id,
    endsAt: stored.row.endsAt?.toISOString() ?? null,
    adminId: stored.row.adminId,
  });
}

/**
 * Lifts one sanction inside the caller's transaction (an appeal that reverses the suspension
 * of a moderation decision), with the audit log entry `sanction_lifted`. After the commit call
 * {@link announceSanctionLifted}.
 * @returns the member's id, or null when the sanction is lifted or run out already
 */
export async function liftSanctionInTransaction(
  tx: Database,
  input: { sanctionId: string; adminId: string; reason: string },
): Promise<string | null> {
  const reason = checkedReason(input.reason);
  const [row] = await tx
    .update(memberSanctions)
    .set({ liftedAt: sql`now()`, liftedBy: input.adminId, liftReason: reason })
    .where(and(eq(memberSanctions.id, input.sanctionId), activeSanction()))
    .returning();
  if (!row) return null;
  await tx.insert(adminAuditLog).values({
    adminId: input.adminId,
    action: 'sanction_lifted',
    targetType: 'user',
    targetId: row.userId,
    reason,
    details: row.endsAt ? `bis ${row.endsAt.toISOString()}` : 'dauerhaft',
  });
  return row.userId;
}

/** After the commit of a lifted sanction: publishes `member.sanction_lifted`. */
export async function announceSanctionLifted(
  events: EventBus,
  userId: string,
  adminId: string,
): Promise<void> {
  await events.publish('member.sanction_lifted', { userId, adminId });
}

/**
 * Lifts every active sanction of a member (SPEC.md §6 "ADMIN"): marks them lifted by the admin
 * with the reason and writes the audit log entry `sanction_lifted` in one transaction, then
 * publishes `member.sanction_lifted`. The member can log in again at once.
 * @throws AppError user_not_found (404), conflict (409: nothing active to lift),
 *   validation (422: reason)
 */
export async function liftSanctions(
  deps: SanctionDeps,
  input: { userId: string; adminId: string; reason: string },
): Promise<void> {
  const reason = checkedReason(input.reason);
  await getAccount(deps.db, input.userId);
  const lifted = await deps.db.transaction(async (tx) => {
    const rows = await tx
      .update(memberSanctions)
      .set({ liftedAt: sql`now()`, liftedBy: input.adminId, liftReason: reason })
      .where(and(eq(memberSanctions.userId, input.userId), activeSanction()))
      .returning();
    if (rows.length === 0) return rows;
    await tx.insert(adminAuditLog).values({
      adminId: input.adminId,
      action: 'sanction_lifted',
      targetType: 'user',
      targetId: input.userId,
      reason,
      details: rows.map((row) => (row.endsAt ? `bis ${row.endsAt.toISOString()}` : 'dauerhaft')).join(', '),
    });
    return rows;
  });
  if (lifted.length === 0) throw new AppError('conflict', 'Dieses Mitglied ist derzeit nicht gesperrt.');
  await announceSanctionLifted(deps.events, input.userId, input.adminId);
}

/** Sanction rows in the contract's shape, with the names of the admins involved. */
async function presentSanctions(db: Database, rows: SanctionRow[]): Promise<AdminSanction[]> {
  const ids = [...new Set(rows.flatMap((row) => [row.adminId, row.liftedBy].filter((id) => id !== null)))];
  const names = new Map((await findAccounts(db, ids)).map((user) => [user.id, displayName(user)]));
  const now = Date.now();
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    ends_at: row.endsAt?.toISOString() ?? null,
    reason: row.reason,
    admin_id: row.adminId,
    admin_name: row.adminId ? (names.get(row.adminId) ?? null) : null,
    created_at: row.createdAt.toISOString(),
    lifted_at: row.liftedAt?.toISOString() ?? null,
    lifted_by: row.liftedBy,
    lifted_by_name: row.liftedBy ? (names.get(row.liftedBy) ?? null) : null,
    lift_reason: row.liftReason,
    active: row.liftedAt === null && (row.endsAt === null || row.endsAt.getTime() > now),
  }));
}

/**
 * The admin member page (`GET /api/admin/members/{id}`, SPEC.md §6 "ADMIN"): profile facts,
 * the member's ads and the reports against them (from the listings door), every sanction
 * newest first, the one that keeps the member out now, and what the asking admin may do:
 * sanction anyone but themselves and other ADMINs, lift when a sanction is active.
 * @throws AppError user_not_found (404)
 */
export async function readMemberDetail(
  db: Database,
  adminId: string,
  memberId: string,
): Promise<AdminMemberDetail> {
  const account = await getAccount(db, memberId);
  const [overview, rows, blocking] = await Promise.all([
    readSellerOverview(db, memberId),
    db
      .select()
      .from(memberSanctions)
      .where(eq(memberSanctions.userId, memberId))
      .orderBy(desc(memberSanctions.createdAt), desc(memberSanctions.id)),
    findBlockingSanction(db, memberId),
  ]);
  const sanctions = await presentSanctions(db, rows);
  const reporters = new Map(
    (await findAccounts(db, [...new Set(overview.reports.map((r) => r.reporterId))])).map((u) => [
      u.id,
      displayName(u),
    ]),
  );
  const activeSanctionAnswer = blocking ? (sanctions.find((s) => s.id === blocking.id) ?? null) : null;
  return {
    member: {
      id: account.id,
      email: account.email,
      display_name: displayName(account),
      role: account.role,
      created_at: account.createdAt.toISOString(),
      listings: overview.ads.length,
      nickname: account.nickname,
      first_name: account.firstName,
      last_name: account.lastName,
      email_verified: account.emailVerifiedAt !== null,
    },
    listings: overview.ads.map((ad) => ({
      id: ad.id,
      title: ad.title,
      status: ad.status,
      price_cents: ad.priceCents,
      created_at: ad.createdAt.toISOString(),
      reports: ad.reports,
    })),
    reports: overview.reports.map((report) => ({
      id: report.id,
      listing_id: report.listingId,
      listing_title: report.listingTitle,
      reporter_id: report.reporterId,
      reporter_name: reporters.get(report.reporterId) ?? 'gelöschtes Konto',
      reason: report.reason,
      comment: report.comment,
      created_at: report.createdAt.toISOString(),
    })),
    sanctions,
    active_sanction: activeSanctionAnswer,
    can: {
      sanction: account.id !== adminId && account.role !== 'ADMIN',
      lift: activeSanctionAnswer !== null,
    },
  };
}
