import { z } from 'zod';
import { emailSchema } from './auth.ts';
import { messageText, userText } from './text.ts';

/**
 * Enquiries of businesses that want to become partners (/partner-werden, `POST
 * /api/partner-enquiries`) and the admins' inbox of them at /admin (SPEC.md §2 lists the page;
 * its content is not shown there, so this is what a German city portal offers).
 */

/** What kind of partner an enquiry asks to become; the web names them in German. */
export const PARTNER_TYPES = ['shop', 'provider', 'advertiser'] as const;
export const partnerTypeSchema = z.enum(PARTNER_TYPES, { error: 'Bitte wähle die Art der Partnerschaft.' });
export type PartnerType = z.infer<typeof partnerTypeSchema>;

/** The partner types' German names: in the form, in the admins' inbox and in the confirmation mail. */
export const PARTNER_TYPE_NAMES: Record<PartnerType, string> = {
  shop: 'Shop',
  provider: 'Dienstleister',
  advertiser: 'Werbepartner',
};

/** Where an enquiry stands in the admins' inbox: new, being handled, handled. */
export const PARTNER_ENQUIRY_STATUSES = ['new', 'in_progress', 'done'] as const;
export const partnerEnquiryStatusSchema = z.enum(PARTNER_ENQUIRY_STATUSES, {
  error: 'Bitte wähle einen gültigen Status (neu, in Bearbeitung oder erledigt).',
});
export type PartnerEnquiryStatus = z.infer<typeof partnerEnquiryStatusSchema>;

/** The statuses' German names in the admins' inbox. */
export const PARTNER_ENQUIRY_STATUS_NAMES: Record<PartnerEnquiryStatus, string> = {
  new: 'Neu',
  in_progress: 'In Bearbeitung',
  done: 'Erledigt',
};

export const PARTNER_COMPANY_MAX_LENGTH = 120;
export const PARTNER_CONTACT_NAME_MAX_LENGTH = 100;
export const PARTNER_PHONE_MAX_LENGTH = 30;
export const PARTNER_MESSAGE_MIN_LENGTH = 20;
export const PARTNER_MESSAGE_MAX_LENGTH = 5000;

/** A telephone number as people write it: digits, spaces and `+ ( ) / - .`, at least 6 digits. */
const PHONE_PATTERN = /^\+?[\d\s()/.-]+$/;
const PHONE_MIN_DIGITS = 6;

/** A required one-line name of at least 2 and at most `max` characters. */
const requiredName = (missing: string, field: string, max: number) =>
  userText({ error: missing })
    .trim()
    .min(1, missing)
    .min(2, `${field} muss mindestens 2 Zeichen lang sein.`)
    .max(max, `${field} darf höchstens ${max} Zeichen lang sein.`);

/**
 * `POST /api/partner-enquiries` body: the enquiry form of /partner-werden, open to visitors and
 * members. `phone` may be empty or left out (stored as none). `consent` must be true: the
 * enquirer agrees to be contacted about the enquiry and that the data are stored for it.
 */
export const partnerEnquiryBodySchema = z.object({
  company: requiredName(
    'Bitte gib den Namen deines Unternehmens an.',
    'Der Firmenname',
    PARTNER_COMPANY_MAX_LENGTH,
  ),
  contact_name: requiredName(
    'Bitte gib eine Ansprechperson an.',
    'Der Name der Ansprechperson',
    PARTNER_CONTACT_NAME_MAX_LENGTH,
  ),
  email: emailSchema,
  phone: userText()
    .trim()
    .max(
      PARTNER_PHONE_MAX_LENGTH,
      `Die Telefonnummer darf höchstens ${PARTNER_PHONE_MAX_LENGTH} Zeichen lang sein.`,
    )
    .refine(
      (value) =>
        value === '' || (PHONE_PATTERN.test(value) && value.replace(/\D/g, '').length >= PHONE_MIN_DIGITS),
      'Bitte gib eine gültige Telefonnummer an (Ziffern, Leerzeichen und + ( ) / - sind erlaubt).',
    )
    .optional(),
  partner_type: partnerTypeSchema,
  message: messageText({
    min: PARTNER_MESSAGE_MIN_LENGTH,
    max: PARTNER_MESSAGE_MAX_LENGTH,
    missing: 'Bitte beschreibe dein Anliegen.',
  }),
  consent: z.literal(true, {
    error: 'Bitte stimme zu, dass wir dich zu deiner Anfrage kontaktieren und deine Angaben dafür speichern.',
  }),
});
export type PartnerEnquiryBody = z.input<typeof partnerEnquiryBodySchema>;

/** The answer (202) to an accepted enquiry. */
export const PARTNER_ENQUIRY_RECEIVED =
  'Danke! Deine Partneranfrage ist bei uns angekommen. Wir haben dir eine Bestätigung per E-Mail geschickt und melden uns per E-Mail bei dir, sobald wir sie geprüft haben.';

/** One enquiry in the admins' inbox (`GET /api/admin/partner-enquiries`). */
export const partnerEnquirySchema = z.object({
  id: z.string(),
  company: z.string(),
  contact_name: z.string(),
  email: z.string(),
  /** Null when the enquirer gave none. */
  phone: z.string().nullable(),
  partner_type: partnerTypeSchema,
  message: z.string(),
  status: partnerEnquiryStatusSchema,
  /** ISO 8601 time it was sent. */
  created_at: z.string(),
  /** ISO 8601 time of the last status change, null while it is new and untouched. */
  status_changed_at: z.string().nullable(),
});
export type PartnerEnquiry = z.infer<typeof partnerEnquirySchema>;

/** `GET /api/admin/partner-enquiries` query: one page, optionally of one status. */
export const partnerEnquiryListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
  status: partnerEnquiryStatusSchema.optional(),
});
export type PartnerEnquiryListQuery = z.input<typeof partnerEnquiryListQuerySchema>;

/**
 * `GET /api/admin/partner-enquiries`: newest first, one page; `total` counts the enquiries of
 * the asked status (all without one), `open` those not yet handled (new or in progress).
 */
export const partnerEnquiryListSchema = z.object({
  enquiries: z.array(partnerEnquirySchema),
  total: z.number().int(),
  open: z.number().int(),
});
export type PartnerEnquiryList = z.infer<typeof partnerEnquiryListSchema>;

/** `PATCH /api/admin/partner-enquiries/{id}` body: the enquiry's new status. */
export const partnerEnquiryStatusChangeSchema = z.object({ status: partnerEnquiryStatusSchema });
export type PartnerEnquiryStatusChange = z.infer<typeof partnerEnquiryStatusChangeSchema>;
