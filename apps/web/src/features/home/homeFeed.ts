import type { CategoriesResponse, Category, ListingList, ListingSort } from '@marketplace/contract';
import { hasArray, isRecord } from '../../lib/guards.ts';
import {
  FEED_POSTAL_CODE_STORAGE_KEY,
  FEED_RADIUS_STORAGE_KEY,
  readStored,
  useStored,
} from '../../lib/storageKeys.ts';
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

/**
 * The home feed's place and 'Umkreis' kept on this device, kept current (`useStored`: none while
 * a server-rendered page is hydrated).
 */
export function useHomePlace(): { postalCode: string; radiusKm: number | undefined } {
  const postalCode = useStored(FEED_POSTAL_CODE_STORAGE_KEY) ?? '';
  const radiusKm = radiusChoice(useStored(FEED_RADIUS_STORAGE_KEY));
  return { postalCode, radiusKm };
}

/** The filters the home feed starts with on this device (what `HomePage` first asks for). */
export function storedHomeFeedFilters(): ListingFilters {
  return homeFeedFilters(readFeedSort(), readHomePostalCode(), readHomeRadiusKm());
}

/** What the server sent along with the home page: the newest ads and the categories. */
export interface ServedHomeData {
  feed: ListingList;
  categories: Category[];
}

/**
 * Reads the answers the server put into the home page (`text`, the JSON of its `<script
 * type="application/json" id="home-data">`); null when they are not a feed page and a category
 * list. The server wrote them with the
 * contract's schemas, so their items are taken as typed
 * (docs/decisions/0017-checks-off-the-first-load.md).
 */
export function readServedHomeData(text: string): ServedHomeData | null {
  try {
    const data: unknown = JSON.parse(text);
    if (!isRecord(data) || !hasArray(data.feed, 'listings') || !hasArray(data.categories, 'categories'))
      return null;
    const { feed, categories } = data as { feed: ListingList; categories: CategoriesResponse };
    return { feed, categories: categories.categories };
  } catch {
    return null;
  }
}

/** Id of the element with the server's home answers. */
export const SERVED_HOME_DATA_ID = 'home-data';

/** The filters of the feed the server sends with the home page: the newest ads of all Germany. */
export const SERVED_HOME_FEED_FILTERS: ListingFilters = homeFeedFilters('newest', '', undefined);
