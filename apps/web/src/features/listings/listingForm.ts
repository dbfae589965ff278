import {
  type AttributeDefinition,
  type AttributeValues,
  type Listing,
  type ListingCreate,
  listingCreateSchema,
} from '@marketplace/contract';
import type { FieldError, FieldErrors, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { de } from '../../i18n/de.ts';

/** What the posting form holds: the body of `POST /api/listings` before parsing. */
export type ListingFormValues = ListingCreate;
/** The parsed body that is sent. */
export type ListingFormOutput = z.output<typeof listingCreateSchema>;

/** Empty form for a new ad; `category` preselected from /category-selection. */
export function emptyListingForm(category = ''): ListingFormValues {
  return {
    offer_type: 'offer',
    category,
    title: '',
    description: '',
    price: undefined as unknown as number,
    price_type: 'fixed',
    postal_code: '',
    location: '',
    images: [],
    attributes: {},
  };
}

/** The form filled with a stored ad (edit page). */
export function listingToForm(listing: Listing): ListingFormValues {
  return {
    offer_type: listing.offer_type,
    category: listing.category.slug,
    title: listing.title,
    description: listing.description,
    price: listing.price,
    price_type: listing.price_type,
    postal_code: listing.postal_code,
    location: listing.location,
    images: listing.images,
    attributes: listing.attributes,
  };
}

/** Attribute values without empty entries (an emptied field means "not given"). */
export function cleanAttributes(values: Record<string, unknown> | undefined): AttributeValues {
  const clean: AttributeValues = {};
  for (const [key, value] of Object.entries(values ?? {})) {
    if (typeof value === 'number' && Number.isFinite(value)) clean[key] = value;
    else if (typeof value === 'string' && value.trim() !== '') clean[key] = value.trim();
  }
  return clean;
}

/**
 * German messages for the category's attribute rules: required attributes must be given,
 * numbers and years must lie within the definition's min and max. Keyed by attribute key.
 */
export function attributeErrors(
  definitions: readonly AttributeDefinition[],
  values: AttributeValues,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const definition of definitions) {
    const value = values[definition.key];
    if (value === undefined || value === '') {
      if (definition.required) errors[definition.key] = de.listingForm.requiredAttribute(definition.label);
      continue;
    }
    if (definition.type !== 'number' && definition.type !== 'year') continue;
    const number = typeof value === 'number' ? value : Number(value);
    if (!Number.isFinite(number)) errors[definition.key] = de.listingForm.attributeNumber(definition.label);
    else if (definition.min !== undefined && number < definition.min)
      errors[definition.key] = de.listingForm.attributeMin(definition.label, definition.min);
    else if (definition.max !== undefined && number > definition.max)
      errors[definition.key] = de.listingForm.attributeMax(definition.label, definition.max);
  }
  return errors;
}

/** Puts `error` at `path` of `errors` (nested objects), keeping the first error of a field. */
function setFieldError(
  errors: Record<string, unknown>,
  path: readonly PropertyKey[],
  error: FieldError,
): void {
  let node = errors;
  const keys = path.length > 0 ? path.map(String) : ['root'];
  for (const key of keys.slice(0, -1)) {
    const next = node[key];
    if (typeof next === 'object' && next !== null && !('message' in next))
      node = next as Record<string, unknown>;
    else {
      const created: Record<string, unknown> = {};
      node[key] = created;
      node = created;
    }
  }
  const last = keys.at(-1) ?? 'root';
  if (node[last] === undefined) node[last] = error;
}

/**
 * Client validation of the posting form: the contract's `listingCreateSchema` (the rules the
 * server enforces, with their German messages) plus the chosen category's attribute rules.
 * The schema's issues are mapped to fields directly: the generic zod resolver reports a failed
 * union (the category: slug or id) with its first branch's English message instead of the
 * schema's 'Bitte wähle eine Kategorie.'.
 */
export function listingFormResolver(
  definitions: readonly AttributeDefinition[],
): Resolver<ListingFormValues, unknown, ListingFormOutput> {
  return async (values) => {
    // An unchosen category is missing rather than an empty slug.
    const category = values.category === '' ? undefined : values.category;
    const attributes = cleanAttributes(values.attributes);
    const parsed = listingCreateSchema.safeParse({ ...values, category, attributes });
    const errors: Record<string, unknown> = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        setFieldError(errors, issue.path, { type: issue.code, message: issue.message });
      }
    }
    for (const [key, message] of Object.entries(attributeErrors(definitions, attributes))) {
      setFieldError(errors, ['attributes', key], { type: 'attribute', message });
    }
    if (parsed.success && Object.keys(errors).length === 0) return { values: parsed.data, errors: {} };
    return { values: {}, errors: errors as FieldErrors<ListingFormValues> };
  };
}
