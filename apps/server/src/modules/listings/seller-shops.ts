import type { ListingShop } from '@marketplace/contract';

/**
 * Finds the approved shop a seller publishes as, or null (the seller has none, or it waits for
 * review or was rejected).
 * @param sellerId the seller's member id
 */
export type SellerShopLookup = (sellerId: string) => Promise<ListingShop | null>;

/**
 * The shops a seller's ads are shown as (docs/decisions/0041-shop-and-provider-profiles.md):
 * every ad of a member with an approved shop carries the shop's card on the ad page. The shops
 * module owns the profiles and sits above listings (docs/decisions/0006-module-doors.md), so it
 * hands its lookup in at start (`app.sellerShops.provide`); without it no ad names a shop.
 */
export class SellerShops {
  private lookup: SellerShopLookup | null = null;

  /** Sets the lookup (once, at start, from the shops door). */
  provide(lookup: SellerShopLookup): void {
    this.lookup = lookup;
  }

  /** The shop `sellerId`'s ads are shown as, or null. */
  of(sellerId: string): Promise<ListingShop | null> {
    return this.lookup ? this.lookup(sellerId) : Promise.resolve(null);
  }
}
