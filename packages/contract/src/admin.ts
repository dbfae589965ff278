import { z } from 'zod';

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

/** One entry of the audit log: who did what to which target, why and when. */
export const adminAuditEntrySchema = z.object({
  id: z.string(),
  admin_id: z.string().nullable(),
  admin_name: z.string().nullable(),
  action: z.string(),
  target_type: z.string(),
  target_id: z.string(),
  reason: z.string(),
  details: z.string().nullable(),
  created_at: z.string(),
});
export type AdminAuditEntry = z.infer<typeof adminAuditEntrySchema>;

/** `GET /api/admin/audit-log`: the newest 200 entries matching the filters. */
export const adminAuditLogSchema = z.object({ entries: z.array(adminAuditEntrySchema) });
