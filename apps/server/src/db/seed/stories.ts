import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import sharp from 'sharp';
import { listMyListings } from '../../modules/listings/index.ts';
import { createStoryFromFile, listStoriesOfUser, type StoriesDeps } from '../../modules/stories/index.ts';
import { findAccountByEmail } from '../../modules/users/index.ts';
import { demoPhotoSvg } from './images.ts';
import type { SeedDeps } from './index.ts';
import { DEMO_MEMBERS, demoEmail } from './members.ts';
import { Random } from './random.ts';

/** A short demo video (4 s, H.264, 360 x 640) that stands in for a member's clip. */
const DEMO_VIDEO = fileURLToPath(new URL('./demo-story.mp4', import.meta.url));
/**
 * The clip's first frame as a JPEG, the poster the strip and viewer show before it plays (as the
 * web app sends one for each video it posts); taken from `demo-story.mp4` with
 * `ffmpeg -i demo-story.mp4 -frames:v 1 -q:v 3 demo-story-poster.jpg`.
 */
const DEMO_VIDEO_POSTER = fileURLToPath(new URL('./demo-story-poster.jpg', import.meta.url));
/** Demo members who post stories, and what they show. */
const STORY_POSTERS: { index: number; photos: [string, string][]; video: boolean; ad: boolean }[] = [
  { index: 0, photos: [['Flohmarktfund', 'Heute frisch reingekommen']], video: true, ad: true },
  { index: 1, photos: [['Sonntagsausflug', 'Am See']], video: false, ad: false },
  { index: 2, photos: [['Neu im Angebot', 'Schaut mal rein']], video: true, ad: true },
  {
    index: 3,
    photos: [
      ['Werkstatt', 'Fast fertig restauriert'],
      ['Vorher', 'So sah es aus'],
    ],
    video: false,
    ad: true,
  },
  { index: 4, photos: [], video: true, ad: false },
  { index: 5, photos: [['Garten', 'Die ersten Tomaten']], video: false, ad: false },
];

/**
 * Fresh demo stories (ARCHITECTURE.md "Configuration: SEED_DEMO"): several demo members post
 * photo stories (drawn here with sharp) and video stories (the bundled clip with its first frame
 * as poster), some with a card of one of their active ads, spread over the last hours. Members who still have a live story
 * are left alone, so a start with `SEED_DEMO=1` on an existing demo database tops the strip up
 * after the 24 hours, and a second start adds nothing. Databases without the demo members are
 * not touched.
 * @returns how many stories were posted
 */
export async function seedDemoStories(
  deps: { stories: StoriesDeps; categories: SeedDeps['categories']; log: FastifyBaseLogger },
  now = Date.now(),
): Promise<number> {
  const db = deps.stories.db;
  const random = new Random(now % 100_000);
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'demo-stories-'));
  let posted = 0;
  try {
    for (const poster of STORY_POSTERS) {
      const member = DEMO_MEMBERS[poster.index];
      if (!member) continue;
      const account = await findAccountByEmail(db, demoEmail(member));
      if (!account) continue;
      if ((await listStoriesOfUser(deps.stories, account.id, account.id)).length > 0) continue;
      const actor = { id: account.id, role: account.role };
      let listingId: string | undefined;
      if (poster.ad) {
        const mine = await listMyListings({ db, categories: deps.categories }, account.id, {
          status: 'active',
          limit: 1,
        });
        listingId = mine.listings[0]?.id;
      }
      let minutesAgo = random.int(120, 20 * 60);
      for (const [title, subtitle] of poster.photos) {
        const file = path.join(folder, `${posted}.jpg`);
        const svg = demoPhotoSvg(title, subtitle, random.int(0, 359), random);
        await sharp(svg, { density: 150 })
          .resize(1080, 1920, { fit: 'cover' })
          .jpeg({ quality: 85 })
          .toFile(file);
        await createStoryFromFile(
          deps.stories,
          actor,
          file,
          { caption: `${title} – ${subtitle}`, listing_id: posted % 2 === 0 ? listingId : undefined },
          new Date(now - minutesAgo * 60_000),
        );
        posted += 1;
        minutesAgo -= random.int(10, 60);
      }
      if (poster.video) {
        await createStoryFromFile(
          deps.stories,
          actor,
          DEMO_VIDEO,
          { caption: 'Kurz gefilmt', duration: '4', listing_id: listingId },
          new Date(now - Math.max(5, minutesAgo - 30) * 60_000),
          DEMO_VIDEO_POSTER,
        );
        posted += 1;
      }
    }
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
  if (posted > 0) deps.log.info({ stories: posted }, 'demo stories posted');
  return posted;
}
