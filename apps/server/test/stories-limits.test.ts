import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { selectRows } from '../src/db/client.ts';
import { bearer } from './helpers/accounts.ts';
import { startTestApp } from './helpers/app.ts';
import { jpeg, multipart, verifiedMember } from './helpers/marketplace.ts';

/**
 * The daily limit of stories per member (`STORY_POST_LIMIT`, docs/decisions/0005): 30 in 24
 * hours, counted with the story's insert, so it holds when a member posts 200 at once.
 */
const t = await startTestApp();
afterAll(async () => {
  await t?.close();
});

async function count(query: ReturnType<typeof sql>): Promise<number> {
  const [row] = await selectRows(t.db.handle.db, z.object({ n: z.number() }), query);
  return row?.n ?? 0;
}

describe('stories per member and day', () => {
  it('200 parallel posts of one member: exactly 30 stored, the rest 429 with Retry-After; another member still posts', async () => {
    const member = await verifiedMember(t, { nickname: 'Eilige Erzählerin' });
    const photo = await jpeg();
    const post = (token: string) => {
      const body = multipart(photo, 'story.jpg', 'image/jpeg', 'media');
      return t.app.inject({
        method: 'POST',
        url: '/api/stories/',
        headers: { ...bearer(token), ...body.headers },
        payload: body.payload,
      });
    };
    const answers = await Promise.all(Array.from({ length: 200 }, () => post(member.access_token)));
    const codes = answers.map((res) => res.statusCode);
    expect(codes.filter((code) => code === 201)).toHaveLength(30);
    expect(codes.filter((code) => code === 429)).toHaveLength(170);
    const refused = answers.find((res) => res.statusCode === 429);
    expect(refused?.json()).toMatchObject({ code: 'rate_limited' });
    expect(refused?.json().detail).toMatch(/^Du hast in den letzten 24 Stunden sehr viele Storys gepostet\./);
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(0);
    expect(
      await count(sql`select count(*)::int as n from stories where user_id = ${member.user.id}::uuid`),
    ).toBe(30);

    const other = await verifiedMember(t, { nickname: 'Gelassener Erzähler' });
    expect((await post(other.access_token)).statusCode).toBe(201);
  });
});
