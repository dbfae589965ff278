import { z } from 'zod';
import { PG_INT4_MAX, userText } from './text.ts';

/**
 * Local events (SPEC.md §2 /events; the page's content is not shown there, so this is what a
 * German city portal offers): members publish flea markets, concerts, sports and more with a
 * time in Europe/Berlin, a place, a price or free entry and an optional limit of participants;
 * visitors find them by place, radius, date and category; members take part.
 */

/** The time zone every event time is entered and shown in. */
export const EVENT_TIME_ZONE = 'Europe/Berlin';

/** Kinds of event; the web names them in German ({@link EVENT_CATEGORY_NAMES}). */
export const EVENT_CATEGORIES = [
  'flohmarkt',
  'konzert',
  'sport',
  'workshop',
  'party',
  'markt',
  'sonstiges',
] as const;
export const eventCategorySchema = z.enum(EVENT_CATEGORIES, { error: 'Bitte wähle eine Kategorie.' });
export type EventCategory = z.infer<typeof eventCategorySchema>;

export const EVENT_CATEGORY_NAMES: Record<EventCategory, string> = {
  flohmarkt: 'Flohmarkt',
  konzert: 'Konzert',
  sport: 'Sport',
  workshop: 'Workshop',
  party: 'Party',
  markt: 'Markt',
  sonstiges: 'Sonstiges',
};

/** An event is planned (`scheduled`) until its organiser cancels it (`cancelled`, kept on its page). */
export const EVENT_STATUSES = ['scheduled', 'cancelled'] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];

export const EVENT_TITLE_MIN = 3;
export const EVENT_TITLE_MAX = 100;
export const EVENT_DESCRIPTION_MIN = 10;
export const EVENT_DESCRIPTION_MAX = 5000;
export const EVENT_ADDRESS_MAX = 200;
/** Highest price in euros. */
export const EVENT_PRICE_MAX_EUR = 10_000;
/** Most participants an event may limit itself to. */
export const EVENT_PARTICIPANTS_MAX = 100_000;
/** Longest an event may last (days). */
export const EVENT_DURATION_MAX_DAYS = 31;
/** Events per page of `/events`. */
export const EVENTS_PAGE_SIZE = 20;
/** Largest `limit` of `GET /api/events`. */
export const EVENTS_LIMIT_MAX = 50;

/** A wall-clock time in Europe/Berlin as the form's `datetime-local` field sends it. */
const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;
/** A calendar day as the date field sends it. */
const LOCAL_DATE = /^\d{4}-\d{2}-\d{2}$/;

const localDateTime = (missing: string) =>
  z
    .string({ error: missing })
    .trim()
    .min(1, missing)
    .regex(LOCAL_DATE_TIME, 'Bitte gib Datum und Uhrzeit im Format TT.MM.JJJJ, HH:MM an.');

const localDate = z.string().trim().regex(LOCAL_DATE, 'Bitte gib ein Datum im Format JJJJ-MM-TT an.');

const titleSchema = userText({ error: 'Bitte gib einen Titel ein.' })
  .trim()
  .min(EVENT_TITLE_MIN, `Der Titel muss mindestens ${EVENT_TITLE_MIN} Zeichen lang sein.`)
  .max(EVENT_TITLE_MAX, `Der Titel darf höchstens ${EVENT_TITLE_MAX} Zeichen lang sein.`);

const descriptionSchema = userText({ multiline: true, error: 'Bitte gib eine Beschreibung ein.' })
  .trim()
  .min(EVENT_DESCRIPTION_MIN, `Die Beschreibung muss mindestens ${EVENT_DESCRIPTION_MIN} Zeichen lang sein.`)
  .max(EVENT_DESCRIPTION_MAX, `Die Beschreibung darf höchstens ${EVENT_DESCRIPTION_MAX} Zeichen lang sein.`);

const postalCodeSchema = z
  .string({ error: 'Bitte gib eine Postleitzahl ein.' })
  .trim()
  .regex(/^\d{5}$/, 'Bitte gib eine gültige Postleitzahl mit 5 Ziffern ein.');

const addressSchema = userText({ error: 'Bitte gib die Adresse an.' })
  .trim()
  .min(3, 'Bitte gib die Adresse an (Straße und Hausnummer oder Ort).')
  .max(EVENT_ADDRESS_MAX, `Die Adresse darf höchstens ${EVENT_ADDRESS_MAX} Zeichen lang sein.`);

/** Price in euros, 0 for 'Eintritt frei'; at most two decimals. */
const priceSchema = z
  .number({ error: 'Bitte gib einen Preis ein (0 für „Eintritt frei“).' })
  .min(0, 'Der Preis darf nicht negativ sein.')
  .max(EVENT_PRICE_MAX_EUR, 'Der Preis ist zu hoch.')
  .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, {
    message: 'Der Preis darf höchstens zwei Nachkommastellen haben.',
  });

const maxParticipantsSchema = z
  .number({ error: 'Bitte gib die Teilnehmerzahl als Zahl an.' })
  .int('Bitte gib die Teilnehmerzahl als ganze Zahl an.')
  .min(1, 'Es muss mindestens eine Person teilnehmen können.')
  .max(EVENT_PARTICIPANTS_MAX, `Höchstens ${EVENT_PARTICIPANTS_MAX.toLocaleString('de-DE')} Teilnehmende.`)
  .nullable();

const imageSchema = userText().trim().max(500).nullable();

const eventFields = {
  title: titleSchema,
  /** Plain text or Markdown, rendered and sanitised as forum posts are. */
  description: descriptionSchema,
  category: eventCategorySchema,
  /** Start as a wall-clock time in Europe/Berlin, `YYYY-MM-DDTHH:mm`. */
  starts_at: localDateTime('Bitte gib an, wann die Veranstaltung beginnt.'),
  /** End as a wall-clock time in Europe/Berlin, `YYYY-MM-DDTHH:mm`; after the start. */
  ends_at: localDateTime('Bitte gib an, wann die Veranstaltung endet.'),
  postal_code: postalCodeSchema,
  /** Street and number or a venue ('Marktplatz 1', 'Stadthalle'). */
  address: addressSchema,
  /** Euros; 0 is 'Eintritt frei'. */
  price: priceSchema,
  /** A URL answered by `POST /api/upload`, or null. */
  image: imageSchema,
  /** Null: no limit. */
  max_participants: maxParticipantsSchema,
};

/**
 * `POST /api/events` body. The times are wall-clock times in Europe/Berlin; the server checks
 * that they exist (not in the hour skipped when summer time starts), that the end follows the
 * start and that the event has not ended yet.
 */
export const eventCreateSchema = z
  .object({
    ...eventFields,
    image: imageSchema.default(null),
    max_participants: maxParticipantsSchema.default(null),
  })
  .refine((body) => body.ends_at > body.starts_at, {
    path: ['ends_at'],
    message: 'Das Ende muss nach dem Beginn liegen.',
  });
export type EventCreate = z.input<typeof eventCreateSchema>;

/** `PATCH /api/events/{id}` body (organiser only): any fields of the create body. */
export const eventUpdateSchema = z.object({
  title: titleSchema.optional(),
  description: descriptionSchema.optional(),
  category: eventCategorySchema.optional(),
  starts_at: localDateTime('Bitte gib an, wann die Veranstaltung beginnt.').optional(),
  ends_at: localDateTime('Bitte gib an, wann die Veranstaltung endet.').optional(),
  postal_code: postalCodeSchema.optional(),
  address: addressSchema.optional(),
  price: priceSchema.optional(),
  image: imageSchema.optional(),
  max_participants: maxParticipantsSchema.optional(),
});
export type EventUpdate = z.input<typeof eventUpdateSchema>;

/** The date filters of `/events`: today, this weekend (Fri–Sun), the next 7 days, a chosen range. */
export const EVENT_DATE_FILTERS = ['today', 'weekend', 'week', 'range'] as const;
export type EventDateFilter = (typeof EVENT_DATE_FILTERS)[number];
export const EVENT_DATE_FILTER_NAMES: Record<EventDateFilter, string> = {
  today: 'Heute',
  weekend: 'Dieses Wochenende',
  week: 'Nächste 7 Tage',
  range: 'Zeitraum',
};

/**
 * `GET /api/events` query: upcoming events (not yet ended) by start. `postal_code` (or a place
 * name) with `radius_km` limits them to that circle; `when` to a time span in Europe/Berlin
 * (`range` takes `from` and `to`, days, both included); `category` to one kind.
 */
export const eventListQuerySchema = z.object({
  postal_code: userText().trim().max(100).optional(),
  radius_km: z.coerce
    .number({ error: 'Bitte gib den Umkreis als Zahl an.' })
    .int()
    .min(1, 'Der Umkreis muss mindestens 1 km betragen.')
    .max(500, 'Der Umkreis darf höchstens 500 km betragen.')
    .optional(),
  category: eventCategorySchema.optional(),
  when: z.enum(EVENT_DATE_FILTERS, { error: 'Bitte wähle einen gültigen Zeitraum.' }).optional(),
  from: localDate.optional(),
  to: localDate.optional(),
  page: z.coerce.number().int().min(1).max(1000).default(1),
  limit: z.coerce.number().int().min(1).max(EVENTS_LIMIT_MAX).default(EVENTS_PAGE_SIZE),
});
export type EventListQuery = z.input<typeof eventListQuerySchema>;

export const eventParamsSchema = z.object({ id: z.uuid({ error: 'Diese Veranstaltung gibt es nicht.' }) });

/** The organiser as an event shows them. */
export const eventPersonSchema = z.object({
  id: z.string(),
  name: z.string(),
  avatar: z.string().nullable(),
});
export type EventPerson = z.infer<typeof eventPersonSchema>;

/** An event in the list of `/events`. */
export const eventSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  category: eventCategorySchema,
  /** ISO 8601 with the Europe/Berlin offset of that moment, e.g. '2027-10-31T02:30:00+01:00'. */
  starts_at: z.string(),
  ends_at: z.string(),
  postal_code: z.string(),
  place: z.string(),
  address: z.string(),
  /** Euros; 0 is 'Eintritt frei'. */
  price: z.number(),
  is_free: z.boolean(),
  image: z.string().nullable(),
  max_participants: z.number().int().nullable(),
  participant_count: z.number().int(),
  status: z.enum(EVENT_STATUSES),
  /** Km from the searched place when one was given, else null. */
  distance_km: z.number().nullable(),
});
export type EventSummary = z.infer<typeof eventSummarySchema>;

/** `GET /api/events/{id}`: the event with its description and what the viewer may do. */
export const eventSchema = eventSummarySchema.extend({
  description: z.string(),
  /** The description rendered from Markdown and sanitised (as forum posts). */
  description_html: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  organizer: eventPersonSchema,
  created_at: z.string(),
  updated_at: z.string(),
  /** Whether the viewer takes part (false for visitors). */
  participating: z.boolean(),
  /** What the server lets the viewer do (STYLE.md: the client never compares ids itself). */
  can: z.object({ edit: z.boolean(), participate: z.boolean(), see_participants: z.boolean() }),
});
export type LocalEvent = z.infer<typeof eventSchema>;

/** `GET /api/events` answer. */
export const eventListSchema = z.object({
  events: z.array(eventSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  pages: z.number().int(),
});
export type EventList = z.infer<typeof eventListSchema>;

/** `POST` and `DELETE /api/events/{id}/participation` answer. */
export const eventParticipationSchema = z.object({
  participating: z.boolean(),
  participant_count: z.number().int().min(0).max(PG_INT4_MAX),
});
export type EventParticipation = z.infer<typeof eventParticipationSchema>;

/** `GET /api/events/{id}/participants` answer (organiser only). */
export const eventParticipantListSchema = z.object({
  participants: z.array(eventPersonSchema.extend({ joined_at: z.string() })),
});
export type EventParticipantList = z.infer<typeof eventParticipantListSchema>;

/** The price as the pages show it: 'Eintritt frei' or '12,50 €'. */
export function formatEventPrice(euros: number): string {
  if (euros === 0) return 'Eintritt frei';
  return `${euros.toLocaleString('de-DE', { minimumFractionDigits: euros % 1 === 0 ? 0 : 2, maximumFractionDigits: 2 })} €`;
}

/**
 * Date and time of an ISO 8601 time with offset (as the API answers them, already in
 * Europe/Berlin) the way German pages show them: 'Sa., 31.10.2027, 02:30 Uhr'. Read from the
 * text itself, so the server's and the browser's time zone change nothing.
 */
export function formatEventTime(iso: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(iso);
  if (!match) return iso;
  const [, year, month, day, hour, minute] = match;
  const weekday = ['So.', 'Mo.', 'Di.', 'Mi.', 'Do.', 'Fr.', 'Sa.'][
    new Date(Date.UTC(Number(year), Number(month) - 1, Number(day))).getUTCDay()
  ];
  return `${weekday}, ${day}.${month}.${year}, ${hour}:${minute} Uhr`;
}

/** The wall-clock part `YYYY-MM-DDTHH:mm` of an API time, for the form's `datetime-local` fields. */
export function localInputValue(iso: string): string {
  return iso.slice(0, 16);
}
