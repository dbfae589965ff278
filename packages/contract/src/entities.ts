import { z } from 'zod';
import { userText } from './text.ts';
import { memberReputationSchema } from './users.ts';

/**
 * The kinds of /entities (SPEC.md §2; /shops and /dienstleister lead there): `shops` are sellers
 * with an approved business verification, `providers` members offering services (active ads in
 * 'Dienstleistungen'), `users` every member with active ads.
 */
export const entityTypeSchema = z.enum(['shops', 'providers', 'users']);
export type EntityType = z.infer<typeof entityTypeSchema>;

/** Entries per page of `GET /api/entities`. */
export const ENTITIES_PAGE_SIZE = 20;
/** Deepest page of `GET /api/entities` (1,000 entries). */
export const ENTITIES_PAGE_MAX = 50;
/** Most members a kind's ranking holds and `total` counts: every entry a page can reach. */
export const ENTITIES_TOTAL_MAX = ENTITIES_PAGE_MAX * ENTITIES_PAGE_SIZE;

/** `GET /api/entities` query: the kind, a name to look for, and the page (1-based). */
export const entityListQuerySchema = z.object({
  type: entityTypeSchema.default('users'),
  q: userText().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).max(ENTITIES_PAGE_MAX).default(1),
});
export type EntityListQuery = z.input<typeof entityListQuerySchema>;

/** One member of the directory, as the cards show it. */
export const entitySchema = z.object({
  id: z.string(),
  /** The name shown: in `shops` the company name with its legal form, else the member's name. */
  name: z.string(),
  /** The member's own shown name (nickname, else first name); equals `name` except for shops. */
  member_name: z.string(),
  avatar: z.string().nullable(),
  /** Visible ads of the member (of the kind: service ads for `providers`). */
  active_listings: z.number().int(),
  reputation: memberReputationSchema,
});
export type Entity = z.infer<typeof entitySchema>;

/**
 * `GET /api/entities` answer: members with the most visible ads first (ties: the older first
 * ad, then id); `total` counts up to {@link ENTITIES_TOTAL_MAX}.
 */
export const entityListSchema = z.object({
  entities: z.array(entitySchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type EntityList = z.infer<typeof entityListSchema>;
