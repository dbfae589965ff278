import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { selectRows } from '../src/db/client.ts';
import { seedDemoStories } from '../src/db/seed/stories.ts';
import { removeExpiredStories } from '../src/modules/stories/index.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ SEED_DEMO: '1' });
}, 300_000);
afterAll(async () => t?.close());

async function storyKinds() {
  const rows = await selectRows(
    t.db.handle.db,
    z.object({ media_type: z.string(), n: z.number(), with_ad: z.number(), members: z.number() }),
    sql`select media_type, count(*)::int as n, count(listing_id)::int as with_ad, count(distinct user_id)::int as members
        from stories where expires_at > now() group by media_type`,
  );
  return Object.fromEntries(rows.map((row) => [row.media_type, row]));
}

describe('demo stories', () => {
  it('gives several demo members fresh photo and video stories, some with an ad card', async () => {
    const kinds = await storyKinds();
    expect(kinds.image?.n).toBeGreaterThanOrEqual(4);
    expect(kinds.video?.n).toBeGreaterThanOrEqual(2);
    expect((kinds.image?.with_ad ?? 0) + (kinds.video?.with_ad ?? 0)).toBeGreaterThan(0);
    expect(kinds.image?.members).toBeGreaterThanOrEqual(4);
  });

  it('gives each demo video a poster, its first frame, as a stored picture', async () => {
    const rows = await selectRows(
      t.db.handle.db,
      z.object({ thumbnail_name: z.string().nullable() }),
      sql`select thumbnail_name from stories where media_type = 'video' and expires_at > now()`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(2);
    for (const row of rows) {
      expect(row.thumbnail_name).toMatch(/^[a-f0-9]+$/);
      const card = await t.app.inject({ url: `/api/images/${row.thumbnail_name}-card.webp` });
      expect(card.statusCode).toBe(200);
      expect(card.headers['content-type']).toContain('image/webp');
    }
  });

  it('tops them up on a later start once they expired, and adds nothing while they live', async () => {
    const deps = { stories: t.app.storiesDeps, categories: t.app.categories, log: t.app.log };
    expect(await seedDemoStories(deps)).toBe(0);
    await t.db.handle.db.execute(sql`update stories set expires_at = now() - interval '1 second'`);
    await removeExpiredStories(t.app.storiesDeps);
    expect(await storyKinds()).toEqual({});
    expect(await seedDemoStories(deps)).toBeGreaterThanOrEqual(6);
    expect((await storyKinds()).video?.n).toBeGreaterThanOrEqual(2);
  });
});
