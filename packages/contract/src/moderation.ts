import { z } from 'zod';
import { MEMBER_REPORT_REASONS, REPORT_TEXT_MAX } from './constants.ts';
import { userText } from './text.ts';

/**
 * Notice and action (DSA Art. 16, 17, 20, 23; docs/decisions/0009-reports-queue.md): the
 * reports queue of the admin area, decisions with a ground and a statement of reasons, appeals
 * ('Widerspruch') and the transparency report.
 */

/**
 * The grounds a decision can rest on: a rule of the AGB or a law. A fixed list; the labels are
 * the German texts the statement of reasons, the queue and the transparency report show.
 */
export const MODERATION_GROUND_LABELS = {
  no_violation: 'Kein Verstoß gegen AGB oder Gesetz festgestellt',
  agb_prohibited_item: 'AGB: Angebot verbotener Waren oder Dienstleistungen',
  agb_fraud: 'AGB: Betrügerisches oder irreführendes Angebot',
  agb_wrong_category: 'AGB: Falsche Kategorie oder kein echtes Angebot',
  agb_duplicate: 'AGB: Mehrfach eingestellte Anzeige',
  agb_offensive: 'AGB: Beleidigende, diskriminierende oder anstößige Inhalte',
  law_fraud: 'Gesetz: Betrug (§ 263 StGB)',
  law_copyright: 'Gesetz: Verletzung von Urheberrechten (UrhG)',
  law_trademark: 'Gesetz: Markenverletzung oder Produktfälschung (MarkenG)',
  law_youth_protection: 'Gesetz: Jugendschutz (JuSchG)',
  law_weapons: 'Gesetz: Waffenrecht (WaffG)',
  law_consumer_protection: 'Gesetz: Verbraucherschutz, Pflichtangaben (UWG)',
} as const;
export type ModerationGround = keyof typeof MODERATION_GROUND_LABELS;
export const MODERATION_GROUNDS = Object.keys(MODERATION_GROUND_LABELS) as [
  ModerationGround,
  ...ModerationGround[],
];
export const moderationGroundSchema = z.enum(MODERATION_GROUNDS, {
  error: 'Bitte wähle eine Rechtsgrundlage (AGB-Regel oder Gesetz).',
});

/** Months after the statement of reasons in which the affected member may appeal once. */
export const APPEAL_PERIOD_MONTHS = 6;
/** Upheld removals within this many days lead to a warning, then a suspension. */
export const STRIKE_WINDOW_DAYS = 90;
/** Upheld removals within the window that count as a strike. */
export const STRIKE_REMOVALS = 3;
/** Length of the suspension after a warning, in days. */
export const STRIKE_SUSPENSION_DAYS = 30;

/**
 * What a decision did: `keep` (no action), `remove` (the ad is removed), and the steps the
 * system takes for repeated removals: `warning` and `suspend`.
 */
export const moderationActionSchema = z.enum(['keep', 'remove', 'warning', 'suspend']);
export type ModerationAction = z.infer<typeof moderationActionSchema>;

/**
 * What a report or decision is about: an ad, a forum post, a chat conversation (the decision
 * concerns the reported member in it), a story, or a member (a member report, and the warning
 * and suspension after repeated removals).
 */
export const moderationTargetTypeSchema = z.enum(['listing', 'forum_post', 'conversation', 'story', 'user']);
export type ModerationTargetType = z.infer<typeof moderationTargetTypeSchema>;

/** The kinds of reports the queue groups: every target type. */
export const moderationReportTargetSchema = z.enum(
  ['listing', 'forum_post', 'conversation', 'story', 'user'],
  {
    error:
      'Bitte wähle eine gemeldete Anzeige, einen Beitrag, eine Unterhaltung, eine Story oder ein Mitglied.',
  },
);
export type ModerationReportTarget = z.infer<typeof moderationReportTargetSchema>;

/**
 * What an ADMIN may decide on each kind of report: ads, forum posts and stories are kept or
 * removed (a removed story is deleted for good); in a reported conversation nothing is removed,
 * the reported member is kept or suspended for {@link STRIKE_SUSPENSION_DAYS} days, and so is a
 * reported member.
 */
export const MODERATION_ACTIONS_BY_TARGET = {
  listing: ['keep', 'remove'],
  forum_post: ['keep', 'remove'],
  conversation: ['keep', 'suspend'],
  story: ['keep', 'remove'],
  user: ['keep', 'suspend'],
} as const satisfies Record<ModerationReportTarget, readonly ModerationAction[]>;

/** Why a story is reported (`POST /api/stories/{id}/report`). */
export const storyReportReasonSchema = z.enum(['spam', 'fraud', 'offensive', 'sexual', 'violence', 'other'], {
  error: 'Bitte wähle einen Grund für die Meldung.',
});
export type StoryReportReason = z.infer<typeof storyReportReasonSchema>;

/** Why a member is reported (`POST /api/users/{id}/report`). */
export const memberReportReasonSchema = z.enum(MEMBER_REPORT_REASONS, {
  error: 'Bitte wähle einen Grund für die Meldung.',
});
export type MemberReportReason = z.infer<typeof memberReportReasonSchema>;

const reportText = userText({ multiline: true })
  .trim()
  .max(REPORT_TEXT_MAX, `Der Hinweis darf höchstens ${REPORT_TEXT_MAX} Zeichen lang sein.`)
  .optional();

/**
 * `POST /api/stories/{id}/report` body (DSA Art. 16): a reason and an optional note; reporting
 * the same story again replaces the earlier report.
 */
export const storyReportBodySchema = z.object({ reason: storyReportReasonSchema, text: reportText });
export type StoryReportBody = z.input<typeof storyReportBodySchema>;

/**
 * `POST /api/users/{id}/report` body (DSA Art. 16): a reason and an optional note; reporting the
 * same member again replaces the earlier report.
 */
export const memberReportBodySchema = z.object({ reason: memberReportReasonSchema, text: reportText });
export type MemberReportBody = z.input<typeof memberReportBodySchema>;

/** The answer of a story or member report (201): the German confirmation. */
export const reportResultSchema = z.object({ detail: z.string() });
export type ReportResult = z.infer<typeof reportResultSchema>;

const decisionText = userText({ multiline: true, error: 'Bitte beschreibe den Sachverhalt.' })
  .trim()
  .min(10, 'Bitte beschreibe den Sachverhalt (mindestens 10 Zeichen).')
  .max(5000, 'Die Begründung darf höchstens 5000 Zeichen lang sein.');

/**
 * `POST /api/admin/moderation/decisions`: an ADMIN decides on the open reports of an ad, a forum
 * post, a conversation, a story or a member; the action must be one of
 * {@link MODERATION_ACTIONS_BY_TARGET}. `member_id` names, for a conversation, the reported
 * member whose reports are decided (the group's `seller_id`): both members of a conversation may
 * report each other, and each side is decided on its own. Without it the conversation's reports
 * must all name the same member.
 */
export const moderationDecisionBodySchema = z
  .object({
    target_type: moderationReportTargetSchema.default('listing'),
    target_id: z.uuid({ error: 'Ungültige ID des gemeldeten Inhalts.' }),
    member_id: z.uuid({ error: 'Ungültige ID des gemeldeten Mitglieds.' }).optional(),
    action: z.enum(['keep', 'remove', 'suspend'], {
      error: 'Bitte wähle eine Maßnahme: behalten, entfernen oder sperren.',
    }),
    ground: moderationGroundSchema,
    text: decisionText,
  })
  .refine(
    (body) => (MODERATION_ACTIONS_BY_TARGET[body.target_type] as readonly string[]).includes(body.action),
    {
      message:
        'Diese Maßnahme passt nicht zur Meldung: Anzeigen, Beiträge und Storys werden behalten oder entfernt, bei Unterhaltungen und gemeldeten Mitgliedern wird das Mitglied nicht oder für eine Zeit gesperrt.',
      path: ['action'],
    },
  );
export type ModerationDecisionBody = z.input<typeof moderationDecisionBodySchema>;

/** `POST /api/moderation/decisions/{id}/appeal`: the affected member's 'Widerspruch'. */
export const moderationAppealBodySchema = z.object({
  text: userText({ multiline: true, error: 'Bitte begründe deinen Widerspruch.' })
    .trim()
    .min(10, 'Bitte begründe deinen Widerspruch (mindestens 10 Zeichen).')
    .max(5000, 'Der Widerspruch darf höchstens 5000 Zeichen lang sein.'),
});
export type ModerationAppealBody = z.input<typeof moderationAppealBodySchema>;

/** `POST /api/admin/moderation/appeals/{id}/decision`: a second ADMIN upholds or reverses. */
export const moderationAppealDecisionBodySchema = z.object({
  outcome: z.enum(['upheld', 'reversed'], {
    error: 'Bitte wähle: Entscheidung bestätigen oder aufheben.',
  }),
  text: decisionText,
});
export type ModerationAppealDecisionBody = z.input<typeof moderationAppealDecisionBodySchema>;

/** An appeal as the statement page and the queue show it. */
export const moderationAppealSchema = z.object({
  id: z.string(),
  decision_id: z.string(),
  text: z.string(),
  status: z.enum(['open', 'upheld', 'reversed']),
  created_at: z.string(),
  decided_at: z.string().nullable(),
  /** The second ADMIN's reasons, once decided. */
  outcome_text: z.string().nullable(),
});
export type ModerationAppeal = z.infer<typeof moderationAppealSchema>;

/**
 * A decision with its statement of reasons (DSA Art. 17): what was restricted, the facts
 * (`text`), the ground, that a person decided (`automated` false; the warning and the
 * suspension for repeated removals are automated), and how to appeal (`appeal_until`, `can.appeal`).
 */
export const moderationDecisionSchema = z.object({
  id: z.string(),
  target_type: moderationTargetTypeSchema,
  target_id: z.string(),
  /** The ad's title when the decision was taken. */
  target_title: z.string().nullable(),
  affected_user_id: z.string().nullable(),
  action: moderationActionSchema,
  ground: moderationGroundSchema,
  ground_label: z.string(),
  /** The German sentence naming what was restricted, e.g. 'Deine Anzeige „…“ wurde entfernt.' */
  restriction: z.string(),
  text: z.string(),
  automated: z.boolean(),
  reports_count: z.number().int(),
  created_at: z.string(),
  /** Last moment an appeal is accepted (ISO), null where no appeal is possible. */
  appeal_until: z.string().nullable(),
  appeal: moderationAppealSchema.nullable(),
  can: z.object({ appeal: z.boolean() }),
});
export type ModerationDecision = z.infer<typeof moderationDecisionSchema>;

/** One report of the queue: the reason's key (an ad's or a chat's reason, or a forum reporter's words) and its German label. */
export const moderationReportSchema = z.object({
  reason: z.string(),
  reason_label: z.string(),
  comment: z.string().nullable(),
  created_at: z.string(),
});

/**
 * The open reports on one target, as the queue groups them. `seller_id` and `seller_name` name
 * the affected member: the ad's seller, the post's author, the reported member of a conversation
 * (a conversation whose members reported each other makes one group per reported member), the
 * story's owner, the reported member.
 */
export const moderationReportGroupSchema = z.object({
  kind: z.literal('reports'),
  target_type: moderationReportTargetSchema,
  target_id: z.string(),
  /** The ad's title, the thread's title of a post, 'Unterhaltung zu „…“', 'Story von …', or the member's name. */
  title: z.string(),
  /** The beginning of the reported post or the story's caption (plain text); else null. */
  excerpt: z.string().nullable(),
  /** Where the ADMIN opens the target: the ad's page, the post in its thread, the story, the member's page. */
  link: z.string(),
  image: z.string().nullable(),
  status: z.string(),
  seller_id: z.string(),
  seller_name: z.string(),
  /** What the ADMIN may decide here ({@link MODERATION_ACTIONS_BY_TARGET}). */
  actions: z.array(z.enum(['keep', 'remove', 'suspend'])),
  reports_count: z.number().int(),
  /** How many members reported it for each reason, most first. */
  reasons: z.array(z.object({ reason: z.string(), label: z.string(), count: z.number().int() })),
  reports: z.array(moderationReportSchema),
  first_reported_at: z.string(),
});
export type ModerationReportGroup = z.infer<typeof moderationReportGroupSchema>;

/** An open appeal in the queue, with the decision it contests. */
export const moderationAppealItemSchema = z.object({
  kind: z.literal('appeal'),
  appeal: moderationAppealSchema,
  decision: moderationDecisionSchema,
  /** Name of the ADMIN who took the first decision. */
  decided_by: z.string().nullable(),
  /** False for the ADMIN who took the first decision: another one must decide. */
  can_decide: z.boolean(),
});
export type ModerationAppealItem = z.infer<typeof moderationAppealItemSchema>;

/** `GET /api/admin/moderation/queue`: open reports grouped by ad, then open appeals; oldest first. */
export const moderationQueueSchema = z.object({
  reports: z.array(moderationReportGroupSchema),
  appeals: z.array(moderationAppealItemSchema),
});
export type ModerationQueue = z.infer<typeof moderationQueueSchema>;

const day = z
  .string({ error: 'Bitte gib ein Datum an (JJJJ-MM-TT).' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Bitte gib ein Datum an (JJJJ-MM-TT).');

/** `GET /api/admin/moderation/transparency(.csv)` query: the period, both days included (UTC). */
export const moderationTransparencyQuerySchema = z
  .object({ from: day, to: day })
  .refine((q) => q.from <= q.to, { message: 'Das Startdatum muss vor dem Enddatum liegen.', path: ['from'] });
export type ModerationTransparencyQuery = z.infer<typeof moderationTransparencyQuerySchema>;

/** The transparency report (DSA Art. 15, 24) for a period. */
export const moderationTransparencySchema = z.object({
  from: z.string(),
  to: z.string(),
  /** Notices received, by reason of the report. */
  notices: z.array(z.object({ reason: z.string(), count: z.number().int() })),
  notices_total: z.number().int(),
  /** Decisions taken, by ground and action. */
  decisions: z.array(
    z.object({
      ground: moderationGroundSchema,
      label: z.string(),
      action: moderationActionSchema,
      count: z.number().int(),
    }),
  ),
  decisions_total: z.number().int(),
  appeals: z.number().int(),
  reversals: z.number().int(),
  /** Median time from the first report to the decision, in hours; null without decisions. */
  median_handling_hours: z.number().nullable(),
});
export type ModerationTransparency = z.infer<typeof moderationTransparencySchema>;
