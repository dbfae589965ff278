import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Database, rowCount, selectRows } from '../../db/client.ts';

/** Verified members and waiting requests ({@link countVerifications}). */
const verificationCountsRow = z.object({ verified: rowCount, pending: rowCount });

/** Members with an approved verification and requests waiting for a decision (the admin figures). */
export async function countVerifications(
  db: Database,
): Promise<{ verifiedSellers: number; pending: number }> {
  const [row] = await selectRows(
    db,
    verificationCountsRow,
    sql`select count(distinct user_id) filter (where status = 'approved')::int as verified,
          count(*) filter (where status = 'pending')::int as pending
        from seller_verifications`,
  );
  return { verifiedSellers: row?.verified ?? 0, pending: row?.pending ?? 0 };
}
