import { randomBytes } from 'node:crypto';
import { IMAGE_VARIANTS, type ImageVariant, LISTING_LIFETIME_DAYS } from '@marketplace/contract';
import { sql } from 'drizzle-orm';
import type { MediaStorage } from '../../lib/media-storage.ts';
import type { ResolvedCategory } from '../../modules/categories/index.ts';
import { adjustTermsBulk } from '../../modules/listings/index.ts';
import { imageUrl, LISTING_IMAGE_FOLDER } from '../../modules/media/index.ts';
import type { Location } from '../../modules/places/index.ts';
import type { Database } from '../client.ts';
import { listings, uploads, users } from '../schema.ts';
import type { AdKind, AdTemplate } from './catalog.ts';
import { adKindOf, demoAttributes, demoPrice } from './listings.ts';
import type { Random } from './random.ts';

/**
 * Demo ads from their templates to stored rows, for the members' ads and the shops' alike: what
 * an ad offers, its row, and storing ads with their own photo copies.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** A demo ad before it is stored: its row and what the seed adds after the insert. */
export type DemoAdDraft = typeof listings.$inferInsert & {
  photoCount: number;
  rootId: number;
  views: number;
  favoritesCount: number;
};

/** What a demo ad offers ({@link demoOffer}). */
export interface DemoOffer {
  kind: AdKind;
  offerType: 'offer' | 'wanted';
  priceType: 'fixed' | 'negotiable' | 'free';
  price: number;
  attributes: DemoAdDraft['attributes'] & object;
}

/**
 * What a demo ad offers, drawn from its template: the kind its category reads as, whether it
 * offers or asks, the price type (the template's own; rents are fixed, other ads fixed with
 * `fixedShare`, else negotiable), the price in the template's range and valid attributes.
 */
export function demoOffer(
  random: Random,
  category: ResolvedCategory,
  rootSlug: string,
  template: AdTemplate,
  now: number,
  fixedShare = 0.45,
): DemoOffer {
  const kind = adKindOf(category.slug, rootSlug);
  const offerType = template.offerType ?? 'offer';
  const rent =
    kind === 'estate' && !/kauf|eigentum/.test(category.slug) && template.attributes?.transaction !== 'Kauf';
  const priceType = template.priceType ?? (rent || random.chance(fixedShare) ? 'fixed' : 'negotiable');
  const price = priceType === 'free' ? 0 : demoPrice(random, template.price);
  const attributes = demoAttributes(random, category, template, now);
  return { kind, offerType, priceType, price, attributes };
}

/** A demo ad's row from its offer, seller, place, state and age, valid for the usual lifetime. */
export function demoAdDraft(ad: {
  offer: DemoOffer;
  template: AdTemplate;
  category: ResolvedCategory;
  place: Location;
  sellerId: string;
  description: string;
  status: 'active' | 'reserved' | 'sold';
  createdAt: Date;
  views: number;
  photoCount: number;
}): DemoAdDraft {
  return {
    sellerId: ad.sellerId,
    categoryId: ad.category.id,
    rootCategoryId: ad.category.rootId,
    title: ad.template.title,
    description: ad.description,
    priceCents: Math.round(ad.offer.price * 100),
    priceType: ad.offer.priceType,
    offerType: ad.offer.offerType,
    status: ad.status,
    postalCode: ad.place.postalCode,
    location: ad.place.place,
    latitude: ad.place.latitude,
    longitude: ad.place.longitude,
    attributes: ad.offer.attributes,
    images: [],
    views: ad.views,
    favoritesCount: 0,
    createdAt: ad.createdAt,
    updatedAt: ad.createdAt,
    expiresAt: new Date(ad.createdAt.getTime() + LISTING_LIFETIME_DAYS * DAY_MS),
    photoCount: ad.photoCount,
    rootId: ad.category.rootId,
  };
}

/**
 * Stores demo ads in `db`: each gets its own copies of drawn photos of its top-level category
 * (`photos` from `drawPhotos`, so deleting one ad never touches another's files), the counters
 * its views and favourites, the search terms its title; uploads are claimed by the ad.
 * @returns the new ads' ids, in the order of `drafts`
 */
export async function storeDemoAds(
  db: Database,
  storage: MediaStorage,
  drafts: DemoAdDraft[],
  photos: Map<number, Record<ImageVariant, Buffer>[]>,
  random: Random,
): Promise<string[]> {
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
  await adjustTermsBulk(
    db,
    drafts.map((draft) => draft.title),
    1,
  );
  for (let start = 0; start < files.length; start += 50) {
    await Promise.all(
      files.slice(start, start + 50).map((file) => storage.write(LISTING_IMAGE_FOLDER, file.name, file.data)),
    );
  }
  return ids;
}

/**
 * Dates a demo seller's account from `joined` (joined, e-mail confirmed and, with
 * `termsVersion`, the current AGB accepted then), so 'Mitglied seit' never comes after their ads.
 */
export async function dateDemoSeller(
  db: Database,
  userId: string,
  joined: Date,
  termsVersion: string | undefined,
): Promise<void> {
  await db
    .update(users)
    .set({
      createdAt: joined,
      updatedAt: joined,
      emailVerifiedAt: joined,
      ...(termsVersion ? { termsVersion, termsAcceptedAt: joined } : {}),
    })
    .where(sql`${users.id} = ${userId}`);
}
