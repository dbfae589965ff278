import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { Emit } from '../../realtime/event-bus.ts';
import { sellerVerifications } from './schema.ts';
import './events.ts';

/**
 * The business verification a shop or provider profile needs (contract shops.ts): started by the
 * registration where the member has none, and decided together with the profile by the ADMIN
 * (one transaction, the caller's). The profile's business data are the request's data; no
 * document is sent, the register entry and VAT id are checked by the ADMIN.
 */

/** The business data a profile's verification is made of. */
export interface ProfileBusinessData {
  name: string;
  /** Null where the legal form is no part of the name (sole traders). */
  legalForm: string | null;
  street: string;
  postalCode: string;
  city: string;
  phone: string;
  email: string;
  registerNumber: string | null;
  vatId: string | null;
}

/** The member's latest business verification's state ('approved', 'pending', 'rejected'), else null. */
export async function businessVerificationState(
  db: Database,
  userId: string,
): Promise<'approved' | 'pending' | 'rejected' | null> {
  return (await businessVerificationStates(db, [userId])).get(userId) ?? null;
}

/**
 * The latest business verification's state of each of `userIds` (as {@link businessVerificationState}),
 * in one query; members without one are missing from the map.
 */
export async function businessVerificationStates(
  db: Database,
  userIds: readonly string[],
): Promise<Map<string, 'approved' | 'pending' | 'rejected'>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([sellerVerifications.userId], {
      userId: sellerVerifications.userId,
      status: sellerVerifications.status,
    })
    .from(sellerVerifications)
    .where(and(inArray(sellerVerifications.userId, [...userIds]), eq(sellerVerifications.kind, 'business')))
    .orderBy(sellerVerifications.userId, desc(sellerVerifications.createdAt));
  return new Map(rows.map((row) => [row.userId, row.status]));
}

/**
 * Starts a business verification of `userId` from a profile's business data in the caller's
 * transaction, unless the member already has an approved business verification or any open
 * request (one open request per member, the partial unique index). Emits
 * `verification.requested`.
 * @returns whether a request was started
 */
export async function startProfileVerificationInTransaction(
  tx: Database,
  emit: Emit,
  userId: string,
  data: ProfileBusinessData,
  now: Date,
): Promise<boolean> {
  const requests = await tx
    .select({ status: sellerVerifications.status, kind: sellerVerifications.kind })
    .from(sellerVerifications)
    .where(eq(sellerVerifications.userId, userId));
  if (requests.some((row) => row.status === 'pending')) return false;
  if (requests.some((row) => row.status === 'approved' && row.kind === 'business')) return false;
  const [row] = await tx
    .insert(sellerVerifications)
    .values({
      userId,
      kind: 'business',
      name: data.name,
      legalForm: data.legalForm,
      street: data.street,
      postalCode: data.postalCode,
      city: data.city,
      phone: data.phone,
      email: data.email,
      registerNumber: data.registerNumber,
      vatId: data.vatId,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: sellerVerifications.id });
  if (!row) return false;
  emit('verification.requested', { verificationId: row.id, userId });
  return true;
}

/**
 * Decides the member's open business verification with their profile, in the caller's
 * transaction: approved or rejected with the same reason. Emits `verification.decided` (the
 * member's notification, decision 0022). Nothing happens when no business request is open.
 */
export async function decideProfileVerificationInTransaction(
  tx: Database,
  emit: Emit,
  input: { userId: string; adminId: string; approved: boolean; reason: string | null; now: Date },
): Promise<void> {
  const [row] = await tx
    .update(sellerVerifications)
    .set({
      status: input.approved ? 'approved' : 'rejected',
      reason: input.reason,
      decidedBy: input.adminId,
      decidedAt: input.now,
    })
    .where(
      and(
        eq(sellerVerifications.userId, input.userId),
        eq(sellerVerifications.status, 'pending'),
        eq(sellerVerifications.kind, 'business'),
      ),
    )
    .returning();
  if (!row) return;
  emit('verification.decided', {
    verificationId: row.id,
    userId: row.userId,
    adminId: input.adminId,
    kind: row.kind,
    approved: input.approved,
    reason: row.reason,
  });
}
