import type { EventCategory } from '@marketplace/contract';
import { eventCreateSchema } from '@marketplace/contract';
import type { FastifyBaseLogger } from 'fastify';
import {
  countUpcomingEvents,
  createEvent,
  joinEvent,
  type LocalEventDeps,
} from '../../modules/local-events/index.ts';
import { findAccountByEmail } from '../../modules/users/index.ts';
import { DEMO_MEMBERS, demoEmail } from './members.ts';

/** Upcoming demo events below which a start with demo data adds the set again. */
const DEMO_EVENTS_MIN = 20;

/** The demo events: title, kind, day from today, start hour, hours, postal code, address, price, seats. */
const DEMO_EVENTS: {
  title: string;
  category: EventCategory;
  day: number;
  hour: number;
  hours: number;
  postalCode: string;
  address: string;
  price: number;
  max: number | null;
  text: string;
}[] = [
  {
    title: 'Flohmarkt am Mauerpark',
    category: 'flohmarkt',
    day: 1,
    hour: 9,
    hours: 8,
    postalCode: '10115',
    address: 'Bernauer Straße 63',
    price: 0,
    max: null,
    text: 'Trödel, Vinyl, Kleidung und Streetfood – der Klassiker im Prenzlauer Berg.',
  },
  {
    title: 'Hofflohmarkt Friedrichshain',
    category: 'flohmarkt',
    day: 3,
    hour: 10,
    hours: 6,
    postalCode: '10247',
    address: 'Boxhagener Platz',
    price: 0,
    max: null,
    text: 'Nachbarn verkaufen in ihren Höfen: Bücher, Spielzeug, Möbel.',
  },
  {
    title: 'Jazz im Hinterhof',
    category: 'konzert',
    day: 2,
    hour: 20,
    hours: 3,
    postalCode: '12043',
    address: 'Weserstraße 12',
    price: 12,
    max: 80,
    text: 'Ein Trio aus Neukölln spielt Standards und Eigenes. **Einlass ab 19:30 Uhr.**',
  },
  {
    title: 'Hafenkonzert an den Landungsbrücken',
    category: 'konzert',
    day: 5,
    hour: 18,
    hours: 2,
    postalCode: '20095',
    address: 'St. Pauli Landungsbrücken',
    price: 0,
    max: null,
    text: 'Blasmusik und Shanty-Chor mit Blick auf die Elbe.',
  },
  {
    title: 'Lauftreff Altona',
    category: 'sport',
    day: 1,
    hour: 18,
    hours: 1,
    postalCode: '22767',
    address: 'Platz der Republik',
    price: 0,
    max: 30,
    text: 'Lockere 8 km an der Elbe entlang, alle Tempi willkommen.',
  },
  {
    title: 'Viktualienmarkt-Führung',
    category: 'markt',
    day: 4,
    hour: 11,
    hours: 2,
    postalCode: '80331',
    address: 'Viktualienmarkt 3',
    price: 8,
    max: 20,
    text: 'Geschichte und Kostproben vom bekanntesten Markt Münchens.',
  },
  {
    title: 'Töpferkurs für Anfänger',
    category: 'workshop',
    day: 6,
    hour: 14,
    hours: 3,
    postalCode: '81667',
    address: 'Wiener Platz 4',
    price: 45,
    max: 8,
    text: 'Drehen an der Scheibe: Ton, Glasur und Brand sind inklusive.',
  },
  {
    title: 'Kölsch & Karaoke',
    category: 'party',
    day: 2,
    hour: 21,
    hours: 4,
    postalCode: '50667',
    address: 'Heumarkt 20',
    price: 5,
    max: 120,
    text: 'Singen, lachen, Kölsch trinken – Mikro frei für alle.',
  },
  {
    title: 'Ehrenfelder Designmarkt',
    category: 'markt',
    day: 7,
    hour: 11,
    hours: 7,
    postalCode: '50823',
    address: 'Venloer Straße 419',
    price: 3,
    max: null,
    text: 'Über 60 Stände mit Mode, Schmuck und Illustration aus der Region.',
  },
  {
    title: 'Mainufer-Flohmarkt',
    category: 'flohmarkt',
    day: 8,
    hour: 8,
    hours: 6,
    postalCode: '60311',
    address: 'Schaumainkai',
    price: 0,
    max: null,
    text: 'Jeden zweiten Samstag am Museumsufer.',
  },
  {
    title: 'Fahrrad-Reparaturworkshop',
    category: 'workshop',
    day: 3,
    hour: 16,
    hours: 2,
    postalCode: '70173',
    address: 'Marktplatz 1',
    price: 0,
    max: 12,
    text: 'Schlauch flicken, Bremsen einstellen, Kette pflegen – Werkzeug ist da.',
  },
  {
    title: 'Rheinufer-Yoga',
    category: 'sport',
    day: 2,
    hour: 8,
    hours: 1,
    postalCode: '40213',
    address: 'Rheinuferpromenade',
    price: 5,
    max: 25,
    text: 'Sanftes Yoga zum Start in den Tag, bitte Matte mitbringen.',
  },
  {
    title: 'Leipziger Elektro-Nacht',
    category: 'party',
    day: 9,
    hour: 23,
    hours: 6,
    postalCode: '04109',
    address: 'Karl-Liebknecht-Straße 45',
    price: 15,
    max: 300,
    text: 'Techno und House bis zum Morgen.',
  },
  {
    title: 'Stadionlauf Dortmund',
    category: 'sport',
    day: 12,
    hour: 10,
    hours: 3,
    postalCode: '44135',
    address: 'Strobelallee 50',
    price: 20,
    max: 500,
    text: '5 und 10 km rund ums Stadion, mit Zeitmessung.',
  },
  {
    title: 'Essener Wochenmarkt spezial',
    category: 'markt',
    day: 4,
    hour: 7,
    hours: 6,
    postalCode: '45127',
    address: 'Kennedyplatz',
    price: 0,
    max: null,
    text: 'Regionale Erzeuger, Blumen und Käse.',
  },
  {
    title: 'Bremer Kajenmarkt',
    category: 'markt',
    day: 6,
    hour: 10,
    hours: 8,
    postalCode: '28195',
    address: 'Schlachte',
    price: 0,
    max: null,
    text: 'Kunsthandwerk an der Weser.',
  },
  {
    title: 'Dresdner Kammerkonzert',
    category: 'konzert',
    day: 10,
    hour: 19,
    hours: 2,
    postalCode: '01067',
    address: 'Theaterplatz 2',
    price: 25,
    max: 150,
    text: 'Streichquartette von Haydn und Schostakowitsch.',
  },
  {
    title: 'Repair-Café Hannover',
    category: 'sonstiges',
    day: 5,
    hour: 15,
    hours: 3,
    postalCode: '30159',
    address: 'Georgstraße 10',
    price: 0,
    max: 40,
    text: 'Kaputte Geräte mitbringen, gemeinsam reparieren.',
  },
  {
    title: 'Nürnberger Trempelmarkt',
    category: 'flohmarkt',
    day: 11,
    hour: 7,
    hours: 10,
    postalCode: '90402',
    address: 'Hauptmarkt',
    price: 0,
    max: null,
    text: 'Einer der größten Flohmärkte Bayerns in der Altstadt.',
  },
  {
    title: 'Brettspielabend',
    category: 'sonstiges',
    day: 0,
    hour: 19,
    hours: 4,
    postalCode: '10115',
    address: 'Invalidenstraße 112',
    price: 0,
    max: 24,
    text: 'Neue und alte Spiele, Erklärbären vor Ort.',
  },
  {
    title: 'Fotowalk Speicherstadt',
    category: 'workshop',
    day: 13,
    hour: 17,
    hours: 2,
    postalCode: '20095',
    address: 'Am Sandtorkai 1',
    price: 10,
    max: 15,
    text: 'Licht, Perspektive und Bildaufbau zwischen den Backsteinbauten.',
  },
  {
    title: 'Beachvolleyball-Turnier',
    category: 'sport',
    day: 14,
    hour: 10,
    hours: 8,
    postalCode: '80331',
    address: 'Isarauen',
    price: 10,
    max: 64,
    text: 'Mixed-Teams zu zweit, Anmeldung vor Ort bis 9:30 Uhr.',
  },
  {
    title: 'Weinfest am Römer',
    category: 'party',
    day: 16,
    hour: 16,
    hours: 6,
    postalCode: '60311',
    address: 'Römerberg',
    price: 0,
    max: null,
    text: 'Winzer aus Rheinhessen und dem Rheingau schenken aus.',
  },
  {
    title: 'Kinderflohmarkt Stuttgart',
    category: 'flohmarkt',
    day: 20,
    hour: 9,
    hours: 4,
    postalCode: '70173',
    address: 'Schlossplatz',
    price: 0,
    max: null,
    text: 'Kinder verkaufen Spielzeug, Bücher und Kleidung.',
  },
];

/** `YYYY-MM-DDTHH:mm` in Europe/Berlin, `day` days after `now` at `hour`. */
export function berlinWallTime(now: number, day: number, hour: number): string {
  const date = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Berlin',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(now + day * 24 * 60 * 60 * 1000));
  return `${date}T${String(hour).padStart(2, '0')}:00`;
}

/**
 * Demo events over German cities (SEED_DEMO=1): when fewer than 20 upcoming events exist, the set
 * of 24 is published again with dates relative to `now` (today at the earliest, so they are
 * upcoming on every start), by the demo members in turn, each with a few demo participants.
 * Databases without the demo members are not touched.
 * @returns how many events were published
 */
export async function seedDemoEvents(
  deps: LocalEventDeps & { log: FastifyBaseLogger },
  now = Date.now(),
): Promise<number> {
  if ((await countUpcomingEvents(deps.db, new Date(now))) >= DEMO_EVENTS_MIN) return 0;
  const members: string[] = [];
  for (const member of DEMO_MEMBERS) {
    const account = await findAccountByEmail(deps.db, demoEmail(member));
    if (account) members.push(account.id);
  }
  if (members.length === 0) return 0;
  let published = 0;
  for (const [index, demo] of DEMO_EVENTS.entries()) {
    const hour = demo.day === 0 ? Math.max(demo.hour, 22) : demo.hour;
    const body = eventCreateSchema.parse({
      title: demo.title,
      description: demo.text,
      category: demo.category,
      starts_at: berlinWallTime(now, demo.day, hour),
      ends_at: berlinWallTime(now, demo.day, Math.min(23, hour + demo.hours)).replace(/T23:00$/, 'T23:59'),
      postal_code: demo.postalCode,
      address: demo.address,
      price: demo.price,
      image: null,
      max_participants: demo.max,
    });
    try {
      const organizer = members[index % members.length] as string;
      const event = await createEvent(deps, organizer, body, new Date(now));
      published += 1;
      for (let n = 1; n <= index % 4; n += 1) {
        const participant = members[(index + n) % members.length];
        if (participant && participant !== organizer) await joinEvent(deps.db, participant, event.id);
      }
    } catch (error) {
      deps.log.warn({ err: error, title: demo.title }, 'demo event not published');
    }
  }
  deps.log.info({ events: published }, 'demo events published');
  return published;
}
