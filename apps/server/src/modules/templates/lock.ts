import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';

/**
 * Takes the advisory lock of one member's templates of one kind (`listing_templates` or
 * `text_templates`) for the rest of the transaction `tx`, so counting and inserting, seeding the
 * defaults and reordering never interleave with another request of the same member.
 */
export async function lockTemplatesOf(tx: Database, kind: string, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`${kind}:${userId}`}, 0))`);
}
