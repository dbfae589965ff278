import {
  type BusinessDataInput,
  type LegalForm,
  type Profile,
  type ProfileKind,
  profileCreateSchema,
  type SERVICE_PRICE_TYPES,
} from '@marketplace/contract';
import type { FieldErrors, Path } from 'react-hook-form';
import type { z } from 'zod';
import { ApiError } from '../../../lib/api.ts';
import { bodyResolver } from '../../../lib/bodyResolver.ts';

/** One row of opening hours (a shop) or availability (a provider): ISO weekday 1–7, 'HH:MM'. */
export interface HoursRow {
  day: number;
  opens: string;
  closes: string;
}

/** One service row as typed: prices in euros as text ('40', '12,50'). */
export interface ServiceRow {
  name: string;
  price_type: (typeof SERVICE_PRICE_TYPES)[number];
  price_min: string;
  price_max: string;
}

/**
 * The registration form's values: the contract's create body (`POST /api/profiles`) with numbers
 * kept as typed text, so every field's path is the body's and the schema's German errors land on
 * it (`business.vat_id`, `hours.0.closes`, `area.radius_km`, `services.1.price_min`).
 */
export interface ProfileFormValues {
  kind: ProfileKind;
  business: Required<BusinessDataInput>;
  description: string;
  categories: string[];
  logo: string | null;
  /** The wide header image; null when none. */
  banner: string | null;
  /** Each photo's address and caption as typed ('' when none). */
  photos: { url: string; caption: string }[];
  hours: HoursRow[];
  /** A provider's service area; unused for a shop. */
  area: { postal_code: string; radius_km: string };
  /** A provider's services; unused for a shop. */
  services: ServiceRow[];
}

/** The body the form sends: the output of the contract's `profileCreateSchema`. */
export type ProfileBody = z.output<typeof profileCreateSchema>;

/** The proposed hours: Monday to Friday, 9 to 18. */
export function weekdayHours(): HoursRow[] {
  return [1, 2, 3, 4, 5].map((day) => ({ day, opens: '09:00', closes: '18:00' }));
}

/** An empty registration of `kind`. */
export function emptyForm(kind: ProfileKind): ProfileFormValues {
  return {
    kind,
    business: {
      name: '',
      legal_form: 'GmbH',
      street: '',
      postal_code: '',
      city: '',
      register_court: '',
      register_number: '',
      vat_id: '',
      email: '',
      phone: '',
      website: '',
    },
    description: '',
    categories: [],
    logo: null,
    banner: null,
    photos: [],
    hours: weekdayHours(),
    area: { postal_code: '', radius_km: '30' },
    services: [{ name: '', price_type: 'hourly', price_min: '', price_max: '' }],
  };
}

/** A stored profile as the form's values (editing from /settings). */
export function formOf(profile: Profile): ProfileFormValues {
  const b = profile.business;
  return {
    kind: profile.kind,
    business: {
      ...b,
      legal_form: b.legal_form as LegalForm,
      register_court: b.register_court ?? '',
      register_number: b.register_number ?? '',
      vat_id: b.vat_id ?? '',
      website: b.website ?? '',
    },
    description: profile.description,
    categories: profile.categories.map((c) => c.slug),
    logo: profile.logo,
    banner: profile.banner,
    photos: profile.photos,
    hours: profile.hours,
    area: {
      postal_code: profile.area?.postal_code ?? '',
      radius_km: String(profile.area?.radius_km ?? 30),
    },
    services: profile.services.map((s) => ({
      name: s.name,
      price_type: s.price_type,
      price_min: s.price_min === null ? '' : String(s.price_min),
      price_max: s.price_max === null ? '' : String(s.price_max),
    })),
  };
}

/** A price as typed ('12,50') in euros, null when empty. */
const euros = (text: string) => (text.trim() === '' ? null : Number(text.replace(',', '.')));

/**
 * The form's values as the body of `POST /api/profiles` before the contract's schema parses it:
 * a shop has no area and no services; a provider's radius and prices as numbers, no prices for
 * a service 'auf Anfrage'.
 */
export function bodyOf(values: ProfileFormValues) {
  const provider = values.kind === 'provider';
  return {
    kind: values.kind,
    business: values.business,
    description: values.description,
    categories: values.categories,
    logo: values.logo,
    banner: values.banner,
    photos: values.photos,
    hours: values.hours,
    area: provider
      ? { postal_code: values.area.postal_code.trim(), radius_km: Number(values.area.radius_km) }
      : null,
    services: provider
      ? values.services.map((s) => ({
          name: s.name,
          price_type: s.price_type,
          price_min: s.price_type === 'on_request' ? null : euros(s.price_min),
          price_max: s.price_type === 'on_request' ? null : euros(s.price_max),
        }))
      : [],
  };
}

/**
 * Checks the form with the contract's `profileCreateSchema` (the one the server validates
 * `POST /api/profiles` with) on {@link bodyOf}; the submit handler gets the parsed body.
 */
export const profileResolver = bodyResolver<ProfileFormValues, ProfileBody>(profileCreateSchema, bodyOf);

/**
 * The fields each step checks before 'Weiter' (kind, business data, description and categories,
 * logo, banner and photos, hours or area and services, preview: everything).
 */
export const STEP_FIELDS: readonly (readonly Path<ProfileFormValues>[])[] = [
  ['kind'],
  ['business'],
  ['description', 'categories'],
  ['logo', 'banner', 'photos'],
  ['hours', 'area', 'services'],
  ['business', 'description', 'categories', 'logo', 'banner', 'photos', 'hours', 'area', 'services'],
];

/** The first message in an error tree, in the order the schema reported them. */
function firstMessage(node: unknown): string | null {
  if (typeof node !== 'object' || node === null) return null;
  if ('message' in node && typeof node.message === 'string' && node.message !== '') return node.message;
  for (const [key, child] of Object.entries(node)) {
    if (key === 'ref') continue;
    const message = firstMessage(child);
    if (message) return message;
  }
  return null;
}

/** The first German error among `fields` (a step's), shown above its buttons; null when none. */
export function firstError(
  errors: FieldErrors<ProfileFormValues>,
  fields: readonly Path<ProfileFormValues>[],
): string | null {
  for (const field of fields) {
    const message = firstMessage(errors[field.split('.')[0] as keyof ProfileFormValues]);
    if (message) return message;
  }
  return null;
}

/** The fields a server's 422 may name; `kind` is not one the owner can change after step 0. */
const SERVER_FIELDS = new Set(STEP_FIELDS[5]);

/**
 * The form field and German reason of the server's 422 that names a field of the form
 * (`Feld 'business.postal_code': Diese Postleitzahl kennen wir nicht.`, ARCHITECTURE.md
 * "Errors"); null for any other error.
 */
export function serverFieldError(error: unknown): { field: Path<ProfileFormValues>; message: string } | null {
  if (!(error instanceof ApiError) || error.status !== 422 || !error.detail) return null;
  const match = /^Feld '([\w.]+)': (.+)$/s.exec(error.detail);
  const [field, message] = [match?.[1], match?.[2]];
  if (!field || !message || !SERVER_FIELDS.has(field.split('.')[0] as Path<ProfileFormValues>)) return null;
  return { field: field as Path<ProfileFormValues>, message };
}
