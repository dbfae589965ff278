import { randomBytes } from 'node:crypto';
import {
  type AttributeDefinition,
  type AttributeValues,
  IMAGE_VARIANTS,
  type ImageVariant,
  LISTING_LIFETIME_DAYS,
} from '@marketplace/contract';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { MediaStorage } from '../../lib/media-storage.ts';
import { hashPassword } from '../../lib/passwords.ts';
import type { CategoryTree, ResolvedCategory } from '../../modules/categories/service.ts';
import { favorites } from '../../modules/favorites/schema.ts';
import { validateAttributes } from '../../modules/listings/attributes.ts';
import { listings } from '../../modules/listings/schema.ts';
import { bumpListingsVersion } from '../../modules/listings/stats.ts';
import { adjustTermsBulk } from '../../modules/listings/terms.ts';
import { renderVariants } from '../../modules/media/images.ts';
import { uploads } from '../../modules/media/schema.ts';
import { imageUrl, LISTING_IMAGE_FOLDER } from '../../modules/media/service.ts';
import { type Location, selectPlacesByCodes } from '../../modules/places/service.ts';
import { createAccount } from '../../modules/users/service.ts';
import { type Database, selectRows } from '../client.ts';
import { type AdTemplate, CATALOG, CLOSINGS, OPENINGS } from './catalog.ts';
import { demoPhotoSvg } from './images.ts';
import { DEMO_MEMBERS, DEMO_PASSWORD, DEMO_POSTAL_CODES, demoEmail } from './members.ts';
import { Random } from './random.ts';

/** What the demo data needs from the running application. */
export interface SeedDeps {
  db: Database;
  categories: CategoryTree;
  storage: MediaStorage;
  log: { info(object: object, message: string): void };
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
/** Distinct drawn photos per top-level category, reused across its ads. */
const PHOTOS_PER_ROOT = 3;
/** Seed of the PRNG: the same demo data on every start. */
const SEED = 20_240_611;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Whether the database holds no member content yet: no ads and no members other than
 * administrators (an `ADMIN_EMAIL` account may exist before the demo data).
 */
export async function isDatabaseEmpty(db: Database): Promise<boolean> {
  const [row] = await selectRows<{ empty: boolean }>(
    db,
    sql`select not exists(select 1 from listings) and not exists(select 1 from users where role <> 'ADMIN') as empty`,
  );
  return row?.empty ?? false;
}

/** Leaf categories in display order: subcategories, or top-level categories without any. */
function leafCategories(tree: CategoryTree): ResolvedCategory[] {
  const leaves: ResolvedCategory[] = [];
  for (const parent of tree.withCounts()) {
    const ids = parent.subcategories.length > 0 ? parent.subcategories.map((s) => s.id) : [parent.id];
    for (const id of ids) {
      const category = tree.resolve(id);
      if (category) leaves.push(category);
    }
  }
  return leaves;
}

/** A price in euros inside the template's range, rounded as people price things. */
function demoPrice(random: Random, [min, max]: [number, number]): number {
  if (max <= 0) return 0;
  const raw = min + random.next() * (max - min);
  const step = raw < 30 ? 1 : raw < 200 ? 5 : raw < 2000 ? 10 : raw < 20_000 ? 100 : 1000;
  return Math.max(min, Math.round(raw / step) * step);
}

function isoDate(daysFromNow: number, now: number): string {
  return new Date(now + daysFromNow * DAY_MS).toISOString().slice(0, 10);
}

/** Plausible values for attributes the template leaves open. */
function demoAttribute(
  random: Random,
  definition: AttributeDefinition,
  now: number,
): string | number | undefined {
  switch (definition.type) {
    case 'select':
      return definition.options ? random.pick(definition.options) : undefined;
    case 'year':
      return random.int(2008, 2023);
    case 'date':
      return isoDate(random.int(7, 120), now);
    case 'number': {
      const ranges: Record<string, [number, number]> = {
        mileage_km: [8000, 210_000],
        power_kw: [55, 190],
        frame_size_cm: [46, 60],
        rooms: [1, 5],
        living_area_m2: [28, 140],
        age_months: [2, 96],
        quantity: [1, 4],
        shoe_size: [36, 46],
        size_cm: [56, 146],
      };
      const [min, max] = ranges[definition.key] ?? [definition.min ?? 0, definition.max ?? 100];
      return random.int(Math.max(min, definition.min ?? min), Math.min(max, definition.max ?? max));
    }
    default:
      return undefined;
  }
}

function demoAttributes(
  random: Random,
  category: ResolvedCategory,
  template: AdTemplate,
  now: number,
): AttributeValues {
  const values: AttributeValues = {};
  for (const definition of category.attributes) {
    const given = template.attributes?.[definition.key];
    if (given !== undefined) values[definition.key] = given;
    else if (definition.required || random.chance(0.7)) {
      const value = demoAttribute(random, definition, now);
      if (value !== undefined) values[definition.key] = value;
    }
  }
  return validateAttributes(category.attributes, values);
}

/** Draws the photos of each top-level category and encodes their WebP sizes. */
async function drawPhotos(random: Random, roots: ResolvedCategory[]) {
  // The drawings take random numbers in a fixed order; only the encoding runs in parallel.
  const drawings = roots.flatMap((root, index) =>
    Array.from({ length: PHOTOS_PER_ROOT }, (_, i) => ({
      rootId: root.id,
      svg: demoPhotoSvg(root.name, `Foto ${i + 1}`, ((index * 360) / roots.length + i * 25) % 360, random),
    })),
  );
  const encoded = await Promise.all(
    drawings.map(async (drawing) =>
      // 800 x 600: large enough for the full-screen view, quick to draw on a first start.
      renderVariants(await sharp(drawing.svg, { density: 48 }).png().toBuffer()),
    ),
  );
  const photos = new Map<number, Record<ImageVariant, Buffer>[]>();
  drawings.forEach((drawing, i) => {
    photos.set(drawing.rootId, [
      ...(photos.get(drawing.rootId) ?? []),
      encoded[i] as Record<ImageVariant, Buffer>,
    ]);
  });
  return photos;
}

/**
 * Fills an empty database with demo data (ARCHITECTURE.md `SEED_DEMO`, issue 4 "Demo data"):
 * 20 verified members (password `demo1234`), 4 ads in every subcategory (about 400) with
 * German titles, descriptions, prices and valid attributes, places across Germany, 1–3 locally
 * drawn photos each, ages spread over six weeks, some reserved, sold or expired, views and
 * favourites. Deterministic (seeded PRNG) apart from ids and times. One transaction with an
 * advisory lock, so two instances starting at once seed once.
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

  const summary = await deps.db.transaction(async (tx) => {
    const db = tx as unknown as Database;
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

    type Draft = typeof listings.$inferInsert & {
      photoCount: number;
      rootId: number;
      views: number;
      favoritesCount: number;
    };
    const drafts: Draft[] = [];
    for (const category of leaves) {
      const templates = CATALOG[category.slug] ?? [];
      if (templates.length === 0) continue;
      const offset = random.int(0, templates.length - 1);
      for (let i = 0; i < ADS_PER_CATEGORY; i++) {
        const template = templates[(offset + i) % templates.length] as AdTemplate;
        const place = random.pick(places) as Location;
        const priceType = template.priceType ?? (random.chance(0.55) ? 'negotiable' : 'fixed');
        const price = priceType === 'free' ? 0 : demoPrice(random, template.price);
        const roll = random.next();
        const status = roll < 0.08 ? 'reserved' : roll < 0.16 ? 'sold' : 'active';
        const expired = status === 'active' && random.chance(0.03);
        const ageDays = expired ? random.int(LISTING_LIFETIME_DAYS + 1, 75) : random.next() ** 1.6 * 42;
        const createdAt = new Date(now - ageDays * DAY_MS - random.int(0, 3_600_000));
        const opening = random.pick(OPENINGS);
        drafts.push({
          sellerId: random.pick(members),
          categoryId: category.id,
          rootCategoryId: category.rootId,
          title: template.title,
          description: [opening, template.text, random.pick(CLOSINGS)].filter(Boolean).join('\n\n'),
          priceCents: Math.round(price * 100),
          priceType,
          offerType: template.offerType ?? 'offer',
          status,
          postalCode: place.postalCode,
          location: place.place,
          latitude: place.latitude,
          longitude: place.longitude,
          attributes: demoAttributes(random, category, template, now),
          images: [],
          views: random.int(0, Math.round(ageDays * 9) + 15),
          favoritesCount: 0,
          createdAt,
          updatedAt: createdAt,
          expiresAt: new Date(createdAt.getTime() + LISTING_LIFETIME_DAYS * DAY_MS),
          photoCount: random.int(1, 3),
          rootId: category.rootId,
        });
      }
    }

    // Favourites: each member saves some ads of others; counts go onto the ads.
    const saved: { userId: string; index: number }[] = [];
    for (const userId of members) {
      const candidates = drafts
        .map((_, index) => index)
        .filter((index) => drafts[index]?.sellerId !== userId);
      for (const index of random.sample(candidates, random.int(4, 22))) {
        saved.push({ userId, index });
        const draft = drafts[index] as Draft;
        draft.favoritesCount += 1;
      }
    }

    // Photos: each ad gets its own copies, so deleting one ad never touches another's files.
    const uploadRows: { id: string; ownerId: string; index: number }[] = [];
    const files: { name: string; data: Buffer }[] = [];
    drafts.forEach((draft, index) => {
      const pool = photos.get(draft.rootId) ?? [];
      const chosen = random.sample(pool, Math.min(draft.photoCount, pool.length));
      draft.images = chosen.map((variants) => {
        const id = randomBytes(16).toString('hex');
        uploadRows.push({ id, ownerId: draft.sellerId, index });
        for (const variant of Object.keys(IMAGE_VARIANTS) as ImageVariant[]) {
          files.push({ name: `${id}-${variant}.webp`, data: variants[variant] });
        }
        return imageUrl(id);
      });
    });

    const ids: string[] = [];
    for (let start = 0; start < drafts.length; start += 100) {
      const chunk = drafts
        .slice(start, start + 100)
        .map(({ photoCount: _, rootId: __, views: ___, favoritesCount: ____, ...row }) => row);
      const rows = await db.insert(listings).values(chunk).returning({ id: listings.id });
      ids.push(...rows.map((row) => row.id));
    }
    // The insert trigger created the counter rows; fill in views and favourites.
    const counters = drafts.map((draft, index) => ({
      listing_id: ids[index],
      views: draft.views,
      favorites_count: draft.favoritesCount,
    }));
    await db.execute(sql`
      update listing_stats s set views = c.views, favorites_count = c.favorites_count
      from jsonb_to_recordset(${JSON.stringify(counters)}::jsonb) as c(listing_id uuid, views int, favorites_count int)
      where s.listing_id = c.listing_id`);
    for (let start = 0; start < uploadRows.length; start += 200) {
      await db
        .insert(uploads)
        .values(
          uploadRows
            .slice(start, start + 200)
            .map((row) => ({ id: row.id, ownerId: row.ownerId, listingId: ids[row.index] as string })),
        );
    }
    for (let start = 0; start < saved.length; start += 200) {
      await db.insert(favorites).values(
        saved.slice(start, start + 200).map((row, i) => ({
          userId: row.userId,
          listingId: ids[row.index] as string,
          createdAt: new Date(now - (start + i) * 60_000),
        })),
      );
    }
    await adjustTermsBulk(
      db,
      drafts.map((draft) => draft.title),
      1,
    );
    for (let start = 0; start < files.length; start += 50) {
      await Promise.all(
        files
          .slice(start, start + 50)
          .map((file) => deps.storage.write(LISTING_IMAGE_FOLDER, file.name, file.data)),
      );
    }
    return {
      members: members.length,
      listings: ids.length,
      photos: uploadRows.length,
      favorites: saved.length,
    };
  });
  if (summary) {
    bumpListingsVersion();
    deps.log.info(
      { ...summary, ms: Date.now() - started },
      `Demo-Daten angelegt: ${summary.members} Mitglieder (Passwort: ${DEMO_PASSWORD}), ${summary.listings} Anzeigen`,
    );
  }
  return summary;
}
