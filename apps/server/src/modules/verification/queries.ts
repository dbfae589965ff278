import type { MemberReputation } from '@marketplace/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { ReputationPart } from '../users/index.ts';

/** The member's latest approved request, for the fragments below. */
const approvedOf = (userId: SQL) =>
  sql`from seller_verifications v where v.user_id = ${userId} and v.status = 'approved'
      order by v.decided_at desc limit 1`;

/**
 * Select-list fragment for other modules' reads (docs/decisions/0006: read, never written, in
 * one query for speed): `"sellerBadge"` ('private', 'business' or null) and `"sellerTrader"`
 * (a business seller's trader information as JSON, else null) of the member `userId`.
 */
export function sellerBadgeColumns(userId: SQL): SQL {
  return sql`(select v.kind ${approvedOf(userId)}) as "sellerBadge",
    (select case when v.kind = 'business' then json_build_object(
        'name', v.name, 'legal_form', v.legal_form, 'street', v.street, 'postal_code', v.postal_code,
        'city', v.city, 'phone', v.phone, 'email', v.email, 'register_number', v.register_number,
        'vat_id', v.vat_id) end ${approvedOf(userId)}) as "sellerTrader"`;
}

/**
 * SQL condition: the member `userId` has an approved verification ('nur verifizierte
 * Verkäufer'), of `kind` when given (a business seller: the directory's shops).
 */
export function verifiedSellerCondition(userId: SQL, kind?: 'private' | 'business'): SQL {
  return sql`exists (select 1 from seller_verifications v where v.user_id = ${userId} and v.status = 'approved'
    ${kind ? sql`and v.kind = ${kind}` : sql``})`;
}

/**
 * The verification's part of the one reputation (contract `memberReputationSchema`), added to the
 * users door's member cards at start: `verified` and `badge` ('private', 'business' or null) from
 * the member's latest approved request (`sellerBadgeColumns`).
 */
export const badgeReputation: ReputationPart = {
  columns: sellerBadgeColumns,
  fields: (row) => ({
    verified: row.sellerBadge !== null,
    badge: (row.sellerBadge ?? null) as MemberReputation['badge'],
  }),
};
