import { z } from 'zod';

/*
 * The guide ("Ratgeber", SPEC.md §2 /ratgeber): articles written as Markdown files in the
 * repository, read once when the server starts and answered by `GET /api/guides` and
 * `GET /api/guides/{slug}` (docs/decisions/0036-guides-as-markdown-files.md).
 */

/** The address part of a guide: lower-case letters, digits and single hyphens. */
export const GUIDE_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Words a reader reads per minute, for a guide's reading time (rounded up, at least 1 minute). */
export const GUIDE_WORDS_PER_MINUTE = 200;

/** `GET /api/guides/{slug}` parameters; an address that cannot be a guide is a 422. */
export const guideParamsSchema = z.object({
  slug: z
    .string()
    .max(100, 'Die Adresse des Ratgebers ist zu lang.')
    .regex(GUIDE_SLUG_PATTERN, 'Die Adresse des Ratgebers ist ungültig.'),
});

/** A guide as the list names it: title, teaser, last update and reading time. */
export const guideSummarySchema = z.object({
  slug: z.string(),
  title: z.string(),
  /** One or two sentences: the list's teaser and the page's meta description. */
  description: z.string(),
  /** Date of the last revision of its content, `YYYY-MM-DD`. */
  updated: z.string(),
  /** Minutes it takes to read ({@link GUIDE_WORDS_PER_MINUTE}), at least 1. */
  reading_minutes: z.number().int().min(1),
});
export type GuideSummary = z.infer<typeof guideSummarySchema>;

/** `GET /api/guides`: every guide in its order. */
export const guideListSchema = z.object({ guides: z.array(guideSummarySchema) });
export type GuideList = z.infer<typeof guideListSchema>;

/** One entry of a guide's table of contents: a heading and the id its element carries. */
export const guideHeadingSchema = z.object({
  /** The heading element's `id`, the target of `#id` links. */
  id: z.string(),
  text: z.string(),
  /** 2 for a section (`##`), 3 for a part of one (`###`). */
  level: z.union([z.literal(2), z.literal(3)]),
});
export type GuideHeading = z.infer<typeof guideHeadingSchema>;

/**
 * `GET /api/guides/{slug}`: the guide with its content as sanitized HTML (headings `<h2>` and
 * `<h3>` with their `id`), its table of contents, and the guides before and after it in the list.
 */
export const guideSchema = guideSummarySchema.extend({
  html: z.string(),
  toc: z.array(guideHeadingSchema),
  previous: guideSummarySchema.nullable(),
  next: guideSummarySchema.nullable(),
});
export type Guide = z.infer<typeof guideSchema>;
