import type { ListingSort } from '@marketplace/contract';
import { FEED_POSTAL_CODE_STORAGE_KEY, FEED_RADIUS_STORAGE_KEY, readStored } from '../../lib/storageKeys.ts';
import { readFeedSort } from '../../lib/viewMode.ts';
import { type ListingFilters, radiusChoice } from '../listings/filters.ts';

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
