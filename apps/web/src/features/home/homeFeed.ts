import {
  type Category,
  categoriesResponseSchema,
  type ListingList,
  type ListingSort,
  listingListSchema,
} from '@marketplace/contract';
import { z } from 'zod';
import { FEED_POSTAL_CODE_STORAGE_KEY, FEED_RADIUS_STORAGE_KEY, readStored } from '../../lib/storageKeys.ts';
import { readFeedSort } from '../../lib/viewMode.ts';
import { type ListingFilters, radiusChoice } from '../feed/index.ts';

/** The home feed's list filters: sort, the visitor's postal code or place and 'Umkreis' (km). */
export function homeFeedFilters(
  sort: ListingSort,
  postalCode: string,
  radiusKm: number | undefined,
): ListingFilters {
  return { sort, postal_code: postalCode || undefined, radius_km: radiusKm, attributes: {} };
}

/** The postal code or place the home feed keeps on this device ('' when none). */
export function readHomePostalCode(): string {
  return readStored(FEED_POSTAL_CODE_STORAGE_KEY) ?? '';
}

/** The 'Umkreis' (km) the home feed keeps on this device, undefined for all of Germany. */
export function readHomeRadiusKm(): number | undefined {
  return radiusChoice(readStored(FEED_RADIUS_STORAGE_KEY));
}

/** The filters the home feed starts with on this device (what `HomePage` first asks for). */
export function storedHomeFeedFilters(): ListingFilters {
  return homeFeedFilters(readFeedSort(), readHomePostalCode(), readHomeRadiusKm());
}

/** The home page's first answers, as the server puts them into the page (`#home-data`). */
const servedHomeDataSchema = z.object({ feed: listingListSchema, categories: categoriesResponseSchema });

/** What the server sent along with the home page: the newest ads and the categories. */
export interface ServedHomeData {
  feed: ListingList;
  categories: Category[];
}

/**
 * Reads the answers the server put into the home page (`<script type="application/json"
 * id="home-data">`, see the server's `modules/listings/home-preview.ts`); null when the page
 * has none or they do not match the contract.
 */
export function readServedHomeData(doc: Document = document): ServedHomeData | null {
  const text = doc.getElementById(SERVED_HOME_DATA_ID)?.textContent;
  if (!text) return null;
  try {
    const parsed = servedHomeDataSchema.safeParse(JSON.parse(text));
    return parsed.success ? { feed: parsed.data.feed, categories: parsed.data.categories.categories } : null;
  } catch {
    return null;
  }
}

/** Id of the element with the server's home answers. */
export const SERVED_HOME_DATA_ID = 'home-data';

/** The filters of the feed the server sends with the home page: the newest ads of all Germany. */
export const SERVED_HOME_FEED_FILTERS: ListingFilters = homeFeedFilters('newest', '', undefined);
