import { businessName } from '@marketplace/contract';
import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { escapeLike } from '../../lib/sql.ts';
import { isUserId } from '../users/index.ts';
import { sellerVerifications } from './schema.ts';

/**
 * Business sellers by their company names, for other modules' reads (docs/decisions/0006: read,
 * never written): a member whose latest approved verification is a business (the badge
 * 'Gewerblich', the directory's shops) is shown to visitors by the company name with its legal
 * form (contract `businessName`, e.g. 'Fahrradhaus Müller GmbH').
 */

/**
 * The shown company names of the business sellers among `userIds`, keyed by member id; members
 * without an approved business verification (and malformed ids) are left out. One statement.
 */
export async function businessNames(db: Database, userIds: readonly string[]): Promise<Map<string, string>> {
  const ids = [...new Set(userIds)].filter(isUserId);
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([sellerVerifications.userId], {
      userId: sellerVerifications.userId,
      kind: sellerVerifications.kind,
      name: sellerVerifications.name,
      legalForm: sellerVerifications.legalForm,
    })
    .from(sellerVerifications)
    .where(and(inArray(sellerVerifications.userId, ids), eq(sellerVerifications.status, 'approved')))
    .orderBy(sellerVerifications.userId, desc(sellerVerifications.decidedAt));
  return new Map(
    rows.flatMap((row) =>
      row.kind === 'business'
        ? [[row.userId, businessName({ name: row.name, legal_form: row.legalForm })]]
        : [],
    ),
  );
}

/**
 * SQL subquery for other modules' reads: the ids of the members with an approved business
 * verification whose company name, alone or with its legal form ('Müller GmbH'), contains
 * `text`, case-insensitive and literally (LIKE wildcards escaped). Use it as `seller_id in (…)`
 * next to the users door's `memberIdsNamed`, so a shop is found by its company name too.
 */
export function businessIdsNamed(text: string): SQL {
  const pattern = `%${escapeLike(text)}%`;
  return sql`select v.user_id from seller_verifications v
    where v.status = 'approved' and v.kind = 'business'
      and (v.name ilike ${pattern} or (v.name || ' ' || coalesce(v.legal_form, '')) ilike ${pattern})`;
}
