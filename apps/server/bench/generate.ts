import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Database, selectRows } from '../src/db/client.ts';
import { CATALOG, CLOSINGS, OPENINGS } from '../src/db/seed/catalog.ts';
import { Random } from '../src/db/seed/random.ts';
import { loadCategoryTree, syncTaxonomy } from '../src/modules/categories/index.ts';
import { ensurePostalCodes } from '../src/modules/places/index.ts';

/** Words for the long tail of descriptions (so the vocabulary is realistic, not 100 words). */
const VOCABULARY =
  `abends acht alt angebot anruf ausgezeichnet auto bad balkon bank bar baujahr bei bequem beste
  blau braun bremsen buch dach dunkel echt eiche einfach eltern ende erste familie farbe fenster fest flur
  frei freitag frisch garage garten gebraucht gelb gepflegt geräumig gern gestern glas gross grün gut
  haus heute hell hinten holz jahr jung kaum keller kinder klein kurz lang leder leicht leise licht
  links luft marke metall mitte modern montag morgen nachricht natur neu neuwertig norden ordnung osten
  paket platz preis privat rahmen rechts regal reifen rot ruhig sauber schnell schön schwarz selten
  sicher silber sofort sommer sonntag stabil stadt stark stoff süden tasche tausch technik teil
  tisch top tür umzug unten viel voll wagen wand warm weich weiss wenig westen winter woche wohnung`.split(
    /\s+/,
  );

/** A sentence with the word 'Zustand' in most ads: the bench's "very common word". */
const CONDITION_SENTENCES = [
  'Guter Zustand.',
  'Zustand wie neu.',
  'Gebrauchter Zustand mit leichten Spuren.',
  'Sehr guter Zustand, kaum benutzt.',
  'Der Zustand ist den Fotos zu entnehmen.',
  'Voll funktionsfähig.',
];

/** Rows per INSERT statement. */
const BATCH = 4000;

/** A place the ads are spread over: one row per postal code. */
const placeRow = z.object({
  postal_code: z.string(),
  place: z.string(),
  latitude: z.number(),
  longitude: z.number(),
});
/** A row of ids (sellers, sampled ads). */
const idRow = z.object({ id: z.string() });

/** Options of a generated data set. */
export interface DataSetOptions {
  ads: number;
  sellers: number;
  seed?: number;
  /** Reports progress (rows written so far). */
  progress?(written: number): void;
}

/**
 * Fills a freshly migrated database with a realistic data set for the bench: categories,
 * postal codes, `sellers` members and `ads` ads (titles and texts from the demo catalogue plus
 * a long tail of words, places across Germany, ages over 58 days, 90 % active), the search
 * vocabulary, then ANALYZE. Works on PostgreSQL and PGlite (JSON batches, no COPY).
 * @returns ids of some active ads (for the ad-page scenario)
 */
export async function generateDataSet(db: Database, options: DataSetOptions): Promise<string[]> {
  const random = new Random(options.seed ?? 42);
  await syncTaxonomy(db);
  await ensurePostalCodes(db);
  const tree = await loadCategoryTree(db);
  const leaves = tree
    .withCounts()
    .flatMap((parent) =>
      parent.subcategories.length > 0 ? parent.subcategories.map((s) => s.id) : [parent.id],
    )
    .map((id) => tree.resolve(id))
    .filter((category) => category !== undefined);
  const places = await selectRows(
    db,
    placeRow,
    sql`select distinct on (postal_code) postal_code, place, latitude, longitude from postal_codes order by postal_code, rank, id`,
  );

  const hash = '$argon2id$v=19$m=19456,t=2,p=1$YmVuY2hiZW5jaA$bench-does-not-log-in';
  const sellers = Array.from({ length: options.sellers }, (_, i) => ({
    email: `bench.${i}@example.com`,
    password_hash: hash,
    nickname: `Verkäufer ${i}`,
  }));
  for (let start = 0; start < sellers.length; start += BATCH) {
    await db.execute(sql`
      insert into users (email, password_hash, nickname, email_verified_at)
      select r.email, r.password_hash, r.nickname, now()
      from jsonb_to_recordset(${JSON.stringify(sellers.slice(start, start + BATCH))}::jsonb)
        as r(email text, password_hash text, nickname text)`);
  }
  const sellerIds = (await selectRows(db, idRow, sql`select id from users order by email`)).map((r) => r.id);

  const now = Date.now();
  let written = 0;
  while (written < options.ads) {
    const rows = [];
    for (let i = 0; i < BATCH && written + i < options.ads; i++) {
      const category = random.pick(leaves);
      const templates = CATALOG[category.slug] ?? [];
      const template = templates.length > 0 ? random.pick(templates) : undefined;
      const place = random.pick(places);
      const [min, max] = template?.price ?? [5, 500];
      const price = template?.priceType === 'free' ? 0 : Math.round(min + random.next() * (max - min));
      const extra = Array.from({ length: random.int(3, 12) }, () => random.pick(VOCABULARY)).join(' ');
      const roll = random.next();
      const ageMs = random.next() * 58 * 86_400_000;
      rows.push({
        seller_id: random.pick(sellerIds),
        category_id: category.id,
        root_category_id: category.rootId,
        title: `${template?.title ?? category.name}${random.chance(0.3) ? ` ${random.pick(VOCABULARY)}` : ''}`,
        description: [
          random.pick(OPENINGS.goods),
          template?.text ?? '',
          random.chance(0.75) ? random.pick(CONDITION_SENTENCES) : '',
          extra,
          random.pick(CLOSINGS.goods),
        ]
          .filter(Boolean)
          .join(' '),
        price_cents: price * 100,
        price_type: template?.priceType ?? (random.chance(0.5) ? 'negotiable' : 'fixed'),
        offer_type: template?.offerType ?? (random.chance(0.1) ? 'wanted' : 'offer'),
        status: roll < 0.05 ? 'reserved' : roll < 0.1 ? 'sold' : 'active',
        postal_code: place.postal_code,
        location: place.place,
        latitude: place.latitude,
        longitude: place.longitude,
        attributes: template?.attributes ?? {},
        created_at: new Date(now - ageMs).toISOString(),
        expires_at: new Date(now - ageMs + 60 * 86_400_000).toISOString(),
      });
    }
    await db.execute(sql`
      insert into listings (seller_id, category_id, root_category_id, title, description, price_cents,
        price_type, offer_type, status, postal_code, location, latitude, longitude, attributes, images,
        created_at, updated_at, expires_at)
      select r.seller_id, r.category_id, r.root_category_id, r.title, r.description, r.price_cents,
        r.price_type, r.offer_type, r.status, r.postal_code, r.location, r.latitude, r.longitude,
        r.attributes, '[]'::jsonb, r.created_at, r.created_at, r.expires_at
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(seller_id uuid, category_id int,
        root_category_id int, title text, description text, price_cents int, price_type text, offer_type text,
        status text, postal_code text, location text, latitude float8, longitude float8, attributes jsonb,
        created_at timestamptz, expires_at timestamptz)`);
    written += rows.length;
    options.progress?.(written);
  }
  // Views and favourites, spread by a hash of the id (the counter rows come from the trigger).
  await db.execute(sql`
    update listing_stats set views = abs(hashtext(listing_id::text)) % 500,
      favorites_count = abs(hashtext(listing_id::text || 'f')) % 12`);
  await db.execute(sql`
    insert into search_terms (term, listing_count)
    select w, count(*) from listings, regexp_split_to_table(lower(title), '[^[:alnum:]]+') as w
    where length(w) between 3 and 40 and w !~ '^[0-9]+$'
    group by w
    on conflict (term) do update set listing_count = excluded.listing_count`);
  // VACUUM also flushes the GIN pending list that a bulk load leaves behind.
  await db.execute(sql`vacuum analyze`);
  const sample = await selectRows(
    db,
    idRow,
    sql`select id from listings where status = 'active' order by md5(id::text) limit 1000`,
  );
  return sample.map((row) => row.id);
}
