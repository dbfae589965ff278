import { z } from 'zod';
import { ROLES } from './constants.ts';
import { favoriteSchema } from './favorites.ts';
import { listingSchema } from './listings.ts';
import { userText } from './text.ts';

/** Roles of SPEC.md §6: ADMIN and SELLER. Every new member is a SELLER. */
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

/**
 * The current user as answered by `GET /api/me` and kept locally after login (SPEC.md §3),
 * plus whether the e-mail is verified and since when the member exists (ISO 8601).
 * Never carries a password hash or any token.
 */
export const userSchema = z.object({
  id: z.string(),
  email: z.string(),
  avatar: z.string().nullable(),
  role: roleSchema,
  nickname: z.string().nullable(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  email_verified: z.boolean(),
  created_at: z.string(),
  /**
   * The AGB version ('YYYY-MM-DD') the member accepted last, null when none is recorded. The
   * web compares it with `terms_version` of `GET /api/site` and asks once for the current one.
   */
  terms_version: z.string().nullable().optional(),
});
export type User = z.infer<typeof userSchema>;

/** `POST /api/me/terms` body: the AGB version ('YYYY-MM-DD') the member read and accepts. */
export const acceptTermsBodySchema = z.object({
  version: z
    .string({ error: 'Bitte gib die AGB-Version an.' })
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Die AGB-Version ist ein Datum wie 2026-11-24.'),
});
export type AcceptTermsBody = z.infer<typeof acceptTermsBodySchema>;

/** Another member as lists show them (follow lists): id, display name and avatar URL. */
export const userSummarySchema = z.object({
  id: z.string(),
  display_name: z.string(),
  avatar: z.string().nullable(),
});
export type UserSummary = z.infer<typeof userSummarySchema>;

/**
 * One reputation across the marketplace and the forum, the same on every member card (ad's
 * seller card, chat, forum, profile); `GET /api/users/{id}/reputation`. `rating` is the average
 * of the stars from chat ratings (one decimal, null without any) and `review_count` their number;
 * `forum_likes` the likes the member's visible forum posts received and `forum_posts` their
 * number; `member_since` ISO 8601; `verified` whether the seller verification was approved
 * (`badge` 'private' or 'business', else null) and `email_verified` the confirmed e-mail;
 * `answer_rate` the share in whole percent of conversations other members started with the
 * member that the member answered (null while nobody has written to them).
 */
export const memberReputationSchema = z.object({
  user_id: z.string(),
  rating: z.number().nullable(),
  review_count: z.number().int(),
  forum_likes: z.number().int(),
  forum_posts: z.number().int(),
  member_since: z.string(),
  verified: z.boolean(),
  badge: z.enum(['private', 'business']).nullable(),
  email_verified: z.boolean(),
  answer_rate: z.number().int().min(0).max(100).nullable(),
});
export type MemberReputation = z.infer<typeof memberReputationSchema>;

/**
 * What the viewer may do on a member's profile, decided by the server's one profile policy
 * (docs/decisions/0006-module-doors.md point 5). All false for a visitor without a token; the
 * web shows follow, message and report to visitors as a way to the login.
 */
export const profilePermissionsSchema = z.object({
  /** 'Profil bearbeiten' (the settings, `PATCH /api/me`): the member on their own profile only. */
  edit: z.boolean(),
  /** 'Folgen'/'Entfolgen' (`POST`/`DELETE /api/follow/{id}`): members, not themselves. */
  follow: z.boolean(),
  /** 'Nachricht schreiben' (`POST /api/chat/conversations` with `user_id`): members, not themselves. */
  message: z.boolean(),
  /** 'Melden' (`POST /api/users/{id}/report`): members, not themselves. */
  report: z.boolean(),
});
export type ProfilePermissions = z.infer<typeof profilePermissionsSchema>;

/**
 * `GET /api/users/{id}`: the public profile at /user/{id}. `member_since` is ISO 8601;
 * `rating` stays null (and `review_count` 0) until there are ratings; `is_following` is null
 * for visitors without a token.
 */
export const publicProfileSchema = z.object({
  id: z.string(),
  display_name: z.string(),
  /**
   * A business seller's company name with its legal form ('Fahrradhaus Müller GmbH'; latest
   * approved verification of kind 'business'), else null. The profile's heading shows it, the
   * member's `display_name` beside it.
   */
  business_name: z.string().nullable(),
  avatar: z.string().nullable(),
  member_since: z.string(),
  rating: z.number().nullable(),
  review_count: z.number().int(),
  active_listings: z.number().int(),
  followers_count: z.number().int(),
  following_count: z.number().int(),
  is_following: z.boolean().nullable(),
  /** The member's one reputation (see `memberReputationSchema`). */
  reputation: memberReputationSchema.optional(),
  can: profilePermissionsSchema,
});
export type PublicProfile = z.infer<typeof publicProfileSchema>;

const NAME_MAX = 50;

/** A name field of `PATCH /api/me`: absent keeps it, null or blank clears it. */
const patchName = (label: string) =>
  userText({ message: `${label} enthält ungültige Zeichen.` })
    .trim()
    .max(NAME_MAX, `${label} darf höchstens ${NAME_MAX} Zeichen lang sein.`)
    .nullable()
    .optional()
    .transform((value) => (value === '' ? null : value));

/** `PATCH /api/me` body (settings page): each field optional; null or '' removes it. */
export const updateProfileBodySchema = z.object({
  nickname: patchName('Der Spitzname'),
  first_name: patchName('Der Vorname'),
  last_name: patchName('Der Nachname'),
});
export type UpdateProfileBody = z.input<typeof updateProfileBodySchema>;

/**
 * `GET /api/me/export`: everything stored about me (GDPR Art. 20), without any secret: profile,
 * follows, my ads in every status and my saved ads. Later areas (messages, stories) add their
 * own keys.
 */
export const accountExportSchema = z.object({
  exported_at: z.string(),
  profile: userSchema,
  following: z.array(userSummarySchema.extend({ followed_at: z.string() })),
  followers: z.array(userSummarySchema.extend({ followed_at: z.string() })),
  listings: z.array(listingSchema),
  favorites: z.array(favoriteSchema),
});
export type AccountExport = z.infer<typeof accountExportSchema>;
