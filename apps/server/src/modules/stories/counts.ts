import { sql } from 'drizzle-orm';
import { type Database, selectRowsUnchecked } from '../../db/client.ts';

/** Stories posted since `since` (the admin figures, `GET /api/admin/stats`). */
export async function countStoriesSince(db: Database, since: Date): Promise<number> {
  const [row] = await selectRowsUnchecked<{ n: number }>(
    db,
    sql`select count(*)::int as n from stories where created_at > ${since.toISOString()}::timestamptz`,
  );
  return row?.n ?? 0;
}
