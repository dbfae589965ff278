import { z } from 'zod';
import { emailSchema } from './auth.ts';
import { messageText, userText } from './text.ts';

/**
 * The career page (/karriere, SPEC.md §2, linked in the top link bar): the open positions the
 * ADMINs keep at /admin, each on its own page (/karriere/{slug}) with an application form, and
 * the admins' inbox of the applications. A CV is a PDF, checked by its bytes, kept privately.
 */

/** The teams a position belongs to; the web names them in German and filters the list by them. */
export const CAREER_TEAMS = [
  'engineering',
  'product',
  'community',
  'support',
  'marketing',
  'operations',
] as const;
export const careerTeamSchema = z.enum(CAREER_TEAMS, { error: 'Bitte wähle ein Team.' });
export type CareerTeam = z.infer<typeof careerTeamSchema>;

/** The teams' German names. */
export const CAREER_TEAM_NAMES: Record<CareerTeam, string> = {
  engineering: 'Technik',
  product: 'Produkt & Design',
  community: 'Community',
  support: 'Kundenservice',
  marketing: 'Marketing',
  operations: 'Betrieb & Verwaltung',
};

/** Full or part time. */
export const EMPLOYMENT_TYPES = ['full_time', 'part_time'] as const;
export const employmentTypeSchema = z.enum(EMPLOYMENT_TYPES, {
  error: 'Bitte wähle Vollzeit oder Teilzeit.',
});
export type EmploymentType = z.infer<typeof employmentTypeSchema>;

/** The German names of the employment types. */
export const EMPLOYMENT_TYPE_NAMES: Record<EmploymentType, string> = {
  full_time: 'Vollzeit',
  part_time: 'Teilzeit',
};

/** Whether a position takes applications: open ones are listed, closed ones answer 410. */
export const JOB_POSITION_STATUSES = ['open', 'closed'] as const;
export const jobPositionStatusSchema = z.enum(JOB_POSITION_STATUSES, {
  error: 'Bitte wähle offen oder geschlossen.',
});
export type JobPositionStatus = z.infer<typeof jobPositionStatusSchema>;

export const JOB_TITLE_MAX_LENGTH = 120;
export const JOB_LOCATION_MAX_LENGTH = 100;
export const JOB_SUMMARY_MIN_LENGTH = 20;
export const JOB_SUMMARY_MAX_LENGTH = 300;
export const JOB_BODY_MIN_LENGTH = 50;
export const JOB_BODY_MAX_LENGTH = 20_000;

/** A required one-line text of `min` to `max` characters. */
const line = (missing: string, field: string, min: number, max: number) =>
  userText({ error: missing })
    .trim()
    .min(1, missing)
    .min(min, `${field} muss mindestens ${min} Zeichen lang sein.`)
    .max(max, `${field} darf höchstens ${max} Zeichen lang sein.`);

/**
 * `POST /api/admin/career/positions` body (and every field of `PATCH …/{id}`): a position as an
 * ADMIN writes it. `body` is Markdown (rendered and sanitized by the server), `summary` the
 * teaser of the list and the page's meta description.
 */
export const jobPositionBodySchema = z.object({
  title: line('Bitte gib einen Stellentitel an.', 'Der Stellentitel', 3, JOB_TITLE_MAX_LENGTH),
  team: careerTeamSchema,
  location: line('Bitte gib einen Arbeitsort an.', 'Der Arbeitsort', 2, JOB_LOCATION_MAX_LENGTH),
  remote: z.boolean({ error: 'Bitte gib an, ob die Stelle remote möglich ist.' }),
  employment_type: employmentTypeSchema,
  summary: userText({ multiline: true, error: 'Bitte fasse die Stelle kurz zusammen.' })
    .trim()
    .min(
      JOB_SUMMARY_MIN_LENGTH,
      `Die Kurzbeschreibung muss mindestens ${JOB_SUMMARY_MIN_LENGTH} Zeichen lang sein.`,
    )
    .max(
      JOB_SUMMARY_MAX_LENGTH,
      `Die Kurzbeschreibung darf höchstens ${JOB_SUMMARY_MAX_LENGTH} Zeichen lang sein.`,
    ),
  body: userText({ multiline: true, error: 'Bitte beschreibe die Stelle.' })
    .trim()
    .min(
      JOB_BODY_MIN_LENGTH,
      `Die Stellenbeschreibung muss mindestens ${JOB_BODY_MIN_LENGTH} Zeichen lang sein.`,
    )
    .max(
      JOB_BODY_MAX_LENGTH,
      `Die Stellenbeschreibung darf höchstens ${JOB_BODY_MAX_LENGTH} Zeichen lang sein.`,
    ),
});
export type JobPositionBody = z.input<typeof jobPositionBodySchema>;

/** `PATCH /api/admin/career/positions/{id}` body: changed fields and/or the status (close, reopen). */
export const jobPositionChangeSchema = jobPositionBodySchema
  .partial()
  .extend({ status: jobPositionStatusSchema.optional() })
  .refine((change) => Object.values(change).some((value) => value !== undefined), {
    message: 'Bitte gib an, was sich ändern soll.',
  });
export type JobPositionChange = z.input<typeof jobPositionChangeSchema>;

/** An address of a position page: its slug (lower case letters, digits, hyphens). */
export const jobPositionSlugSchema = z
  .string()
  .max(100, 'Diese Stelle gibt es nicht.')
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Diese Stelle gibt es nicht.');
export const jobPositionParamsSchema = z.object({ slug: jobPositionSlugSchema });

/** A position in the public list (`GET /api/career/positions`): open ones only. */
export const jobPositionSummarySchema = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  team: careerTeamSchema,
  location: z.string(),
  remote: z.boolean(),
  employment_type: employmentTypeSchema,
  summary: z.string(),
  /** ISO 8601 time it was (last) opened. */
  posted_at: z.string(),
});
export type JobPositionSummary = z.infer<typeof jobPositionSummarySchema>;

/** `GET /api/career/positions`: the open positions, newest first. */
export const jobPositionListSchema = z.object({ positions: z.array(jobPositionSummarySchema) });
export type JobPositionList = z.infer<typeof jobPositionListSchema>;

/** `GET /api/career/positions/{slug}`: an open position with its text as sanitized HTML. */
export const jobPositionSchema = jobPositionSummarySchema.extend({ html: z.string() });
export type JobPosition = z.infer<typeof jobPositionSchema>;

/** A position as the admins edit it (`GET /api/admin/career/positions`), open or closed. */
export const adminJobPositionSchema = jobPositionSchema.extend({
  body: z.string(),
  status: jobPositionStatusSchema,
  /** Applications received for it. */
  applications: z.number().int(),
  updated_at: z.string(),
});
export type AdminJobPosition = z.infer<typeof adminJobPositionSchema>;
export const adminJobPositionListSchema = z.object({ positions: z.array(adminJobPositionSchema) });
export type AdminJobPositionList = z.infer<typeof adminJobPositionListSchema>;

export const JOB_APPLICANT_NAME_MAX_LENGTH = 100;
export const JOB_APPLICATION_PHONE_MAX_LENGTH = 30;
export const JOB_APPLICATION_MESSAGE_MIN_LENGTH = 20;
export const JOB_APPLICATION_MESSAGE_MAX_LENGTH = 10_000;
/** Largest CV (bytes): 10 MB. */
export const JOB_APPLICATION_CV_MAX_BYTES = 10 * 1024 * 1024;

/** A telephone number as people write it: digits, spaces and `+ ( ) / - .`, at least 6 digits. */
const PHONE_PATTERN = /^\+?[\d\s()/.-]+$/;

/**
 * `POST /api/career/positions/{slug}/applications`, the multipart field `data` (JSON) before the
 * file `cv` (a PDF, at most 10 MB): the applicant's name, e-mail, phone (optional, may be empty),
 * cover letter and the consent that the application is stored and processed for the position.
 */
export const jobApplicationBodySchema = z.object({
  name: line('Bitte gib deinen Namen an.', 'Dein Name', 2, JOB_APPLICANT_NAME_MAX_LENGTH),
  email: emailSchema,
  phone: userText()
    .trim()
    .max(
      JOB_APPLICATION_PHONE_MAX_LENGTH,
      `Die Telefonnummer darf höchstens ${JOB_APPLICATION_PHONE_MAX_LENGTH} Zeichen lang sein.`,
    )
    .refine(
      (value) => value === '' || (PHONE_PATTERN.test(value) && value.replace(/\D/g, '').length >= 6),
      'Bitte gib eine gültige Telefonnummer an (Ziffern, Leerzeichen und + ( ) / - sind erlaubt).',
    )
    .optional(),
  message: messageText({
    min: JOB_APPLICATION_MESSAGE_MIN_LENGTH,
    max: JOB_APPLICATION_MESSAGE_MAX_LENGTH,
    missing: 'Bitte schreib uns ein paar Zeilen zu dir (Anschreiben).',
  }),
  consent: z.literal(true, {
    error: 'Bitte stimme zu, dass wir deine Bewerbung für diese Stelle speichern und verarbeiten.',
  }),
});
export type JobApplicationBody = z.input<typeof jobApplicationBodySchema>;

/** The career texts the server answers with (the web shows them as they come). */
export const careerTexts = {
  received:
    'Danke für deine Bewerbung! Sie ist bei uns angekommen. Wir haben dir eine Bestätigung per E-Mail geschickt und melden uns in der Regel innerhalb von zwei Wochen bei dir.',
  missingData: 'Bitte fülle das Bewerbungsformular vollständig aus.',
  missingCv: 'Bitte lade deinen Lebenslauf als PDF hoch.',
  notPdf: 'Der Lebenslauf muss eine PDF-Datei sein. Bitte lade deinen Lebenslauf als PDF hoch.',
  tooLarge: 'Der Lebenslauf ist zu groß. Bitte lade eine PDF-Datei bis 10 MB hoch.',
} as const;

/** Where an application stands in the admins' inbox. */
export const JOB_APPLICATION_STATUSES = ['new', 'in_progress', 'done'] as const;
export const jobApplicationStatusSchema = z.enum(JOB_APPLICATION_STATUSES, {
  error: 'Bitte wähle einen gültigen Status (neu, in Bearbeitung oder erledigt).',
});
export type JobApplicationStatus = z.infer<typeof jobApplicationStatusSchema>;
export const JOB_APPLICATION_STATUS_NAMES: Record<JobApplicationStatus, string> = {
  new: 'Neu',
  in_progress: 'In Bearbeitung',
  done: 'Erledigt',
};

/** One application in the admins' inbox. */
export const jobApplicationSchema = z.object({
  id: z.string(),
  position_id: z.string(),
  position_title: z.string(),
  name: z.string(),
  email: z.string(),
  /** Null when the applicant gave none. */
  phone: z.string().nullable(),
  message: z.string(),
  /** `GET /api/admin/career/applications/{id}/cv`, for ADMINs only. */
  cv_url: z.string(),
  /** Size of the CV in bytes. */
  cv_bytes: z.number().int(),
  status: jobApplicationStatusSchema,
  created_at: z.string(),
  status_changed_at: z.string().nullable(),
});
export type JobApplication = z.infer<typeof jobApplicationSchema>;

/** `GET /api/admin/career/applications` query: one page, optionally of one status. */
export const jobApplicationListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
  status: jobApplicationStatusSchema.optional(),
});
export type JobApplicationListQuery = z.input<typeof jobApplicationListQuerySchema>;

/** Newest first; `total` of the asked status, `open` those new or in progress. */
export const jobApplicationListSchema = z.object({
  applications: z.array(jobApplicationSchema),
  total: z.number().int(),
  open: z.number().int(),
});
export type JobApplicationList = z.infer<typeof jobApplicationListSchema>;

/** `PATCH /api/admin/career/applications/{id}` body. */
export const jobApplicationStatusChangeSchema = z.object({ status: jobApplicationStatusSchema });
export type JobApplicationStatusChange = z.infer<typeof jobApplicationStatusChangeSchema>;
