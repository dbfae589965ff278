import { z } from 'zod';

/**
 * The admin's page of one member (SPEC.md §6 "ADMIN": a view of /admin): the target of member
 * links in the audit log, the members list and the moderation queue.
 */
export function adminMemberPath(memberId: string): string {
  return `/admin?member=${encodeURIComponent(memberId)}`;
}

/** New ads and new members on one calendar day (UTC, 'YYYY-MM-DD'). */
export const adminDailyCountSchema = z.object({
  date: z.string(),
  listings: z.number().int(),
  members: z.number().int(),
});

/**
 * `GET /api/admin/stats` (SPEC.md §6, §7; ADMIN only): figures of the admin dashboard at /admin.
 * `new_7d` counts the last 7 × 24 hours, `*_24h` the last 24 hours; `daily` holds the last 30
 * days, oldest first, today included, days without anything with zeros.
 */
export const adminStatsSchema = z.object({
  members: z.object({
    total: z.number().int(),
    new_7d: z.number().int(),
    verified_sellers: z.number().int(),
  }),
  listings: z.object({
    active: z.number().int(),
    reserved: z.number().int(),
    sold: z.number().int(),
    new_7d: z.number().int(),
  }),
  reports: z.object({ open: z.number().int(), listings: z.number().int(), forum_posts: z.number().int() }),
  verifications: z.object({ pending: z.number().int() }),
  activity: z.object({ messages_24h: z.number().int(), stories_24h: z.number().int() }),
  forum: z.object({ posts: z.number().int() }),
  daily: z.array(adminDailyCountSchema),
  generated_at: z.string(),
});
export type AdminStats = z.infer<typeof adminStatsSchema>;
export type AdminDailyCount = z.infer<typeof adminDailyCountSchema>;

/** A member in the admin member search (`GET /api/admin/members`). */
export const adminMemberSchema = z.object({
  id: z.string(),
  email: z.string(),
  display_name: z.string(),
  role: z.enum(['ADMIN', 'SELLER']),
  created_at: z.string(),
  listings: z.number().int(),
});
export type AdminMember = z.infer<typeof adminMemberSchema>;

/** `GET /api/admin/members?q=`: up to 50 members whose e-mail or name contains `q`, newest first. */
export const adminMemberListSchema = z.object({ members: z.array(adminMemberSchema) });

/** `PATCH /api/admin/members/{id}/role`: the new role and why (written to the audit log). */
export const adminRoleChangeSchema = z.object({
  role: z.enum(['ADMIN', 'SELLER'], { error: 'Bitte wähle eine Rolle.' }),
  reason: z
    .string({ error: 'Bitte gib einen Grund an.' })
    .trim()
    .min(3, { error: 'Bitte gib einen Grund an (mindestens 3 Zeichen).' })
    .max(1000, { error: 'Der Grund darf höchstens 1000 Zeichen lang sein.' }),
});
export type AdminRoleChange = z.infer<typeof adminRoleChangeSchema>;

/**
 * One entry of the audit log: who did what to which target, why and when. Names are read when
 * the log is read, so a renamed member or ad shows its current name.
 */
export const adminAuditEntrySchema = z.object({
  id: z.string(),
  admin_id: z.string().nullable(),
  /** The acting admin's shown name; null when their account was deleted. */
  admin_name: z.string().nullable(),
  action: z.string(),
  /** `user` (also a verification's requester), `listing`, `forum_post`, `story` or `conversation`. */
  target_type: z.string(),
  target_id: z.string(),
  /**
   * The target by name: a member's shown name, an ad's title, a forum post's thread title, a
   * story's caption, 'Unterhaltung zu „…“'; for a target no longer stored a German placeholder
   * such as 'Gelöschte Anzeige' (then `target_deleted`).
   */
  target_name: z.string(),
  /** Whether the target is no longer stored. */
  target_deleted: z.boolean(),
  /** Where an admin opens the target (the member page `/admin?member={id}`, `/listing/{id}`, the forum post), or null. */
  target_link: z.string().nullable(),
  reason: z.string(),
  details: z.string().nullable(),
  created_at: z.string(),
});
export type AdminAuditEntry = z.infer<typeof adminAuditEntrySchema>;

/** `GET /api/admin/audit-log`: the newest 200 entries matching the filters. */
export const adminAuditLogSchema = z.object({ entries: z.array(adminAuditEntrySchema) });

/** A reason an administrator gives for a sanction or for lifting it (written to the audit log). */
const sanctionReasonSchema = z
  .string({ error: 'Bitte gib einen Grund an.' })
  .trim()
  .min(3, { error: 'Bitte gib einen Grund an (mindestens 3 Zeichen).' })
  .max(1000, { error: 'Der Grund darf höchstens 1000 Zeichen lang sein.' });

/**
 * `POST /api/admin/members/{id}/sanctions`: suspend a member until `ends_at` (an ISO date-time
 * in the future) or ban them (`kind: 'ban'`, no `ends_at`), with a reason. The member's sessions
 * end at once; logging in answers 403 until the end.
 */
export const adminSanctionCreateSchema = z
  .object({
    kind: z.enum(['suspension', 'ban'], { error: 'Bitte wähle Sperre auf Zeit oder dauerhafte Sperre.' }),
    ends_at: z.iso
      .datetime({ offset: true, error: 'Bitte gib ein gültiges Enddatum an.' })
      .nullable()
      .optional(),
    reason: sanctionReasonSchema,
  })
  .superRefine((value, ctx) => {
    if (value.kind === 'suspension' && !value.ends_at)
      ctx.addIssue({ code: 'custom', path: ['ends_at'], message: 'Bitte gib an, bis wann die Sperre gilt.' });
    if (value.kind === 'ban' && value.ends_at)
      ctx.addIssue({
        code: 'custom',
        path: ['ends_at'],
        message: 'Eine dauerhafte Sperre hat kein Enddatum.',
      });
  });
export type AdminSanctionCreate = z.infer<typeof adminSanctionCreateSchema>;

/** `POST /api/admin/members/{id}/sanctions/lift`: why the member's active sanctions end now. */
export const adminSanctionLiftSchema = z.object({ reason: sanctionReasonSchema });
export type AdminSanctionLift = z.infer<typeof adminSanctionLiftSchema>;

/**
 * One sanction of a member: a suspension until `ends_at` or a ban (`ends_at` null). `admin_id`
 * null: the system decided (three upheld removals) or the admin's account is gone. `active`:
 * not lifted and not run out.
 */
export const adminSanctionSchema = z.object({
  id: z.string(),
  kind: z.enum(['suspension', 'ban']),
  ends_at: z.string().nullable(),
  reason: z.string(),
  admin_id: z.string().nullable(),
  admin_name: z.string().nullable(),
  created_at: z.string(),
  lifted_at: z.string().nullable(),
  lifted_by: z.string().nullable(),
  lifted_by_name: z.string().nullable(),
  lift_reason: z.string().nullable(),
  active: z.boolean(),
});
export type AdminSanction = z.infer<typeof adminSanctionSchema>;

/** An ad of a member as the admin member page lists it (all statuses, newest first). */
export const adminMemberListingSchema = z.object({
  id: z.string(),
  title: z.string(),
  status: z.string(),
  price_cents: z.number().int(),
  created_at: z.string(),
  reports: z.number().int(),
});
export type AdminMemberListing = z.infer<typeof adminMemberListingSchema>;

/** A report against one of a member's ads (`POST /api/listings/{id}/report`). */
export const adminMemberReportSchema = z.object({
  id: z.string(),
  listing_id: z.string(),
  listing_title: z.string(),
  reporter_id: z.string(),
  reporter_name: z.string(),
  reason: z.string(),
  comment: z.string().nullable(),
  created_at: z.string(),
});
export type AdminMemberReport = z.infer<typeof adminMemberReportSchema>;

/**
 * `GET /api/admin/members/{id}`: the admin member page: profile facts, the newest ads (at most
 * 100), the newest reports against them (at most 100), every sanction (newest first), the active
 * sanction that keeps the member out (the latest end; a ban first) and what the asking admin may
 * do (`can`).
 */
export const adminMemberDetailSchema = z.object({
  member: adminMemberSchema.extend({
    nickname: z.string().nullable(),
    first_name: z.string().nullable(),
    last_name: z.string().nullable(),
    email_verified: z.boolean(),
  }),
  listings: z.array(adminMemberListingSchema),
  reports: z.array(adminMemberReportSchema),
  sanctions: z.array(adminSanctionSchema),
  active_sanction: adminSanctionSchema.nullable(),
  can: z.object({ sanction: z.boolean(), lift: z.boolean() }),
});
export type AdminMemberDetail = z.infer<typeof adminMemberDetailSchema>;
