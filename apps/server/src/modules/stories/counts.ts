import { gt } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { stories } from './schema.ts';

/** Stories posted since `since` (the admin figures, `GET /api/admin/stats`). */
export async function countStoriesSince(db: Database, since: Date): Promise<number> {
  return db.$count(stories, gt(stories.createdAt, since));
}
