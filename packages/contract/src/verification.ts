import { z } from 'zod';
import { userText } from './text.ts';

/**
 * Seller verification (trader traceability, DSA Art. 30): a member asks to be verified as a
 * private seller or as a business, with one document; an ADMIN approves or rejects it.
 */

/** Kinds of verification: a private seller ('Verifiziert') or a business ('Gewerblich'). */
export const VERIFICATION_KINDS = ['private', 'business'] as const;
export const verificationKindSchema = z.enum(VERIFICATION_KINDS);
export type VerificationKind = z.infer<typeof verificationKindSchema>;

/** States of a request: waiting for an ADMIN, approved, rejected (with a reason). */
export const VERIFICATION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export const verificationStatusSchema = z.enum(VERIFICATION_STATUSES);
export type VerificationStatus = z.infer<typeof verificationStatusSchema>;

/** Largest document, in bytes (10 MB). */
export const VERIFICATION_DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
/** Document types, checked by the file's bytes: photos of an ID document, or a PDF. */
export const VERIFICATION_DOCUMENT_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'application/pdf',
] as const;
/** Days after the decision at which the document is deleted. */
export const VERIFICATION_DOCUMENT_RETENTION_DAYS = 30;
/** Shortest reason of a rejection, in characters. */
export const VERIFICATION_REASON_MIN = 5;

/** German texts of verification answers. */
export const verificationTexts = {
  missingDocument: "Bitte lade ein Dokument im Feld 'file' hoch (multipart/form-data).",
  missingData: "Bitte sende die Angaben als JSON im Feld 'data' vor der Datei.",
  wrongType: 'Nur JPEG-, PNG- oder WebP-Fotos und PDF-Dokumente sind erlaubt.',
  tooLarge: 'Das Dokument ist zu groß. Maximal 10 MB.',
  unreadable: 'Das Dokument konnte nicht gelesen werden. Bitte versuche ein anderes.',
  alreadyOpen: 'Du hast bereits eine offene Verifizierungsanfrage.',
  alreadyVerified: 'Du bist bereits verifiziert.',
  notFound: 'Verifizierungsanfrage nicht gefunden.',
  documentForbidden: 'Keine Berechtigung, dieses Dokument anzusehen.',
  documentGone: 'Das Dokument wurde nach der Entscheidung gelöscht.',
  notPending: 'Über diese Anfrage wurde bereits entschieden.',
  reasonRequired: `Bitte gib einen Grund für die Ablehnung an (mindestens ${VERIFICATION_REASON_MIN} Zeichen).`,
  registerOrVat: 'Bitte gib eine Handelsregisternummer oder eine USt-IdNr. an.',
} as const;

const line = (max: number, message: string) => userText({ message }).trim().min(1, message).max(max);

/** Address shared by both kinds. */
const addressFields = {
  street: line(200, 'Bitte gib Straße und Hausnummer an.'),
  postal_code: z
    .string()
    .trim()
    .regex(/^\d{5}$/, 'Bitte gib eine fünfstellige Postleitzahl an.'),
  city: line(100, 'Bitte gib den Ort an.'),
  phone: z
    .string()
    .trim()
    .regex(/^\+?[0-9 ()/-]{6,30}$/, 'Bitte gib eine gültige Telefonnummer an.'),
};

/** A private seller: full name, address, phone (plus a photo of an ID document). */
export const privateVerificationSchema = z.object({
  kind: z.literal('private'),
  name: line(200, 'Bitte gib deinen vollständigen Namen an.'),
  ...addressFields,
});

/**
 * A business: company name, legal form, address, phone, e-mail, and a trade register number or
 * a VAT id (at least one of them), plus a document (extract or registration).
 */
export const businessVerificationSchema = z
  .object({
    kind: z.literal('business'),
    name: line(200, 'Bitte gib den Firmennamen an.'),
    legal_form: line(100, 'Bitte gib die Rechtsform an.'),
    ...addressFields,
    email: z.string().trim().max(200).email('Bitte gib eine gültige E-Mail-Adresse an.'),
    register_number: z.string().trim().max(100).optional().default(''),
    vat_id: z
      .string()
      .trim()
      .max(20)
      .regex(/^(|[A-Z]{2}[0-9A-Z]{2,13})$/, 'Bitte gib eine gültige USt-IdNr. an (z. B. DE123456789).')
      .optional()
      .default(''),
  })
  .refine((value) => value.register_number !== '' || value.vat_id !== '', {
    message: verificationTexts.registerOrVat,
    path: ['register_number'],
  });

/** The JSON of the multipart field `data` of `POST /api/verification`. */
export const verificationRequestDataSchema = z.discriminatedUnion('kind', [
  privateVerificationSchema,
  businessVerificationSchema,
]);
export type VerificationRequestData = z.input<typeof verificationRequestDataSchema>;

/** One request as its owner and ADMINs see it; dates ISO 8601. */
export const verificationSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  kind: verificationKindSchema,
  status: verificationStatusSchema,
  name: z.string(),
  legal_form: z.string().nullable(),
  street: z.string(),
  postal_code: z.string(),
  city: z.string(),
  phone: z.string(),
  email: z.string().nullable(),
  register_number: z.string().nullable(),
  vat_id: z.string().nullable(),
  /** `/api/verification/{id}/document` while the document exists, else null. */
  document_url: z.string().nullable(),
  document_type: z.string().nullable(),
  reason: z.string().nullable(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
});
export type Verification = z.infer<typeof verificationSchema>;

/** `GET /api/verification/me`: the member's latest request, null when there is none. */
export const myVerificationSchema = z.object({
  verification: verificationSchema.nullable(),
  /** Whether a new request may be sent (none open, not approved). */
  can_apply: z.boolean(),
});
export type MyVerification = z.infer<typeof myVerificationSchema>;

/** A request in the ADMIN queue, with the member's public name and e-mail. */
export const adminVerificationSchema = verificationSchema.extend({
  member_name: z.string(),
  member_email: z.string(),
});
export type AdminVerification = z.infer<typeof adminVerificationSchema>;

/** Query of `GET /api/admin/verifications`: a state (default pending), oldest first. */
export const adminVerificationQuerySchema = z.object({
  status: verificationStatusSchema.default('pending'),
});
export const adminVerificationListSchema = z.object({ verifications: z.array(adminVerificationSchema) });

/** `POST /api/admin/verifications/{id}/decision`: approve, or reject with a reason. */
export const verificationDecisionSchema = z
  .object({
    decision: z.enum(['approve', 'reject']),
    reason: z.string().trim().max(1000).optional().default(''),
  })
  .refine((value) => value.decision === 'approve' || value.reason.length >= VERIFICATION_REASON_MIN, {
    message: verificationTexts.reasonRequired,
    path: ['reason'],
  });
export type VerificationDecision = z.input<typeof verificationDecisionSchema>;

/** `{id}` of the verification calls. */
export const verificationIdParamsSchema = z.object({ id: z.string().max(100) });

/** The seller badge an ad or profile carries: null when the member is not verified. */
export const sellerBadgeSchema = verificationKindSchema.nullable();
export type SellerBadge = z.infer<typeof sellerBadgeSchema>;

/**
 * The trader information a business seller's ads show (DSA Art. 30 and 31): name, legal form,
 * address, phone, e-mail and register number or VAT id from the approved request.
 */
export const traderSchema = z.object({
  name: z.string(),
  legal_form: z.string().nullable(),
  street: z.string(),
  postal_code: z.string(),
  city: z.string(),
  phone: z.string(),
  email: z.string().nullable(),
  register_number: z.string().nullable(),
  vat_id: z.string().nullable(),
});
export type Trader = z.infer<typeof traderSchema>;
