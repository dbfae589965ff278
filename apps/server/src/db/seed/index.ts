import { LISTING_LIFETIME_DAYS } from '@marketplace/contract';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { MediaStorage } from '../../lib/media-storage.ts';
import { hashPassword } from '../../lib/passwords.ts';
import type { CategoryTree, ResolvedCategory } from '../../modules/categories/index.ts';
import { type Location, selectPlacesByCodes } from '../../modules/places/index.ts';
import { createAccount } from '../../modules/users/index.ts';
import type { EventBus } from '../../realtime/event-bus.ts';
import { type Database, selectRows } from '../client.ts';
import { favorites, follows } from '../schema.ts';
import { type DemoAdDraft, dateDemoSeller, demoAdDraft, demoOffer, storeDemoAds } from './ads.ts';
import { type AdTemplate, CATALOG } from './catalog.ts';
import { seedForum } from './forum.ts';
import { demoDescription, leafCategories } from './listings.ts';
import { DEMO_MEMBERS, DEMO_PASSWORD, DEMO_POSTAL_CODES, demoEmail } from './members.ts';
import { drawPhotos } from './photos.ts';
import { Random } from './random.ts';
import { seedReports } from './reports.ts';

export { adKindOf } from './listings.ts';

/** What the demo data needs from the running application. */
export interface SeedDeps {
  db: Database;
  categories: CategoryTree;
  storage: MediaStorage;
  /**
   * Where the new ads are announced after the commit (`listing.created`), so every cache of
   * answers forgets the empty marketplace; without it nothing is announced.
   */
  events?: EventBus;
  log: { info(object: object, message: string): void };
  /** The current AGB version (config `TERMS_VERSION`) the demo members accepted when they joined. */
  termsVersion?: string;
}

/** What was created. */
export interface SeedSummary {
  members: number;
  listings: number;
  photos: number;
  favorites: number;
}

/** Ads per subcategory (about 100 subcategories: about 400 ads). */
const ADS_PER_CATEGORY = 4;
/** Seed of the PRNG: the same demo data on every start. */
const SEED = 20_240_611;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Whether the database holds no member content yet ({@link isDatabaseEmpty}). */
const emptyRow = z.object({ empty: z.boolean() });

/**
 * Whether the database holds no member content yet: no ads and no members other than
 * administrators (an `ADMIN_EMAIL` account may exist before the demo data).
 */
export async function isDatabaseEmpty(db: Database): Promise<boolean> {
  const [row] = await selectRows(
    db,
    emptyRow,
    sql`select not exists(select 1 from listings) and not exists(select 1 from users where role <> 'ADMIN') as empty`,
  );
  return row?.empty ?? false;
}

/** How many other demo members each demo member follows. */
export const DEMO_FOLLOWS_EACH = 4;

/**
 * Fills an empty database with demo data (ARCHITECTURE.md `SEED_DEMO`):
 * 20 verified members (password `demo1234`) who joined before their first ad, 4 ads in every
 * subcategory (about 400) with German titles, descriptions that fit the category's kind of ad
 * (jobs with a monthly salary, requests that ask, lost animals without a price, sentences that
 * match the price type and shipping), valid attributes, places across Germany, 1–3 locally
 * drawn photos each, ages spread over six weeks, some reserved, sold or expired, views and
 * favourites, and German threads in every forum. The members have accepted the current AGB
 * (`termsVersion`). No chats; demo stories come from `seedDemoStories`. Deterministic (seeded
 * PRNG) apart from ids and times. One transaction with an advisory lock, so two instances
 * starting at once seed once; after it each member follows {@link DEMO_FOLLOWS_EACH} others.
 * @returns what was created, or null when the database was not empty
 */
export async function seedDemoData(
  deps: SeedDeps,
  options: { now?: number } = {},
): Promise<SeedSummary | null> {
  if (!(await isDatabaseEmpty(deps.db))) return null;
  const started = Date.now();
  const now = options.now ?? Date.now();
  const random = new Random(SEED);
  const leaves = leafCategories(deps.categories);
  const roots = [
    ...new Map(leaves.map((leaf) => [leaf.rootId, deps.categories.resolve(leaf.rootId)])).values(),
  ].filter((root): root is ResolvedCategory => root !== undefined);
  const places = await selectPlacesByCodes(deps.db, DEMO_POSTAL_CODES);
  if (places.length === 0) throw new Error('demo data needs the postal-code table');
  const photos = await drawPhotos(random, roots);
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  const summary = await deps.db.transaction(async (db) => {
    await db.execute(sql`select pg_advisory_xact_lock(hashtext('seed_demo'))`);
    if (!(await isDatabaseEmpty(db))) return null;
    const members: string[] = [];
    for (const member of DEMO_MEMBERS) {
      const account = await createAccount(db, {
        email: demoEmail(member),
        passwordHash,
        nickname: member.nickname ?? null,
        firstName: member.firstName,
        lastName: member.lastName,
        emailVerifiedAt: new Date(now),
      });
      members.push(account.id);
    }

    const drafts: DemoAdDraft[] = [];
    for (const category of leaves) {
      const templates = CATALOG[category.slug] ?? [];
      if (templates.length === 0) continue;
      const offset = random.int(0, templates.length - 1);
      for (let i = 0; i < ADS_PER_CATEGORY; i++) {
        const template = templates[(offset + i) % templates.length] as AdTemplate;
        const place = random.pick(places) as Location;
        const offer = demoOffer(
          random,
          category,
          deps.categories.resolve(category.rootId)?.slug ?? '',
          template,
          now,
        );
        const roll = random.next();
        const status = roll < 0.08 ? 'reserved' : roll < 0.16 ? 'sold' : 'active';
        const expired = status === 'active' && random.chance(0.03);
        const ageDays = expired ? random.int(LISTING_LIFETIME_DAYS + 1, 75) : random.next() ** 1.6 * 42;
        const createdAt = new Date(now - ageDays * DAY_MS - random.int(0, 3_600_000));
        const description = demoDescription(random, { ...offer, template });
        const sellerId = random.pick(members);
        const views = random.int(0, Math.round(ageDays * 9) + 15);
        drafts.push(
          demoAdDraft({
            offer,
            template,
            category,
            place,
            sellerId,
            description,
            status,
            createdAt,
            views,
            photoCount: random.int(1, 3),
          }),
        );
      }
    }

    // Members joined between three weeks and three years before their first ad, so a profile's
    // 'Mitglied seit' never comes after the ads it lists.
    for (const userId of members) {
      const first = Math.min(
        now,
        ...drafts
          .filter((draft) => draft.sellerId === userId)
          .map((draft) => (draft.createdAt as Date).getTime()),
      );
      const joined = new Date(first - random.int(21, 3 * 365) * DAY_MS - random.int(0, DAY_MS - 1));
      await dateDemoSeller(db, userId, joined, deps.termsVersion);
    }

    // Favourites: each member saves some ads of others; counts go onto the ads.
    const saved: { userId: string; index: number }[] = [];
    for (const userId of members) {
      const candidates = drafts
        .map((_, index) => index)
        .filter((index) => drafts[index]?.sellerId !== userId);
      for (const index of random.sample(candidates, random.int(4, 22))) {
        saved.push({ userId, index });
        const draft = drafts[index] as DemoAdDraft;
        draft.favoritesCount += 1;
      }
    }

    // Photos: each ad gets its own copies, so deleting one ad never touches another's files.
    const ids = await storeDemoAds(db, deps.storage, drafts, photos, random);
    for (let start = 0; start < saved.length; start += 200) {
      await db.insert(favorites).values(
        saved.slice(start, start + 200).map((row, i) => ({
          userId: row.userId,
          listingId: ids[row.index] as string,
          createdAt: new Date(now - (start + i) * 60_000),
        })),
      );
    }
    // The forums: some German threads with replies and likes in each.
    await seedForum(db, members, random, now);
    // A few open ad reports, so that the admin dashboard has something to show.
    await seedReports(
      db,
      members,
      ids.map((id, index) => ({ id, sellerId: drafts[index]?.sellerId as string })),
      random,
      now,
    );
    return {
      memberIds: members,
      created: ids.map((id, index) => ({
        id,
        sellerId: drafts[index]?.sellerId as string,
        title: drafts[index]?.title as string,
      })),
      members: members.length,
      listings: ids.length,
      photos: drafts.reduce((sum, draft) => sum + (draft.images as string[]).length, 0),
      favorites: saved.length,
    };
  });
  if (!summary) return null;
  const { created, memberIds, ...counts } = summary;
  for (const ad of created) {
    await deps.events?.publish('listing.created', {
      listingId: ad.id,
      sellerId: ad.sellerId,
      title: ad.title,
    });
  }
  // Each member follows the next four, so /feed, follower counts and dashboards are not empty.
  // Written after the ads' events: followers existing before them would get a notification for
  // every one of those ads.
  await deps.db
    .insert(follows)
    .values(
      memberIds.flatMap((followerId, i) =>
        Array.from({ length: DEMO_FOLLOWS_EACH }, (_, k) => ({
          followerId,
          followedId: memberIds[(i + k + 1) % memberIds.length] as string,
          createdAt: new Date(now - (i * DEMO_FOLLOWS_EACH + k) * 3_600_000),
        })),
      ),
    )
    .onConflictDoNothing();
  deps.log.info(
    { ...counts, ms: Date.now() - started },
    `Demo-Daten angelegt: ${counts.members} Mitglieder (Passwort: ${DEMO_PASSWORD}), ${counts.listings} Anzeigen`,
  );
  return counts;
}
