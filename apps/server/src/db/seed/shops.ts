import { randomBytes } from 'node:crypto';
import {
  IMAGE_VARIANTS,
  type ImageVariant,
  type LegalForm,
  namedLegalForm,
  type ProfileService,
} from '@marketplace/contract';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { MediaStorage } from '../../lib/media-storage.ts';
import { hashPassword } from '../../lib/passwords.ts';
import type { CategoryTree } from '../../modules/categories/index.ts';
import { imageUrl, LISTING_IMAGE_FOLDER } from '../../modules/media/index.ts';
import { findPlace } from '../../modules/places/index.ts';
import { createAccount, findAccountByEmail } from '../../modules/users/index.ts';
import type { EventBus } from '../../realtime/event-bus.ts';
import type { Database } from '../client.ts';
import { businessProfiles, sellerVerifications, uploads } from '../schema.ts';
import { type DemoAdDraft, dateDemoSeller, demoAdDraft, demoOffer, storeDemoAds } from './ads.ts';
import type { AdTemplate } from './catalog.ts';
import { demoPhotoSvg, escapeXml } from './images.ts';
import { demoDescription } from './listings.ts';
import { DEMO_PASSWORD, demoEmail, plainGerman } from './members.ts';
import { drawPhotos, encodeDrawing } from './photos.ts';
import { Random } from './random.ts';
import { SHOP_STOCK } from './shop-catalog.ts';

/** Hours of a weekday shop: Monday to Friday, and Saturday morning. */
const WEEK = (opens: string, closes: string, saturday: [string, string] | null) => [
  ...[1, 2, 3, 4, 5].map((day) => ({ day, opens, closes })),
  ...(saturday ? [{ day: 6, opens: saturday[0], closes: saturday[1] }] : []),
];

interface DemoProfile {
  /** The contact person whose demo business account owns the profile. */
  owner: { firstName: string; lastName: string };
  name: string;
  legalForm: LegalForm;
  street: string;
  postalCode: string;
  color: string;
  description: string;
  categories: string[];
  hours: { day: number; opens: string; closes: string }[];
  radius?: number;
  services?: ProfileService[];
}

const service = (
  name: string,
  price_type: ProfileService['price_type'],
  min: number | null,
  max: number | null = null,
) => ({
  name,
  price_type,
  price_min: min,
  price_max: max,
});

/** Ten shops and ten providers over German cities, each with its own owner's account. */
const SHOPS: DemoProfile[] = [
  {
    owner: { firstName: 'Thomas', lastName: 'Krause' },
    name: 'Fahrradhaus Berlin-Mitte',
    legalForm: 'GmbH',
    street: 'Invalidenstraße 44',
    postalCode: '10115',
    color: '#1e6fd9',
    description:
      'Stadträder, E-Bikes und Lastenräder mit eigener Meisterwerkstatt. Probefahrt jederzeit, Leasing über den Arbeitgeber möglich.',
    categories: ['fahrraeder-zubehoer'],
    hours: WEEK('10:00', '19:00', ['10:00', '16:00']),
  },
  {
    owner: { firstName: 'Deniz', lastName: 'Yilmaz' },
    name: 'Elbe Elektronik',
    legalForm: 'e.K.',
    street: 'Mönckebergstraße 7',
    postalCode: '20095',
    color: '#0f9d8a',
    description:
      'Geprüfte gebrauchte Smartphones, Notebooks und Konsolen mit 12 Monaten Gewährleistung. Ankauf und Reparatur im Laden.',
    categories: ['elektronik', 'handy-telefon'],
    hours: WEEK('09:30', '18:30', ['10:00', '15:00']),
  },
  {
    owner: { firstName: 'Andreas', lastName: 'Huber' },
    name: 'Isar Möbelwerk',
    legalForm: 'GmbH & Co. KG',
    street: 'Sendlinger Straße 12',
    postalCode: '80331',
    color: '#8d5a2b',
    description:
      'Massivholzmöbel aus eigener Schreinerei und ausgesuchte Designklassiker aus zweiter Hand. Lieferung im Großraum München.',
    categories: ['moebel'],
    hours: WEEK('10:00', '18:00', ['10:00', '14:00']),
  },
  {
    owner: { firstName: 'Katharina', lastName: 'Vogel' },
    name: 'Domstadt Vintage',
    legalForm: 'Einzelunternehmen',
    street: 'Ehrenstraße 21',
    postalCode: '50667',
    color: '#b03a6f',
    description:
      'Secondhand-Mode der 70er bis 90er, Taschen und Schmuck. Jede Woche neue Ware, Ankauf nach Termin.',
    categories: ['mode'],
    hours: WEEK('11:00', '19:00', ['11:00', '17:00']),
  },
  {
    owner: { firstName: 'Sabine', lastName: 'Lorenz' },
    name: 'Main Kinderwelt',
    legalForm: 'UG (haftungsbeschränkt)',
    street: 'Berger Straße 88',
    postalCode: '60316',
    color: '#e08a00',
    description:
      'Kinderwagen, Autositze, Spielzeug und Kinderkleidung – gebraucht, geprüft und gereinigt. Faire Preise für Familien.',
    categories: ['familie-kind-baby'],
    hours: WEEK('09:00', '18:00', ['09:00', '13:00']),
  },
  {
    owner: { firstName: 'Markus', lastName: 'Brenner' },
    name: 'Schwaben Sport & Outdoor',
    legalForm: 'GmbH',
    street: 'Königstraße 30',
    postalCode: '70173',
    color: '#2e7d32',
    description:
      'Ski, Zelte, Wanderausrüstung und Fitnessgeräte. Verleih am Wochenende, Ankauf von gut erhaltener Ausrüstung.',
    categories: ['freizeit-hobby-nachbarschaft'],
    hours: WEEK('10:00', '19:00', ['10:00', '18:00']),
  },
  {
    owner: { firstName: 'Stefan', lastName: 'Lange' },
    name: 'Rheinklang Musikhaus',
    legalForm: 'OHG',
    street: 'Flinger Straße 5',
    postalCode: '40213',
    color: '#5e35b1',
    description:
      'Gitarren, Keyboards, Verstärker und Noten. Gebrauchte Instrumente mit Einstellservice, Unterricht im Haus.',
    categories: ['musik-filme-buecher'],
    hours: WEEK('10:00', '18:30', ['10:00', '16:00']),
  },
  {
    owner: { firstName: 'Ulrike', lastName: 'Hartmann' },
    name: 'Leipziger Buchkontor',
    legalForm: 'e.K.',
    street: 'Nikolaistraße 17',
    postalCode: '04109',
    color: '#6d4c41',
    description:
      'Antiquariat und modernes Antiquariat: Erstausgaben, Bildbände und Kinderbücher. Suche nach vergriffenen Titeln.',
    categories: ['musik-filme-buecher'],
    hours: WEEK('10:00', '18:00', ['10:00', '14:00']),
  },
  {
    owner: { firstName: 'Petra', lastName: 'Franke' },
    name: 'Elbflorenz Garten',
    legalForm: 'GbR',
    street: 'Prager Straße 9',
    postalCode: '01069',
    color: '#43a047',
    description:
      'Pflanzen, Gartenwerkzeug und Balkonmöbel. Beratung zu Staudenbeeten und Hochbeeten, Lieferung in Dresden.',
    categories: ['haus-garten'],
    hours: WEEK('08:00', '18:00', ['08:00', '14:00']),
  },
  {
    owner: { firstName: 'Michael', lastName: 'Böhm' },
    name: 'Auto Leinetal',
    legalForm: 'GmbH',
    street: 'Vahrenwalder Straße 100',
    postalCode: '30165',
    color: '#37474f',
    description:
      'Gebrauchtwagen mit Garantie, Reifen und Felgen. Inzahlungnahme, Finanzierung und eigene Werkstatt.',
    categories: ['auto-rad-boot'],
    hours: WEEK('08:00', '18:00', ['09:00', '13:00']),
  },
];

const PROVIDERS: DemoProfile[] = [
  {
    owner: { firstName: 'Jürgen', lastName: 'Seidel' },
    name: 'Malerbetrieb Franken',
    legalForm: 'e.K.',
    street: 'Fürther Straße 60',
    postalCode: '90429',
    color: '#c62828',
    description:
      'Innen- und Fassadenanstrich, Tapezieren, Lackieren. Saubere Arbeit mit Abdeckung und Endreinigung, Festpreisangebote.',
    categories: ['haus-garten-service'],
    hours: WEEK('07:00', '17:00', null),
    radius: 50,
    services: [
      service('Malerarbeiten', 'hourly', 45),
      service('Zimmer streichen (bis 20 m²)', 'fixed', 280),
      service('Tür lackieren', 'fixed', 120),
    ],
  },
  {
    owner: { firstName: 'Dirk', lastName: 'Petersen' },
    name: 'Hanse Umzüge',
    legalForm: 'GmbH',
    street: 'Am Wall 120',
    postalCode: '28195',
    color: '#1565c0',
    description:
      'Privat- und Büroumzüge, Möbelmontage, Halteverbotszonen und Entrümpelung. Kostenlose Besichtigung vor Ort.',
    categories: ['umzug-transport'],
    hours: WEEK('08:00', '18:00', ['09:00', '14:00']),
    radius: 150,
    services: [
      service('Umzugshelfer', 'hourly', 35),
      service('1-Zimmer-Umzug komplett', 'from', 390),
      service('Küchenmontage', 'fixed', 250, 450),
    ],
  },
  {
    owner: { firstName: 'Nadine', lastName: 'Kaya' },
    name: 'Nachhilfe Ruhrgebiet',
    legalForm: 'Einzelunternehmen',
    street: 'Kettwiger Straße 20',
    postalCode: '45127',
    color: '#f9a825',
    description:
      'Mathe, Deutsch, Englisch und Physik für Klasse 5 bis Abitur, bei dir zu Hause oder online. Probestunde kostenlos.',
    categories: ['nachhilfe-unterricht'],
    hours: WEEK('14:00', '20:00', ['10:00', '14:00']),
    radius: 25,
    services: [
      service('Einzelnachhilfe (60 Min.)', 'hourly', 30, 40),
      service('Abiturvorbereitung (10 Stunden)', 'fixed', 350),
    ],
  },
  {
    owner: { firstName: 'Olga', lastName: 'Schuster' },
    name: 'Glanzwerk Reinigung',
    legalForm: 'UG (haftungsbeschränkt)',
    street: 'Westenhellweg 50',
    postalCode: '44137',
    color: '#00838f',
    description:
      'Wohnungs-, Fenster- und Endreinigung nach Auszug mit Abnahmegarantie. Auch Büros und Treppenhäuser.',
    categories: ['haus-garten-service'],
    hours: WEEK('07:00', '19:00', ['08:00', '16:00']),
    radius: 40,
    services: [
      service('Unterhaltsreinigung', 'hourly', 28),
      service('Endreinigung 3-Zimmer-Wohnung', 'from', 240),
      service('Fensterreinigung', 'on_request', null),
    ],
  },
  {
    owner: { firstName: 'Frank', lastName: 'Engel' },
    name: 'Rhein-Sieg Elektro',
    legalForm: 'GmbH',
    street: 'Poppelsdorfer Allee 30',
    postalCode: '53115',
    color: '#ff7043',
    description:
      'Elektroinstallation, Wallboxen, Smart Home und Reparatur von Haushaltsgeräten. Meisterbetrieb, Notdienst am Wochenende.',
    categories: ['elektronik-reparaturen'],
    hours: WEEK('07:30', '16:30', null),
    radius: 60,
    services: [
      service('Elektriker', 'hourly', 65),
      service('Wallbox-Installation', 'from', 890),
      service('Geräte-Check', 'fixed', 49),
    ],
  },
  {
    owner: { firstName: 'Bernd', lastName: 'Kötter' },
    name: 'Münsterland Gartenpflege',
    legalForm: 'Einzelunternehmen',
    street: 'Hammer Straße 80',
    postalCode: '48153',
    color: '#558b2f',
    description:
      'Rasen, Hecken, Baumschnitt und Grünabfuhr. Regelmäßige Pflege oder einmaliger Einsatz – auch für Hausverwaltungen.',
    categories: ['haus-garten-service'],
    hours: WEEK('07:00', '17:00', ['08:00', '12:00']),
    radius: 35,
    services: [service('Gartenarbeit', 'hourly', 38), service('Heckenschnitt bis 20 m', 'fixed', 180)],
  },
  {
    owner: { firstName: 'Julia', lastName: 'Winkler' },
    name: 'Schwarzwald Tierbetreuung',
    legalForm: 'Einzelunternehmen',
    street: 'Kaiser-Joseph-Straße 200',
    postalCode: '79098',
    color: '#8e24aa',
    description:
      'Gassi-Service, Katzenbetreuung zu Hause und Urlaubsbetreuung für Kleintiere. Mit Sachkundenachweis nach § 11 TierSchG.',
    categories: ['tierbetreuung'],
    hours: WEEK('07:00', '20:00', ['08:00', '18:00']),
    radius: 20,
    services: [
      service('Gassirunde (60 Min.)', 'fixed', 18),
      service('Katzenbesuch', 'fixed', 15),
      service('Urlaubsbetreuung pro Tag', 'from', 25),
    ],
  },
  {
    owner: { firstName: 'Simon', lastName: 'Berger' },
    name: 'Quadrate Fotostudio',
    legalForm: 'GbR',
    street: 'Planken O7',
    postalCode: '68161',
    color: '#455a64',
    description:
      'Hochzeits-, Familien- und Bewerbungsfotos im Studio oder vor Ort. Bildbearbeitung und Fotobücher inklusive.',
    categories: ['kuenstler-musiker', 'reise-event'],
    hours: WEEK('10:00', '18:00', ['10:00', '16:00']),
    radius: 100,
    services: [
      service('Bewerbungsfotos', 'fixed', 59),
      service('Hochzeitsreportage', 'from', 1200),
      service('Familienshooting', 'fixed', 180, 250),
    ],
  },
  {
    owner: { firstName: 'Carina', lastName: 'Roth' },
    name: 'Fächerstadt Kinderbetreuung',
    legalForm: 'e.V.',
    street: 'Kaiserstraße 100',
    postalCode: '76133',
    color: '#ec407a',
    description:
      'Flexible Kinderbetreuung am Abend und am Wochenende durch geschulte Betreuerinnen mit Erste-Hilfe-Kurs.',
    categories: ['kinderbetreuung'],
    hours: WEEK('07:00', '21:00', ['09:00', '21:00']),
    radius: 15,
    services: [service('Babysitting', 'hourly', 15, 18), service('Ferienbetreuung pro Tag', 'fixed', 45)],
  },
  {
    owner: { firstName: 'Kemal', lastName: 'Demir' },
    name: 'Berliner Möbeltaxi',
    legalForm: 'Einzelunternehmen',
    street: 'Torstraße 140',
    postalCode: '10119',
    color: '#6a1b9a',
    description:
      'Kleintransporte, Möbellieferungen von Kleinanzeigen und IKEA-Abholungen – noch am selben Tag, mit Tragehilfe.',
    categories: ['umzug-transport'],
    hours: WEEK('08:00', '20:00', ['09:00', '18:00']),
    radius: 30,
    services: [
      service('Transport mit Fahrer', 'hourly', 40),
      service('Möbelabholung im Stadtgebiet', 'from', 49),
    ],
  },
];

/** The first letters of a name's first two capitalised words ('Fahrradhaus Berlin-Mitte' → 'FB'). */
function initialsOf(name: string): string {
  return name
    .split(/\s+/)
    .filter((word) => /^[A-ZÄÖÜ]/.test(word))
    .slice(0, 2)
    .map((word) => word[0])
    .join('');
}

/**
 * A drawn tile as SVG, the look of the demo logos and banners: `width` × `height` in `color`
 * with a light circle at the top right, a light stripe below the middle and `text` in white,
 * centred at height `y` in `size` px.
 */
function tileSvg(
  { width, height, corner }: { width: number; height: number; corner: number },
  color: string,
  text: { value: string; y: number; size: number },
): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="${width}" height="${height}" rx="${corner}" fill="${color}"/>
    <circle cx="${width - 80}" cy="80" r="${height * 0.3}" fill="#ffffff" opacity="0.12"/>
    <rect x="${width * 0.15}" y="${height * 0.75}" width="${width * 0.7}" height="14" rx="7" fill="#ffffff" opacity="0.6"/>
    <text x="${width / 2}" y="${text.y}" text-anchor="middle" font-family="sans-serif" font-weight="700" font-size="${text.size}" fill="#ffffff">${escapeXml(text.value)}</text>
  </svg>`;
}

/** A logo drawn as SVG: a coloured tile with the initials and a stripe. */
const logoSvg = (name: string, color: string) =>
  tileSvg({ width: 400, height: 400, corner: 64 }, color, { value: initialsOf(name), y: 250, size: 160 });

/**
 * A shop's banner drawn as SVG: a wide 4 : 1 tile in its colour with its name, like its logo.
 * The name fits the middle 1100 px, which a phone's 3 : 1 crop keeps.
 */
const bannerSvg = (name: string, color: string) =>
  tileSvg({ width: 1600, height: 400, corner: 0 }, color, {
    value: name,
    y: 235,
    size: Math.min(110, Math.floor(1100 / (0.62 * name.length))),
  });

/**
 * A provider's reference photos, one for each of its first three services, drawn like the demo
 * ads' photos (at 400 × 300 pixels: they are shown as small tiles).
 */
function referenceDrawings(random: Random, demo: DemoProfile, hue: number) {
  return (demo.services ?? []).slice(0, 3).map((s, i) => ({
    service: s.name,
    svg: demoPhotoSvg(`Referenz ${i + 1}`, s.name, (hue + i * 25) % 360, random),
  }));
}

/** Seed of the shops' PRNG: the same shop ads on every first start. */
const SEED = 20_261_128;
const DAY_MS = 24 * 60 * 60 * 1000;

/** `Fahrradhaus Berlin-Mitte` → `fahrradhaus-berlin-mitte`. */
function slugOf(name: string): string {
  return plainGerman(name)
    .replace(/[^a-z]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** The e-mail addresses of the demo shops' and providers' owners (docs/demo-data.md). */
export const DEMO_BUSINESS_EMAILS = [...SHOPS, ...PROVIDERS].map((demo) => demoEmail(demo.owner));

/** A trader's price: 449 instead of 450, 74,90 instead of 75; cars and other large sums stay round. */
function traderPrice(price: number): number {
  if (price < 10 || price >= 5000) return price;
  return price >= 100 ? price - 1 : Math.round((price - 0.1) * 100) / 100;
}

/**
 * What a profile offers as ads: a shop its stock ({@link SHOP_STOCK}) in its categories, a
 * provider its fixed-price services without a range, in its first category; each with its
 * subcategory's slug.
 */
function stockOf(demo: DemoProfile, kind: 'shop' | 'provider'): { slug: string; template: AdTemplate }[] {
  if (kind === 'shop') {
    return Object.entries(SHOP_STOCK[demo.name] ?? {}).flatMap(([slug, templates]) =>
      templates.map((template) => ({ slug, template })),
    );
  }
  return (demo.services ?? [])
    .filter((s) => s.price_type === 'fixed' && s.price_min !== null && s.price_max === null)
    .slice(0, 2)
    .map((s) => ({
      slug: demo.categories[0] as string,
      template: {
        title: s.name,
        price: [s.price_min ?? 0, s.price_min ?? 0],
        text: demo.description,
        priceType: 'fixed',
      },
    }));
}

/**
 * Demo data (docs/decisions/0041-shop-and-provider-profiles.md): ten shops and ten providers over
 * German cities, each owned by a demo business account of its own (the contact person,
 * `vorname.nachname@example.com`, password `demo1234`), with a drawn logo (a shop also a drawn
 * banner, a provider two or three captioned reference photos), hours or a service
 * area with services, approved together with an approved business verification, so that
 * /entities' tabs Shops and Dienstleister and their pages have content on a first start. Each
 * shop has 6–10 active ads of its stock at its postal code (mostly fixed trader prices, drawn
 * photos, created over the last five weeks); providers with fixed-price services offer up to two
 * of them as ads in Dienstleistungen. The owners joined before their first ad. One transaction
 * under an advisory lock; runs once: nothing happens when any profile exists. The new ads are
 * announced after the commit (`listing.created`).
 * @returns how many profiles were created
 */
export async function seedDemoShops(
  deps: {
    db: Database;
    categories: CategoryTree;
    storage: MediaStorage;
    log: FastifyBaseLogger;
    events?: EventBus;
    /** The current AGB version the owners accepted when they joined. */
    termsVersion?: string;
  },
  now = new Date(),
): Promise<number> {
  const [existing] = await deps.db.select({ id: businessProfiles.id }).from(businessProfiles).limit(1);
  if (existing) return 0;
  const started = Date.now();
  const random = new Random(SEED);
  const profiles = [
    ...SHOPS.map((demo) => ({ demo, kind: 'shop' as const })),
    ...PROVIDERS.map((demo) => ({ demo, kind: 'provider' as const })),
  ];
  // Everything slow happens before the transaction: places, logos, photos, the password hash.
  const stocks = profiles.map(({ demo, kind }) =>
    stockOf(demo, kind).flatMap(({ slug, template }) => {
      const category = deps.categories.resolve(slug);
      return category ? [{ category, template }] : [];
    }),
  );
  const roots = [...new Set(stocks.flat().map((item) => item.category.rootId))].flatMap(
    (id) => deps.categories.resolve(id) ?? [],
  );
  // Two photos per top-level category: a shop's ads show one or two.
  // The providers' references draw from a PRNG of their own, so the ads stay as they were.
  const drawingRandom = new Random(SEED + 1);
  const [photos, prepared] = await Promise.all([
    drawPhotos(random, roots, 2),
    Promise.all(
      profiles.map(async ({ demo, kind }, index) => {
        const references = kind === 'provider' ? referenceDrawings(drawingRandom, demo, index * 36) : [];
        const [place, logo, banner, referencePhotos] = await Promise.all([
          findPlace(deps.db, demo.postalCode, ''),
          encodeDrawing(logoSvg(demo.name, demo.color)),
          // 1200 × 300 pixels: the page shows it at most 1152 px wide; quicker to draw than 1600.
          kind === 'shop' ? encodeDrawing(bannerSvg(demo.name, demo.color), 54) : null,
          Promise.all(references.map((reference) => encodeDrawing(reference.svg, 24))),
        ]);
        const drawn = referencePhotos.map((variants, i) => ({
          service: references[i]?.service ?? '',
          variants,
        }));
        return { demo, kind, place, logo, banner, references: drawn, stock: stocks[index] ?? [] };
      }),
    ),
  ]);
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  const result = await deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('seed_demo_shops'))`);
    const [again] = await tx.select({ id: businessProfiles.id }).from(businessProfiles).limit(1);
    if (again) return null;
    const drafts: DemoAdDraft[] = [];
    const files: { name: string; data: Buffer }[] = [];
    let created = 0;
    /** Keeps a drawing's sizes for writing after the commit; @returns its upload id. */
    const keep = (variants: Record<ImageVariant, Buffer>) => {
      const id = randomBytes(16).toString('hex');
      for (const variant of Object.keys(IMAGE_VARIANTS) as ImageVariant[]) {
        files.push({ name: `${id}-${variant}.webp`, data: variants[variant] });
      }
      return id;
    };
    for (const { demo, kind, place, logo, banner, references, stock } of prepared) {
      if (!place) continue;
      const email = demoEmail(demo.owner);
      const account =
        (await findAccountByEmail(tx, email)) ??
        (await createAccount(tx, {
          email,
          passwordHash,
          firstName: demo.owner.firstName,
          lastName: demo.owner.lastName,
          emailVerifiedAt: now,
        }));

      // The shop's ads: part of its stock at its place, mostly at fixed trader prices.
      const own: DemoAdDraft[] = [];
      const count = kind === 'shop' ? random.int(Math.min(6, stock.length), stock.length) : stock.length;
      for (const { category, template } of random.sample(stock, count)) {
        const rootSlug = deps.categories.resolve(category.rootId)?.slug ?? '';
        const offer = demoOffer(random, category, rootSlug, template, now.getTime(), 0.85);
        offer.price = template.price[0] === template.price[1] ? template.price[0] : traderPrice(offer.price);
        const ageDays = random.next() ** 1.3 * 35;
        own.push(
          demoAdDraft({
            offer,
            template,
            category,
            place,
            sellerId: account.id,
            description: demoDescription(random, { ...offer, template, business: true }),
            status: 'active',
            createdAt: new Date(now.getTime() - ageDays * DAY_MS - random.int(0, 3_600_000)),
            views: random.int(0, Math.round(ageDays * 12) + 20),
            photoCount: random.int(1, 3),
          }),
        );
      }
      drafts.push(...own);

      // The owner joined before the first ad; the business was verified a few days later.
      const first = Math.min(now.getTime(), ...own.map((draft) => (draft.createdAt as Date).getTime()));
      const joined = new Date(first - random.int(60, 4 * 365) * DAY_MS);
      const verified = new Date(joined.getTime() + random.int(1, 14) * DAY_MS);
      await dateDemoSeller(tx, account.id, joined, deps.termsVersion);

      const logoId = keep(logo);
      const bannerId = banner ? keep(banner) : null;
      const referenceIds = references.map((reference) => ({ id: keep(reference.variants), ...reference }));
      const slug = slugOf(demo.name);
      const registered = !['Einzelunternehmen', 'GbR', 'Freiberufler'].includes(demo.legalForm);
      const business = {
        name: demo.name,
        legalForm: demo.legalForm,
        street: demo.street,
        postalCode: demo.postalCode,
        city: place.place,
        email: `kontakt@${slug}.example`,
        phone: `0${30 + created} ${5550100 + created}`,
        registerNumber: registered ? `HRB ${40_000 + created * 137}` : null,
        vatId: `DE${String(123_456_700 + created).padStart(9, '0')}`,
      };
      const open = await tx
        .select({ id: sellerVerifications.id })
        .from(sellerVerifications)
        .where(
          sql`${sellerVerifications.userId} = ${account.id} and (${sellerVerifications.status} = 'pending' or (${sellerVerifications.status} = 'approved' and ${sellerVerifications.kind} = 'business'))`,
        );
      if (open.length === 0) {
        await tx.insert(sellerVerifications).values({
          userId: account.id,
          kind: 'business',
          status: 'approved',
          ...business,
          legalForm: namedLegalForm(demo.legalForm),
          decidedAt: verified,
          createdAt: joined,
        });
      }
      const [row] = await tx
        .insert(businessProfiles)
        .values({
          userId: account.id,
          kind,
          status: 'approved',
          ...business,
          registerCourt: registered ? `Amtsgericht ${place.place}` : null,
          website: `https://www.${slug}.example`,
          description: demo.description,
          categories: demo.categories,
          logo: imageUrl(logoId),
          banner: bannerId ? imageUrl(bannerId) : null,
          photos: referenceIds.map((reference) => ({
            url: imageUrl(reference.id),
            caption: `${reference.service} – ein Auftrag aus ${place.place} und Umgebung`,
          })),
          hours: demo.hours,
          areaPostalCode: kind === 'provider' ? demo.postalCode : null,
          areaRadiusKm: kind === 'provider' ? (demo.radius ?? 30) : null,
          services: demo.services ?? [],
          latitude: place.latitude,
          longitude: place.longitude,
          decidedAt: verified,
          createdAt: joined,
          updatedAt: verified,
        })
        .onConflictDoNothing()
        .returning({ id: businessProfiles.id });
      if (row) {
        const ids = [
          logoId,
          ...(bannerId ? [bannerId] : []),
          ...referenceIds.map((reference) => reference.id),
        ];
        await tx
          .insert(uploads)
          .values(ids.map((id) => ({ id, ownerId: account.id, businessProfileId: row.id })));
      }
      created++;
    }
    const ids = await storeDemoAds(tx, deps.storage, drafts, photos, random);
    await Promise.all(files.map((file) => deps.storage.write(LISTING_IMAGE_FOLDER, file.name, file.data)));
    return {
      created,
      ads: ids.map((id, index) => ({
        id,
        sellerId: drafts[index]?.sellerId as string,
        title: drafts[index]?.title as string,
      })),
    };
  });
  if (!result) return 0;
  for (const ad of result.ads) {
    await deps.events?.publish('listing.created', {
      listingId: ad.id,
      sellerId: ad.sellerId,
      title: ad.title,
    });
  }
  deps.log.info(
    { profiles: result.created, listings: result.ads.length, ms: Date.now() - started },
    'demo shops and providers created',
  );
  return result.created;
}
