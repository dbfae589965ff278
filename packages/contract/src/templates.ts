import { z } from 'zod';
import {
  attributeValuesSchema,
  LISTING_DESCRIPTION_MAX,
  LISTING_PRICE_MAX_EUR,
  LISTING_TITLE_MAX,
  offerTypeSchema,
  priceTypeSchema,
} from './listings.ts';
import { isWholeCents } from './money.ts';
import { userText } from './text.ts';

/**
 * A member's templates (SPEC.md §2 lists /vorlagen and /text-templates as login-only pages; their
 * content is not shown there, so this is what a Kleinanzeigen seller expects): ad templates
 * ('Anzeigenvorlagen') keep what an ad says, without its photos, so a similar ad is posted in a
 * few clicks; text templates ('Textvorlagen') are ready answers for the chat.
 */

/** Most ad templates a member may keep. */
export const LISTING_TEMPLATES_MAX = 50;
/** Most text templates a member may keep. */
export const TEXT_TEMPLATES_MAX = 100;
/** Longest name of an ad template. */
export const LISTING_TEMPLATE_NAME_MAX = 80;
/** Longest text template. */
export const TEXT_TEMPLATE_MAX = 1000;

/**
 * The text templates a member finds the first time the list is opened, in this order; once
 * deleted they do not come back.
 */
export const DEFAULT_TEXT_TEMPLATES = [
  'Ist der Artikel noch verfügbar?',
  'Ja, noch verfügbar.',
  'Versand ist möglich, die Kosten trägt der Käufer.',
  'Abholung gerne nach Absprache.',
] as const;

/** The 409 `detail` of the 51st ad template. */
export const LISTING_TEMPLATES_FULL = `Du kannst höchstens ${LISTING_TEMPLATES_MAX} Vorlagen speichern. Lösche eine Vorlage, um eine neue anzulegen.`;
/** The 409 `detail` of the 101st text template. */
export const TEXT_TEMPLATES_FULL = `Du kannst höchstens ${TEXT_TEMPLATES_MAX} Textvorlagen speichern. Lösche eine Textvorlage, um eine neue anzulegen.`;

/** `{id}` of the template calls; an id that is not a UUID answers 404 like an unknown one. */
export const templateIdParamsSchema = z.object({ id: z.string().max(100) });

const templateNameSchema = userText({ error: 'Bitte gib einen Namen für die Vorlage ein.' })
  .trim()
  .min(1, 'Bitte gib einen Namen für die Vorlage ein.')
  .max(
    LISTING_TEMPLATE_NAME_MAX,
    `Der Name der Vorlage darf höchstens ${LISTING_TEMPLATE_NAME_MAX} Zeichen lang sein.`,
  );

/**
 * What an ad template keeps of an ad: all of it but the photos. Every field may be empty, so a
 * half-filled form can be kept too; the ad form checks the ad's rules when the ad is posted.
 * `price` in euros (up to two decimals) or null; `category` a category slug or null;
 * `postal_code` five digits or empty.
 */
const templateFields = {
  title: userText()
    .trim()
    .max(LISTING_TITLE_MAX, `Der Titel darf höchstens ${LISTING_TITLE_MAX} Zeichen lang sein.`),
  description: userText({ multiline: true })
    .trim()
    .max(
      LISTING_DESCRIPTION_MAX,
      `Die Beschreibung darf höchstens ${LISTING_DESCRIPTION_MAX} Zeichen lang sein.`,
    ),
  category: userText().trim().max(100).nullable(),
  price: z
    .number({ error: 'Bitte gib einen gültigen Preis ein.' })
    .min(0, 'Der Preis darf nicht negativ sein.')
    .max(LISTING_PRICE_MAX_EUR, 'Der Preis ist zu hoch.')
    .refine(isWholeCents, { message: 'Der Preis darf höchstens zwei Nachkommastellen haben.' })
    .nullable(),
  price_type: priceTypeSchema,
  offer_type: offerTypeSchema,
  postal_code: z
    .string()
    .trim()
    .regex(/^(\d{5})?$/, 'Bitte gib eine gültige Postleitzahl mit 5 Ziffern ein.'),
  location: userText().trim().max(100),
  attributes: attributeValuesSchema,
};

/**
 * `POST /api/listing-templates` body: a name and the ad's fields (photos are not kept). Left-out
 * fields are empty (`price_type` fixed, `offer_type` offer). A category the site does not know is
 * a 422.
 */
export const listingTemplateCreateSchema = z.object({
  name: templateNameSchema,
  title: templateFields.title.default(''),
  description: templateFields.description.default(''),
  category: templateFields.category.default(null),
  price: templateFields.price.default(null),
  price_type: templateFields.price_type.default('fixed'),
  offer_type: templateFields.offer_type.default('offer'),
  postal_code: templateFields.postal_code.default(''),
  location: templateFields.location.default(''),
  attributes: templateFields.attributes.default({}),
});
export type ListingTemplateCreate = z.input<typeof listingTemplateCreateSchema>;

/** `PATCH /api/listing-templates/{id}` body: a new name and/or fields; at least one. */
export const listingTemplateUpdateSchema = z
  .object({
    name: templateNameSchema.optional(),
    title: templateFields.title.optional(),
    description: templateFields.description.optional(),
    category: templateFields.category.optional(),
    price: templateFields.price.optional(),
    price_type: templateFields.price_type.optional(),
    offer_type: templateFields.offer_type.optional(),
    postal_code: templateFields.postal_code.optional(),
    location: templateFields.location.optional(),
    attributes: templateFields.attributes.optional(),
  })
  .strict()
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: 'Bitte gib an, was sich an der Vorlage ändern soll.',
  });
export type ListingTemplateUpdate = z.input<typeof listingTemplateUpdateSchema>;

/**
 * One ad template. `category` is the slug (null when none was chosen) and `category_name` its
 * German name; `price` in euros or null; times ISO 8601 (`updated_at`: last rename or change).
 */
export const listingTemplateSchema = z.object({
  id: z.string(),
  name: z.string(),
  title: z.string(),
  description: z.string(),
  category: z.string().nullable(),
  category_name: z.string().nullable(),
  price: z.number().nullable(),
  price_type: priceTypeSchema,
  offer_type: offerTypeSchema,
  postal_code: z.string(),
  location: z.string(),
  attributes: z.record(z.string(), z.union([z.string(), z.number()])),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ListingTemplate = z.infer<typeof listingTemplateSchema>;

/** `GET /api/listing-templates`: the member's ad templates, last changed first, and the most allowed. */
export const listingTemplateListSchema = z.object({
  templates: z.array(listingTemplateSchema),
  max: z.number().int(),
});
export type ListingTemplateList = z.infer<typeof listingTemplateListSchema>;

const textTemplateTextSchema = userText({ multiline: true, error: 'Bitte gib einen Text ein.' })
  .trim()
  .min(1, 'Bitte gib einen Text ein.')
  .max(TEXT_TEMPLATE_MAX, `Die Textvorlage darf höchstens ${TEXT_TEMPLATE_MAX} Zeichen lang sein.`);

/** `POST /api/text-templates` and `PATCH /api/text-templates/{id}` body: the text (1 to 1000 characters). */
export const textTemplateBodySchema = z.object({ text: textTemplateTextSchema });
export type TextTemplateBody = z.input<typeof textTemplateBodySchema>;

/**
 * `PUT /api/text-templates/order` body: every id of the member's text templates, each once, in
 * the new order. A list that leaves one out, repeats one or names another member's is a 422.
 */
export const textTemplateOrderSchema = z.object({
  ids: z
    .array(z.string().max(100), { error: 'Bitte gib die Reihenfolge als Liste an.' })
    .max(TEXT_TEMPLATES_MAX, `Höchstens ${TEXT_TEMPLATES_MAX} Textvorlagen lassen sich ordnen.`),
});
export type TextTemplateOrder = z.input<typeof textTemplateOrderSchema>;

/** One text template; `position` counts from 0 in the member's order. */
export const textTemplateSchema = z.object({
  id: z.string(),
  text: z.string(),
  position: z.number().int(),
  updated_at: z.string(),
});
export type TextTemplate = z.infer<typeof textTemplateSchema>;

/** `GET /api/text-templates`: the member's text templates in their order, and the most allowed. */
export const textTemplateListSchema = z.object({
  templates: z.array(textTemplateSchema),
  max: z.number().int(),
});
export type TextTemplateList = z.infer<typeof textTemplateListSchema>;
