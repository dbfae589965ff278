import type { Category, Favorite, Listing, ListingList, ListingPermissions } from '@marketplace/contract';

/**
 * What the server's listing policy answers as `can` for each kind of viewer: a visitor without a
 * token may do nothing, a member acts on other members' ads, the seller manages their own, an
 * ADMIN edits every ad and acts on it like a member (it is not among the ADMIN's own ads).
 */
export function testPermissions(viewer: 'visitor' | 'member' | 'seller' | 'admin'): ListingPermissions {
  const manages = viewer === 'seller' || viewer === 'admin';
  const acts = viewer === 'member' || viewer === 'admin';
  return {
    edit: manages,
    delete: manages,
    favorite: acts,
    report: acts,
    message: acts,
    manage: viewer === 'seller',
  };
}

/** An ad as `GET /api/listings/{id}` answers it to a member who is not its seller. */
export function testListing(overrides: Partial<Listing> = {}): Listing {
  return {
    id: 'l1',
    title: 'Fahrrad 28 Zoll, Trekkingrad',
    description: 'Gut erhaltenes Trekkingrad mit 21 Gängen.\nAbholung in München.',
    price: 1234,
    price_type: 'negotiable',
    offer_type: 'offer',
    status: 'active',
    category: {
      id: 11,
      slug: 'fahrraeder-zubehoer',
      name: 'Fahrräder & Zubehör',
      parent: { id: 1, slug: 'auto-rad-boot', name: 'Auto, Rad & Boot' },
    },
    postal_code: '80331',
    location: 'München',
    distance_km: null,
    images: ['/api/images/abc.webp'],
    attributes: { bike_type: 'Trekkingrad', frame_size_cm: 56 },
    views: 12,
    favorites_count: 3,
    created_at: new Date(Date.now() - 5 * 60_000).toISOString(),
    updated_at: new Date().toISOString(),
    expires_at: new Date(Date.now() + 59 * 86_400_000).toISOString(),
    seller: {
      id: 'u2',
      name: 'Bernd',
      avatar: null,
      rating: null,
      reviewCount: 0,
      member_since: '2025-03-01T10:00:00.000Z',
      active_listings: 4,
    },
    is_favorite: false,
    can: testPermissions('member'),
    ...overrides,
  };
}

/** `count` ads with ids l1..l<count>, newest first. */
export function testListings(count: number, offset = 0): Listing[] {
  return Array.from({ length: count }, (_, index) =>
    testListing({ id: `l${offset + index + 1}`, title: `Anzeige ${offset + index + 1}` }),
  );
}

/** One page of `GET /api/listings`. */
export function testListingPage(listings: Listing[], total: number, nextCursor: string | null): ListingList {
  return { listings, total, total_capped: false, next_cursor: nextCursor };
}

/** A favourite of `listing` as `GET /api/favorites` lists it. */
export function testFavorite(listing: Listing): Favorite {
  return { listing_id: listing.id, listing, created_at: '2026-01-20T10:00:00.000Z' };
}

/** A small category tree: Auto, Rad & Boot with Autos (car attributes) and Fahrräder. */
export function testCategories(): Category[] {
  const base = { listing_count: 3, label: '', value: '' };
  return [
    {
      ...base,
      id: 1,
      name: 'Auto, Rad & Boot',
      label: 'Auto, Rad & Boot',
      slug: 'auto-rad-boot',
      value: 'auto-rad-boot',
      short_name: 'Auto',
      icon: '🚗',
      attributes: [],
      parent_id: null,
      subcategories: [
        {
          ...base,
          id: 10,
          name: 'Autos',
          label: 'Autos',
          slug: 'autos',
          value: 'autos',
          short_name: 'Autos',
          icon: '🚗',
          parent_id: 1,
          attributes: [
            {
              key: 'make',
              label: 'Marke',
              type: 'select',
              options: ['Audi', 'BMW', 'Volkswagen'],
              filter: true,
              required: true,
            },
            { key: 'model', label: 'Modell', type: 'text' },
            {
              key: 'mileage_km',
              label: 'Kilometerstand',
              type: 'number',
              unit: 'km',
              min: 0,
              max: 2_000_000,
              filter: true,
            },
            {
              key: 'first_registration',
              label: 'Erstzulassung',
              type: 'year',
              min: 1900,
              max: 2100,
              filter: true,
            },
          ],
        },
        {
          ...base,
          id: 11,
          name: 'Fahrräder & Zubehör',
          label: 'Fahrräder & Zubehör',
          slug: 'fahrraeder-zubehoer',
          value: 'fahrraeder-zubehoer',
          short_name: 'Fahrräder',
          icon: '🚲',
          parent_id: 1,
          attributes: [
            {
              key: 'bike_type',
              label: 'Art',
              type: 'select',
              options: ['Citybike', 'Trekkingrad'],
              filter: true,
            },
            { key: 'frame_size_cm', label: 'Rahmenhöhe', type: 'number', unit: 'cm' },
          ],
        },
      ],
    },
    {
      ...base,
      id: 2,
      name: 'Elektronik',
      label: 'Elektronik',
      slug: 'elektronik',
      value: 'elektronik',
      short_name: 'Elektronik',
      icon: '',
      attributes: [],
      parent_id: null,
      subcategories: [],
    },
  ];
}
