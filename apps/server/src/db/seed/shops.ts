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
import sharp from 'sharp';
import type { MediaStorage } from '../../lib/media-storage.ts';
import { imageUrl, LISTING_IMAGE_FOLDER, renderVariants } from '../../modules/media/index.ts';
import { findPlace } from '../../modules/places/index.ts';
import { findAccountByEmail } from '../../modules/users/index.ts';
import type { Database } from '../client.ts';
import { businessProfiles, sellerVerifications, uploads } from '../schema.ts';
import { DEMO_MEMBERS, demoEmail } from './members.ts';

/** Hours of a weekday shop: Monday to Friday, and Saturday morning. */
const WEEK = (opens: string, closes: string, saturday: [string, string] | null) => [
  ...[1, 2, 3, 4, 5].map((day) => ({ day, opens, closes })),
  ...(saturday ? [{ day: 6, opens: saturday[0], closes: saturday[1] }] : []),
];

interface DemoProfile {
  member: number;
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

/** Ten shops and ten providers over German cities (members with no verification request of their own). */
const SHOPS: DemoProfile[] = [
  {
    member: 0,
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
    member: 1,
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
    member: 3,
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
    member: 4,
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
    member: 5,
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
    member: 7,
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
    member: 8,
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
    member: 9,
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
    member: 10,
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
    member: 12,
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
    member: 13,
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
    member: 14,
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
    member: 15,
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
    member: 16,
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
    member: 17,
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
    member: 18,
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
    member: 19,
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
    member: 1,
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
    member: 3,
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
    member: 0,
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

/** A logo drawn as SVG: a coloured tile with the initials and a stripe. */
function logoSvg(name: string, color: string): string {
  const initials = name
    .split(/\s+/)
    .filter((word) => /^[A-ZÄÖÜ]/.test(word))
    .slice(0, 2)
    .map((word) => word[0])
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400">
    <rect width="400" height="400" rx="64" fill="${color}"/>
    <circle cx="320" cy="80" r="120" fill="#ffffff" opacity="0.12"/>
    <rect x="60" y="300" width="280" height="14" rx="7" fill="#ffffff" opacity="0.6"/>
    <text x="200" y="250" text-anchor="middle" font-family="sans-serif" font-weight="700" font-size="160" fill="#ffffff">${initials}</text>
  </svg>`;
}

/**
 * Demo data: ten shops and ten providers of demo members over German cities, each with a drawn
 * logo, hours or a service area with services, approved together with an approved business
 * verification, so that /entities' tabs Shops and Dienstleister and their pages have content on
 * a first start. Runs once: nothing happens when any profile exists.
 * @returns how many profiles were created
 */
export async function seedDemoShops(
  deps: { db: Database; storage: MediaStorage; log: FastifyBaseLogger },
  now = new Date(),
): Promise<number> {
  const [existing] = await deps.db.select({ id: businessProfiles.id }).from(businessProfiles).limit(1);
  if (existing) return 0;
  let created = 0;
  for (const [kind, list] of [
    ['shop', SHOPS],
    ['provider', PROVIDERS],
  ] as const) {
    for (const demo of list) {
      const member = DEMO_MEMBERS[demo.member];
      const account = member ? await findAccountByEmail(deps.db, demoEmail(member)) : undefined;
      const place = await findPlace(deps.db, demo.postalCode, '');
      if (!account || !place) continue;
      const variants = await renderVariants(
        await sharp(Buffer.from(logoSvg(demo.name, demo.color)))
          .png()
          .toBuffer(),
      );
      const uploadId = randomBytes(16).toString('hex');
      await Promise.all(
        (Object.keys(IMAGE_VARIANTS) as ImageVariant[]).map((variant) =>
          deps.storage.write(LISTING_IMAGE_FOLDER, `${uploadId}-${variant}.webp`, variants[variant]),
        ),
      );
      const slug = demo.name
        .toLowerCase()
        .replaceAll('ä', 'ae')
        .replaceAll('ö', 'oe')
        .replaceAll('ü', 'ue')
        .replaceAll('ß', 'ss')
        .replace(/[^a-z]+/g, '-')
        .replace(/^-|-$/g, '');
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
      await deps.db.transaction(async (tx) => {
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
            decidedAt: now,
            createdAt: now,
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
            logo: imageUrl(uploadId),
            hours: demo.hours,
            areaPostalCode: kind === 'provider' ? demo.postalCode : null,
            areaRadiusKm: kind === 'provider' ? (demo.radius ?? 30) : null,
            services: demo.services ?? [],
            latitude: place.latitude,
            longitude: place.longitude,
            decidedAt: now,
            createdAt: now,
            updatedAt: now,
          })
          .onConflictDoNothing()
          .returning({ id: businessProfiles.id });
        if (row)
          await tx.insert(uploads).values({ id: uploadId, ownerId: account.id, businessProfileId: row.id });
      });
      created++;
    }
  }
  deps.log.info({ profiles: created }, 'demo shops and providers created');
  return created;
}
