import { z } from 'zod';
import { userText } from './text.ts';

/**
 * Shops and service providers (SPEC.md §2 /shop/{id}, /provider/{id}, /shop-registration and the
 * directory's tabs): a verified business seller's public page. A member owns at most one shop
 * (a business that sells goods) and one provider profile (a craftsman, tutor, removals company,
 * cleaner, ...). Visitors see a profile only once an ADMIN approved it.
 */

/** The two kinds of profile. */
export const PROFILE_KINDS = ['shop', 'provider'] as const;
export const profileKindSchema = z.enum(PROFILE_KINDS);
export type ProfileKind = z.infer<typeof profileKindSchema>;

/** States of a profile: waiting for an ADMIN, visible, rejected with a reason its owner reads. */
export const PROFILE_STATUSES = ['pending', 'approved', 'rejected'] as const;
export const profileStatusSchema = z.enum(PROFILE_STATUSES);
export type ProfileStatus = z.infer<typeof profileStatusSchema>;

/**
 * German legal forms and whether they are entered in a register (Handelsregister,
 * Genossenschafts- or Vereinsregister): those need the register court and number (§ 5 DDG).
 */
export const LEGAL_FORMS = {
  Einzelunternehmen: false,
  Freiberufler: false,
  GbR: false,
  'e.K.': true,
  OHG: true,
  KG: true,
  GmbH: true,
  'UG (haftungsbeschränkt)': true,
  'GmbH & Co. KG': true,
  AG: true,
  eG: true,
  'e.V.': true,
} as const satisfies Record<string, boolean>;
export type LegalForm = keyof typeof LEGAL_FORMS;

/** Legal forms that are no part of the shown name ('Malerei Schmidt', not '… Einzelunternehmen'). */
const UNNAMED_LEGAL_FORMS: readonly string[] = ['Einzelunternehmen', 'Freiberufler'];

/** The legal form as part of the name, or null where it is none (sole traders, freelancers). */
export function namedLegalForm(legalForm: string): string | null {
  return UNNAMED_LEGAL_FORMS.includes(legalForm) ? null : legalForm;
}

/** A profile's shown name: the company name with its legal form ('Fahrradhaus Müller GmbH'). */
export function profileDisplayName(name: string, legalForm: string): string {
  const form = namedLegalForm(legalForm);
  const trimmed = name.trim();
  return form && !trimmed.endsWith(form) ? `${trimmed} ${form}` : trimmed;
}
export const LEGAL_FORM_NAMES = Object.keys(LEGAL_FORMS) as LegalForm[];

/** Longest description, in characters. */
export const PROFILE_DESCRIPTION_MAX = 5000;
/** Most categories a profile names. */
export const PROFILE_CATEGORIES_MAX = 5;
/** Most photos besides the logo and the banner. */
export const PROFILE_PHOTOS_MAX = 10;
/** Longest caption of a profile photo, in characters. */
export const PROFILE_PHOTO_CAPTION_MAX = 120;
/** Largest service area radius, in km. */
export const SERVICE_RADIUS_MAX_KM = 200;
/** Most services a provider lists. */
export const PROVIDER_SERVICES_MAX = 30;
/** A shop's own ads per page of `GET /api/shops/{id}/listings`. */
export const PROFILE_LISTINGS_PAGE_SIZE = 12;
/** Profiles per page of `GET /api/profiles`. */
export const PROFILES_PAGE_SIZE = 20;

/** German texts of the profile answers. */
export const profileTexts = {
  notFound: 'Dieses Profil gibt es nicht.',
  forbidden: 'Nur der Inhaber kann dieses Profil bearbeiten.',
  alreadyExists: (kind: ProfileKind) =>
    kind === 'shop' ? 'Du hast bereits einen Shop.' : 'Du hast bereits ein Dienstleisterprofil.',
  notPending: 'Über dieses Profil wurde bereits entschieden.',
  reasonRequired: 'Bitte gib einen Grund für die Ablehnung an (mindestens 5 Zeichen).',
  registerRequired: 'Bitte gib Registergericht und Registernummer an: deine Rechtsform ist eingetragen.',
  vatId: 'Bitte gib eine gültige USt-IdNr. an: DE und 9 Ziffern (z. B. DE123456789).',
  hoursOrder: 'Die Schließzeit muss nach der Öffnungszeit liegen.',
  radiusMax: `Der Umkreis darf höchstens ${SERVICE_RADIUS_MAX_KM} km betragen.`,
  descriptionMax: `Die Beschreibung darf höchstens ${PROFILE_DESCRIPTION_MAX.toLocaleString('de-DE')} Zeichen lang sein.`,
  unknownPostalCode: 'Diese Postleitzahl kennen wir nicht.',
  unknownCategory: 'Diese Kategorie gibt es nicht.',
  hoursMissing: 'Bitte gib die Öffnungszeiten an.',
  areaMissing: 'Bitte gib dein Einsatzgebiet (Postleitzahl und Umkreis) an.',
  servicesMissing: 'Bitte nenne mindestens eine Leistung mit Preis.',
  priceOrder: 'Der Höchstpreis muss über dem Mindestpreis liegen.',
  otherVerificationOpen:
    'Das Mitglied hat eine andere offene Verifizierungsanfrage. Bitte entscheide zuerst über sie (Verifizierungen).',
} as const;

const line = (max: number, message: string) => userText({ message }).trim().min(1, message).max(max, message);
const optionalLine = (max: number) => userText().trim().max(max).optional().default('');

/** An image address answered by `POST /api/upload` (`/api/images/{name}`). */
export const profileImageSchema = z
  .string()
  .trim()
  .max(300)
  .regex(/^\/api\/images\/[A-Za-z0-9._-]+$/, 'Bitte lade das Bild über den Upload hoch.');

/**
 * One photo of a profile ('Fotos' of a shop, 'Referenzen' of a provider): an uploaded image's
 * address and an optional caption shown under it (empty when none).
 */
export const profilePhotoSchema = z.object({
  url: profileImageSchema,
  caption: userText()
    .trim()
    .max(
      PROFILE_PHOTO_CAPTION_MAX,
      `Die Bildunterschrift darf höchstens ${PROFILE_PHOTO_CAPTION_MAX} Zeichen lang sein.`,
    )
    .optional()
    .default(''),
});
export type ProfilePhoto = z.output<typeof profilePhotoSchema>;

/** A time of day 'HH:MM' (24 h). */
const timeOfDay = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Bitte gib eine Uhrzeit wie 09:00 an.');

/** Minutes since midnight of 'HH:MM'. */
export function minutesOfDay(time: string): number {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return hours * 60 + minutes;
}

/**
 * One opening (a shop's hours, a provider's availability): ISO weekday 1 (Montag) to 7
 * (Sonntag), opening and closing time in Europe/Berlin; closing after opening.
 */
export const openingSchema = z
  .object({
    day: z.number().int().min(1).max(7),
    opens: timeOfDay,
    closes: timeOfDay,
  })
  .refine((value) => minutesOfDay(value.closes) > minutesOfDay(value.opens), {
    message: profileTexts.hoursOrder,
    path: ['closes'],
  });
export type Opening = z.infer<typeof openingSchema>;
export const openingsSchema = z.array(openingSchema).max(21);

/** How a service is priced: per hour, a fixed price, 'ab' a price, or on request. */
export const SERVICE_PRICE_TYPES = ['hourly', 'fixed', 'from', 'on_request'] as const;
export const servicePriceTypeSchema = z.enum(SERVICE_PRICE_TYPES);

/** One service of a provider with its price range in euros ('ab 40 € pro Stunde', 'Festpreis 120 €'). */
export const serviceSchema = z
  .object({
    name: line(100, 'Bitte gib die Leistung an (höchstens 100 Zeichen).'),
    price_type: servicePriceTypeSchema,
    price_min: z.number().min(0).max(1_000_000).nullable().default(null),
    price_max: z.number().min(0).max(1_000_000).nullable().default(null),
  })
  .refine((value) => value.price_type === 'on_request' || value.price_min !== null, {
    message: 'Bitte gib einen Preis an.',
    path: ['price_min'],
  })
  .refine((value) => value.price_max === null || (value.price_min ?? 0) < value.price_max, {
    message: profileTexts.priceOrder,
    path: ['price_max'],
  });
export type ProfileService = z.infer<typeof serviceSchema>;

/** A provider's service area: around a postal code's main town, at most 200 km. */
export const serviceAreaSchema = z.object({
  postal_code: z
    .string()
    .trim()
    .regex(/^\d{5}$/, 'Bitte gib eine fünfstellige Postleitzahl an.'),
  radius_km: z
    .number()
    .int('Bitte gib den Umkreis in ganzen Kilometern an.')
    .min(1, 'Bitte gib einen Umkreis von mindestens 1 km an.')
    .max(SERVICE_RADIUS_MAX_KM, profileTexts.radiusMax),
});
export type ServiceArea = z.infer<typeof serviceAreaSchema>;

/**
 * The business data of a profile (trader details, § 5 DDG, DSA Art. 30): company name with its
 * legal form, address, register court and number where the legal form has one, a VAT id where
 * given (DE and 9 digits), contact e-mail and phone, a website where given. Changing them sends
 * the profile back to review.
 */
export const businessDataSchema = z
  .object({
    name: line(200, 'Bitte gib den Firmennamen an.'),
    legal_form: z.enum(LEGAL_FORM_NAMES as [LegalForm, ...LegalForm[]], {
      error: 'Bitte wähle die Rechtsform.',
    }),
    street: line(200, 'Bitte gib Straße und Hausnummer an.'),
    postal_code: z
      .string()
      .trim()
      .regex(/^\d{5}$/, 'Bitte gib eine fünfstellige Postleitzahl an.'),
    city: line(100, 'Bitte gib den Ort an.'),
    register_court: optionalLine(100),
    register_number: optionalLine(50),
    vat_id: z
      .string()
      .trim()
      .transform((value) => value.replace(/\s+/g, '').toUpperCase())
      .pipe(z.string().regex(/^(|DE\d{9})$/, profileTexts.vatId))
      .optional()
      .default(''),
    email: z.string().trim().max(200).email('Bitte gib eine gültige E-Mail-Adresse an.'),
    phone: z
      .string()
      .trim()
      .regex(/^\+?[0-9 ()/-]{6,30}$/, 'Bitte gib eine gültige Telefonnummer an.'),
    website: z
      .string()
      .trim()
      .max(200)
      .regex(/^(|https?:\/\/[^\s]+)$/, 'Bitte gib die Website mit https:// an.')
      .optional()
      .default(''),
  })
  .refine(
    (value) =>
      !LEGAL_FORMS[value.legal_form] || (value.register_court !== '' && value.register_number !== ''),
    { message: profileTexts.registerRequired, path: ['register_number'] },
  );
export type BusinessData = z.infer<typeof businessDataSchema>;
export type BusinessDataInput = z.input<typeof businessDataSchema>;

/** The fields of a profile's texts, pictures, hours and services (no defaults). */
const contentFields = {
  description: userText({ multiline: true })
    .trim()
    .min(20, 'Bitte beschreibe dein Angebot in mindestens 20 Zeichen.')
    .max(PROFILE_DESCRIPTION_MAX, profileTexts.descriptionMax),
  categories: z
    .array(z.string().trim().min(1).max(100))
    .min(1, 'Bitte wähle mindestens eine Kategorie.')
    .max(PROFILE_CATEGORIES_MAX, `Bitte wähle höchstens ${PROFILE_CATEGORIES_MAX} Kategorien.`),
  logo: profileImageSchema.nullable(),
  /** A wide header image above logo and name. */
  banner: profileImageSchema.nullable(),
  photos: z
    .array(profilePhotoSchema)
    .max(PROFILE_PHOTOS_MAX, `Bitte lade höchstens ${PROFILE_PHOTOS_MAX} Fotos hoch.`),
  /** A shop's opening hours; a provider's availability. */
  hours: openingsSchema,
  /** Providers only. */
  area: serviceAreaSchema.nullable(),
  /** Providers only. */
  services: z.array(serviceSchema).max(PROVIDER_SERVICES_MAX),
};

/** The texts, pictures, hours and services of a profile; changing them needs no review. */
export const profileContentSchema = z.object({
  description: contentFields.description,
  categories: contentFields.categories,
  logo: contentFields.logo.default(null),
  banner: contentFields.banner.default(null),
  photos: contentFields.photos.default([]),
  hours: contentFields.hours.default([]),
  area: contentFields.area.default(null),
  services: contentFields.services.default([]),
});
export type ProfileContent = z.infer<typeof profileContentSchema>;

/** `POST /api/profiles`: register a shop or provider profile; it waits for an ADMIN. */
export const profileCreateSchema = profileContentSchema
  .extend({ kind: profileKindSchema, business: businessDataSchema })
  .superRefine((value, ctx) => {
    if (value.kind === 'shop' && value.hours.length === 0)
      ctx.addIssue({ code: 'custom', message: profileTexts.hoursMissing, path: ['hours'] });
    if (value.kind === 'provider' && value.area === null)
      ctx.addIssue({ code: 'custom', message: profileTexts.areaMissing, path: ['area'] });
    if (value.kind === 'provider' && value.services.length === 0)
      ctx.addIssue({ code: 'custom', message: profileTexts.servicesMissing, path: ['services'] });
  });
export type ProfileCreate = z.input<typeof profileCreateSchema>;

/** `PATCH /api/profiles/{id}`: any part; `business` sends the profile back to review. */
export const profileUpdateSchema = z
  .object(contentFields)
  .partial()
  .extend({ business: businessDataSchema.optional() });
export type ProfileUpdate = z.input<typeof profileUpdateSchema>;

/** A town the service area covers, with its distance from the centre in km. */
export const coveredTownSchema = z.object({ place: z.string(), distance_km: z.number() });

/** A profile as visitors (approved only), its owner and ADMINs see it. */
export const profileSchema = z.object({
  id: z.string(),
  kind: profileKindSchema,
  status: profileStatusSchema,
  /** The ADMIN's reason of a rejection; owner and ADMINs only, else null. */
  reason: z.string().nullable(),
  owner_id: z.string(),
  /** The company name with its legal form ('Fahrradhaus Müller GmbH'). */
  display_name: z.string(),
  business: z.object({
    name: z.string(),
    legal_form: z.string(),
    street: z.string(),
    postal_code: z.string(),
    city: z.string(),
    register_court: z.string().nullable(),
    register_number: z.string().nullable(),
    vat_id: z.string().nullable(),
    email: z.string(),
    phone: z.string(),
    website: z.string().nullable(),
  }),
  description: z.string(),
  categories: z.array(z.object({ slug: z.string(), name: z.string() })),
  logo: z.string().nullable(),
  /** The wide header image, null when none. */
  banner: z.string().nullable(),
  photos: z.array(z.object({ url: z.string(), caption: z.string() })),
  hours: z.array(z.object({ day: z.number(), opens: z.string(), closes: z.string() })),
  area: z
    .object({
      postal_code: z.string(),
      place: z.string(),
      radius_km: z.number(),
      towns: z.array(coveredTownSchema),
    })
    .nullable(),
  services: z.array(
    z.object({
      name: z.string(),
      price_type: servicePriceTypeSchema,
      price_min: z.number().nullable(),
      price_max: z.number().nullable(),
    }),
  ),
  /** Whether the owner has an approved business seller verification. */
  verified: z.boolean(),
  created_at: z.string(),
  /** What the viewer may do (ARCHITECTURE.md: the server says, the client shows). */
  can: z.object({ edit: z.boolean(), decide: z.boolean() }),
});
export type Profile = z.infer<typeof profileSchema>;

/** `GET /api/profiles/me`: the member's shop and provider profile, null where there is none. */
export const myProfilesSchema = z.object({
  shop: profileSchema.nullable(),
  provider: profileSchema.nullable(),
});
export type MyProfiles = z.infer<typeof myProfilesSchema>;

/** `{id}` of the profile calls. */
export const profileIdParamsSchema = z.object({ id: z.string().max(100) });

/** `GET /api/admin/profiles`: profiles in one state, oldest first. */
export const adminProfileQuerySchema = z.object({ status: profileStatusSchema.default('pending') });
export const adminProfileListSchema = z.object({
  profiles: z.array(profileSchema.extend({ member_name: z.string(), member_email: z.string() })),
});
export type AdminProfileList = z.infer<typeof adminProfileListSchema>;

/** `POST /api/admin/profiles/{id}/decision`: approve, or reject with a reason (with the verification). */
export const profileDecisionSchema = z
  .object({
    decision: z.enum(['approve', 'reject']),
    reason: userText().trim().max(1000).optional().default(''),
  })
  .refine((value) => value.decision === 'approve' || value.reason.length >= 5, {
    message: profileTexts.reasonRequired,
    path: ['reason'],
  });
export type ProfileDecision = z.input<typeof profileDecisionSchema>;

/** Sort orders of the directory's shops and providers. */
export const PROFILE_SORTS = ['distance', 'rating', 'listings'] as const;

/** `GET /api/profiles`: approved profiles of a kind, with name, category and place filters. */
export const profileListQuerySchema = z.object({
  kind: profileKindSchema,
  q: userText().trim().max(100).optional(),
  category: z.string().trim().max(100).optional(),
  /** A postal code or place name (existing postcode data). */
  near: userText().trim().max(100).optional(),
  radius_km: z.coerce.number().int().min(1).max(SERVICE_RADIUS_MAX_KM, profileTexts.radiusMax).default(50),
  sort: z.enum(PROFILE_SORTS).optional(),
  page: z.coerce.number().int().min(1).max(50).default(1),
});
export type ProfileListQuery = z.input<typeof profileListQuerySchema>;

/** One card of the directory's shops and providers. */
export const profileCardSchema = z.object({
  id: z.string(),
  kind: profileKindSchema,
  display_name: z.string(),
  logo: z.string().nullable(),
  city: z.string(),
  description: z.string(),
  categories: z.array(z.string()),
  active_listings: z.number().int(),
  rating: z.number().nullable(),
  rating_count: z.number().int(),
  /** km from the searched place, one decimal; null without a place. */
  distance_km: z.number().nullable(),
});
export type ProfileCard = z.infer<typeof profileCardSchema>;
export const profileCardListSchema = z.object({
  profiles: z.array(profileCardSchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type ProfileCardList = z.infer<typeof profileCardListSchema>;

const euro = (value: number) =>
  `${value.toLocaleString('de-DE', { minimumFractionDigits: Number.isInteger(value) ? 0 : 2, maximumFractionDigits: 2 })} €`;

/** A service's price as visitors read it: 'ab 40 € pro Stunde', 'Festpreis 120 €', '80–120 €'. */
export function servicePriceText(
  service: Pick<ProfileService, 'price_type' | 'price_min' | 'price_max'>,
): string {
  const min = service.price_min ?? 0;
  const range = service.price_max !== null ? `${euro(min)} – ${euro(service.price_max)}` : null;
  switch (service.price_type) {
    case 'hourly':
      return range ? `${range} pro Stunde` : `ab ${euro(min)} pro Stunde`;
    case 'fixed':
      return range ? `Festpreis ${range}` : `Festpreis ${euro(min)}`;
    case 'from':
      return range ?? `ab ${euro(min)}`;
    default:
      return 'Preis auf Anfrage';
  }
}

/** Weekday names, index 0 = ISO day 1 (Montag). */
export const WEEKDAYS_DE = [
  'Montag',
  'Dienstag',
  'Mittwoch',
  'Donnerstag',
  'Freitag',
  'Samstag',
  'Sonntag',
] as const;

/**
 * Whether a shop is open at `now` in Europe/Berlin, else when it opens next: 'Jetzt geöffnet',
 * 'Öffnet um 9:00' (today), 'Öffnet morgen um 9:00', 'Öffnet Montag um 9:00'; null without hours.
 */
export function openingState(hours: readonly Opening[], now: Date): { open: boolean; text: string } | null {
  if (hours.length === 0) return null;
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Berlin',
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const weekday = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(
    parts.find((part) => part.type === 'weekday')?.value ?? 'Mon',
  );
  const today = weekday + 1;
  const minute =
    Number(parts.find((part) => part.type === 'hour')?.value) * 60 +
    Number(parts.find((part) => part.type === 'minute')?.value);
  const open = hours.find(
    (h) => h.day === today && minutesOfDay(h.opens) <= minute && minute < minutesOfDay(h.closes),
  );
  if (open) return { open: true, text: `Jetzt geöffnet bis ${shortTime(open.closes)}` };
  for (let ahead = 0; ahead < 8; ahead += 1) {
    const day = ((today - 1 + ahead) % 7) + 1;
    const next = hours
      .filter((h) => h.day === day && (ahead > 0 || minutesOfDay(h.opens) > minute))
      .sort((x, y) => minutesOfDay(x.opens) - minutesOfDay(y.opens))[0];
    if (next) {
      const when = ahead === 0 ? '' : ahead === 1 ? 'morgen ' : `${WEEKDAYS_DE[day - 1]} `;
      return { open: false, text: `Öffnet ${when}um ${shortTime(next.opens)}` };
    }
  }
  return null;
}

/** '09:00' as '9:00'. */
export function shortTime(time: string): string {
  return time.replace(/^0(\d)/, '$1');
}
