import {
  type AttributeDefinition,
  type AttributeMessages,
  type AttributeValues,
  categoryAttributesSchema,
  type Listing,
  type ListingCreate,
  type ListingTemplate,
  type ListingTemplateCreate,
  listingCreateSchema,
} from '@marketplace/contract';
import type { FieldError, FieldErrors, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { listingFormTexts } from './texts.ts';

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

/** The form filled with an ad template (`/create-listing?template={id}`): everything but photos. */
export function templateToForm(template: ListingTemplate): ListingFormValues {
  return {
    offer_type: template.offer_type,
    category: template.category ?? '',
    title: template.title,
    description: template.description,
    price: (template.price ?? undefined) as number,
    price_type: template.price_type,
    postal_code: template.postal_code,
    location: template.location,
    images: [],
    attributes: template.attributes,
  };
}

/**
 * What an ad template keeps of the form as it is now ('Als Vorlage speichern'): the fields as
 * typed, no photos; an unchosen category or a missing price as none, only the chosen category's
 * attributes, a postal code only when it has five digits.
 */
export function formToTemplate(
  values: Partial<ListingFormValues>,
  definitions: readonly AttributeDefinition[],
): Omit<ListingTemplateCreate, 'name'> {
  const price = typeof values.price === 'number' && Number.isFinite(values.price) ? values.price : null;
  const postalCode = (values.postal_code ?? '').trim();
  return {
    title: values.title ?? '',
    description: values.description ?? '',
    category: values.category === undefined || values.category === '' ? null : String(values.category),
    price: values.price_type === 'free' ? 0 : price,
    price_type: values.price_type ?? 'fixed',
    offer_type: values.offer_type ?? 'offer',
    postal_code: /^\d{5}$/.test(postalCode) ? postalCode : '',
    location: /^\d{5}$/.test(postalCode) ? (values.location ?? '') : '',
    attributes: categoryAttributeValues(definitions, values.attributes),
  };
}

/**
 * The form's values of the chosen category's attributes: only the keys it defines (a field of a
 * category chosen before is not sent), without empty entries (an emptied field means "not given").
 */
export function categoryAttributeValues(
  definitions: readonly AttributeDefinition[],
  values: Record<string, unknown> | undefined,
): AttributeValues {
  const clean: AttributeValues = {};
  for (const { key } of definitions) {
    const value = values?.[key];
    if (typeof value === 'number' && Number.isFinite(value)) clean[key] = value;
    else if (typeof value === 'string' && value.trim() !== '') clean[key] = value.trim();
  }
  return clean;
}

/** The form's wording (i18n/de.ts) of the contract's attribute rules. */
const attributeMessages: AttributeMessages = {
  unknown: () => listingFormTexts.attributeUnknown,
  required: (definition) => listingFormTexts.requiredAttribute(definition.label),
  option: (definition) => listingFormTexts.attributeOption(definition.label),
  number: (definition) => listingFormTexts.attributeNumber(definition.label),
  year: (definition) => listingFormTexts.attributeYear(definition.label),
  tooSmall: (definition) => listingFormTexts.attributeMin(definition.label, definition.min ?? 0),
  tooLarge: (definition) => listingFormTexts.attributeMax(definition.label, definition.max ?? 0),
  date: (definition) => listingFormTexts.attributeDate(definition.label),
  text: (definition) => listingFormTexts.attributeText(definition.label),
};

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
 * Client validation of the posting form with the rules the server enforces: the contract's
 * `listingCreateSchema` (with its German messages) and, for the chosen category's attributes,
 * the contract's `categoryAttributesSchema` worded from i18n/de.ts. The schemas' issues are
 * mapped to fields directly: the generic zod resolver reports a failed union (the category: slug
 * or id) with its first branch's English message instead of the schema's 'Bitte wähle eine
 * Kategorie.'. The attributes sent are the ones the rules answer (numbers as numbers).
 */
export function listingFormResolver(
  definitions: readonly AttributeDefinition[],
): Resolver<ListingFormValues, unknown, ListingFormOutput> {
  const attributesSchema = categoryAttributesSchema(definitions, attributeMessages);
  return async (values) => {
    // An unchosen category is missing rather than an empty slug.
    const category = values.category === '' ? undefined : values.category;
    const attributes = categoryAttributeValues(definitions, values.attributes);
    const parsed = listingCreateSchema.safeParse({ ...values, category, attributes });
    const checked = attributesSchema.safeParse(attributes);
    const errors: Record<string, unknown> = {};
    for (const issue of parsed.success ? [] : parsed.error.issues) {
      setFieldError(errors, issue.path, { type: issue.code, message: issue.message });
    }
    for (const issue of checked.success ? [] : checked.error.issues) {
      setFieldError(errors, ['attributes', ...issue.path], { type: 'attribute', message: issue.message });
    }
    if (parsed.success && checked.success && Object.keys(errors).length === 0) {
      return { values: { ...parsed.data, attributes: checked.data }, errors: {} };
    }
    return { values: {}, errors: errors as FieldErrors<ListingFormValues> };
  };
}
