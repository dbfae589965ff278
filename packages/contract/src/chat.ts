import { z } from 'zod';
import { appointmentSchema } from './calendar.ts';
import { CHAT_MESSAGE_MAX, CHAT_UNREAD_CAP } from './constants.ts';
import { LISTING_PRICE_MAX_EUR, listingStatusSchema, priceTypeSchema } from './listings.ts';
import { isWholeCents } from './money.ts';
import { userText } from './text.ts';

/**
 * Buyer-seller chat at /chat (SPEC.md §2 "/chat?listingId={id}", "/chat?sellerId={id}"; §3
 * "Chat message event: conversation_id"; §7 "unread message count fetched with limit 100").
 * SPEC.md does not show the chat calls; this file is the contract the server and the web share.
 * All calls need a token; sending needs a verified e-mail address.
 */

/** Longest text of a rating in characters. */
export const CHAT_RATING_TEXT_MAX = 1000;
/** Longest text of a report in characters. */
export const CHAT_REPORT_TEXT_MAX = 1000;
/** Default and largest page of `GET /api/chat/conversations/{id}/messages`. */
export const CHAT_MESSAGES_PAGE = 30;
export const CHAT_MESSAGES_LIMIT_MAX = 100;
/** Default and largest page of `GET /api/chat/conversations`. */
export const CHAT_CONVERSATIONS_PAGE = 30;
export const CHAT_CONVERSATIONS_LIMIT_MAX = 100;
/** A member may send at most this many messages (offers and replies included) per minute. */
export const CHAT_MESSAGES_PER_MINUTE = 30;
/** Rating needs at least this many messages from each side of the conversation. */
export const CHAT_RATING_MIN_MESSAGES_EACH = 2;

/**
 * Kinds of messages: text and photo, the steps of a price offer ('Preisvorschlag'), and the
 * steps of an appointment ('Besichtigung' or 'Abholung', contract `calendar.ts`): a proposal
 * (also a counter proposal) and its acceptance, decline or cancellation.
 */
export const chatMessageKindSchema = z.enum([
  'text',
  'image',
  'offer',
  'offer_accepted',
  'offer_declined',
  'offer_countered',
  'appointment',
  'appointment_accepted',
  'appointment_declined',
  'appointment_cancelled',
]);
export type ChatMessageKind = z.infer<typeof chatMessageKindSchema>;

/**
 * State of an offer message (`offer` or `offer_countered`): `open` until the other side answers
 * it with `offer_accepted` (→ `accepted`), `offer_declined` (→ `declined`) or `offer_countered`
 * (→ `countered`, the counter offer is then the open one).
 */
export const chatOfferStatusSchema = z.enum(['open', 'accepted', 'declined', 'countered']);
export type ChatOfferStatus = z.infer<typeof chatOfferStatusSchema>;

/**
 * The scam shield's warning on a message (docs/decisions/0031-scam-shield-in-chat.md), the worst
 * signal the server found in it when it was sent: `advance_payment` (PayPal 'Freunde und
 * Familie', 'Vorkasse', a transfer before shipping, money transfer services, gift cards),
 * `foreign_link` (a link to another site, e.g. a shipping or payment look-alike) or
 * `off_platform` (asks to go on in WhatsApp, Telegram, Signal, by e-mail or to a phone number).
 */
export const chatWarningSchema = z.enum(['advance_payment', 'foreign_link', 'off_platform']);
export type ChatWarning = z.infer<typeof chatWarningSchema>;

/**
 * One message. `content` is the trimmed text ('' for a photo or offer step without text);
 * `image` a same-origin URL answered by `POST /api/upload`; `amount` the offered price in euros
 * (offer kinds only, else null). Messages are ordered by `created_at`, then by storage order.
 */
export const chatMessageSchema = z.object({
  id: z.string(),
  conversation_id: z.string(),
  sender_id: z.string(),
  kind: chatMessageKindSchema,
  content: z.string(),
  image: z.string().nullable(),
  /** Euros, two decimals at most; set for `offer`, `offer_countered` and the answer that names it. */
  amount: z.number().nullable(),
  /** For `offer_accepted` / `offer_declined` / `offer_countered`: the offer message it answers. */
  offer_id: z.string().nullable(),
  /** For `offer` and `offer_countered`: its state; null for other kinds. */
  offer_status: chatOfferStatusSchema.nullable(),
  /** Whether the caller may accept, decline or counter this offer now (server policy). */
  can_respond: z.boolean(),
  /** The sender's UUID for idempotent retries; null for messages the server wrote itself. */
  client_id: z.string().nullable(),
  created_at: z.string(),
  /** When the recipient read it (ISO 8601); null while unread. */
  read_at: z.string().nullable(),
  /**
   * The scam shield's warning, for the recipient only: always null for the sender's own messages
   * (the sender is not told). Optional so that clients and servers of before the shield agree.
   */
  warning: chatWarningSchema.nullable().optional(),
  /**
   * Appointment kinds: the appointment as it stands now (its state, what the caller may do);
   * null for other kinds. Optional so that clients and servers of before appointments agree.
   */
  appointment: appointmentSchema.nullable().optional(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** The ad a conversation is about, as the chat list and header show it. */
export const chatListingSchema = z.object({
  id: z.string(),
  title: z.string(),
  /** Card-size cover URL, or the placeholder. */
  thumbnail: z.string(),
  /** Euros (0 for free). */
  price: z.number(),
  price_type: priceTypeSchema,
  status: listingStatusSchema,
});
export type ChatListing = z.infer<typeof chatListingSchema>;

/** The other member of a conversation. */
export const chatMemberSchema = z.object({
  id: z.string(),
  name: z.string(),
  avatar: z.string().nullable(),
});
export type ChatMember = z.infer<typeof chatMemberSchema>;

/** Newest message of a conversation for the list: a shortened text or a hint ('Foto', 'Preisvorschlag: 50 €'). */
export const chatLastMessageSchema = z.object({
  preview: z.string(),
  created_at: z.string(),
  sender_id: z.string(),
  kind: chatMessageKindSchema,
});

/** A rating one member gave the other in a conversation. */
export const chatRatingSchema = z.object({
  stars: z.number().int().min(1).max(5),
  text: z.string().nullable(),
  created_at: z.string(),
});
export type ChatRating = z.infer<typeof chatRatingSchema>;

/**
 * One conversation from the caller's side. `listing` is null for a conversation with a member
 * without an ad (/chat?sellerId=) or when the ad was deleted. The `can_*` flags are the server's
 * policy: the web shows the button because the server said so.
 */
export const chatConversationSchema = z.object({
  id: z.string(),
  listing: chatListingSchema.nullable(),
  /** `buyer` started the conversation (about the other's ad), `seller` owns the ad. */
  my_role: z.enum(['buyer', 'seller']),
  other_member: chatMemberSchema,
  last_message: chatLastMessageSchema.nullable(),
  /** Messages from the other member the caller has not read. */
  unread_count: z.number().int(),
  blocked_by_me: z.boolean(),
  blocked_me: z.boolean(),
  /** Whether the caller may send (not blocked either way). */
  can_send: z.boolean(),
  /** Whether a price offer is possible: an ad with price type `negotiable` (VB), the caller the buyer. */
  can_offer: z.boolean(),
  /** Whether the caller may rate the other member now (ad conversation, both wrote 2+ messages, not rated yet). */
  can_rate: z.boolean(),
  my_rating: chatRatingSchema.nullable(),
  /** Whether the caller has reported this conversation. */
  reported: z.boolean(),
  created_at: z.string(),
  /** Time of the newest message, or of the start; the list is ordered by it, newest first. */
  last_activity_at: z.string(),
});
export type ChatConversation = z.infer<typeof chatConversationSchema>;

/** `GET /api/chat/conversations` query; `cursor` is the previous answer's `next_cursor`. */
export const chatConversationListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(CHAT_CONVERSATIONS_LIMIT_MAX).default(CHAT_CONVERSATIONS_PAGE),
  cursor: userText().max(200).optional(),
});
export type ChatConversationListQuery = z.input<typeof chatConversationListQuerySchema>;

/** `GET /api/chat/conversations` answer: newest activity first. */
export const chatConversationListSchema = z.object({
  conversations: z.array(chatConversationSchema),
  next_cursor: z.string().nullable(),
});
export type ChatConversationList = z.infer<typeof chatConversationListSchema>;

/**
 * `POST /api/chat/conversations` body: `{ listing_id }` to write to the seller of an ad, or
 * `{ user_id }` for a conversation without an ad. Idempotent: the same buyer and ad (or the
 * same two members without an ad) always get the same conversation (201 when new, else 200).
 */
export const chatConversationStartSchema = z.union(
  [
    z.object({ listing_id: userText().min(1).max(100) }).strict(),
    z.object({ user_id: userText().min(1).max(100) }).strict(),
  ],
  { error: 'Bitte gib eine Anzeige (listing_id) oder ein Mitglied (user_id) an.' },
);
export type ChatConversationStart = z.input<typeof chatConversationStartSchema>;

/**
 * `GET /api/chat/conversations/{id}/messages` query. Without `before`/`after`: the newest page.
 * `before=<message id>`: the page of older messages before it (scrolling up). `after=<message id>`:
 * messages after it, oldest first (catching up after a reconnect).
 */
export const chatMessageListQuerySchema = z.object({
  before: userText().max(100).optional(),
  after: userText().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(CHAT_MESSAGES_LIMIT_MAX).default(CHAT_MESSAGES_PAGE),
});
export type ChatMessageListQuery = z.input<typeof chatMessageListQuerySchema>;

/**
 * Messages answer, always oldest first within the page. `has_more`: further messages exist in
 * the direction asked (older ones for the newest page and `before`; newer ones for `after`).
 */
export const chatMessageListSchema = z.object({
  messages: z.array(chatMessageSchema),
  has_more: z.boolean(),
});
export type ChatMessageList = z.infer<typeof chatMessageListSchema>;

const clientIdSchema = z.uuid({ error: 'Die client_id muss eine UUID sein.' });

/** Euros of an offer: more than 0, at most {@link LISTING_PRICE_MAX_EUR}, two decimals at most. */
export const chatOfferAmountSchema = z
  .number({ error: 'Bitte gib einen Betrag ein.' })
  .positive('Der Betrag muss größer als 0 € sein.')
  .max(LISTING_PRICE_MAX_EUR, 'Der Betrag ist zu hoch.')
  .refine(isWholeCents, { message: 'Der Betrag darf höchstens zwei Nachkommastellen haben.' });

const messageTextSchema = userText({ multiline: true, error: 'Die Nachricht muss ein Text sein.' })
  .trim()
  .max(CHAT_MESSAGE_MAX, `Die Nachricht darf höchstens ${CHAT_MESSAGE_MAX} Zeichen lang sein.`);

/**
 * `POST /api/chat/conversations/{id}/messages` body. `client_id` is a UUID the client makes once
 * per message: a retry with the same one answers the stored message (200) and stores nothing
 * new. `kind` defaults to `image` with `image`, else `text`; `text` needs 1–2,000 characters
 * after trimming; `image` a URL from `POST /api/upload` (`/api/images/…`), `content` then an
 * optional caption; `offer` needs `amount` (same as `POST …/offers`).
 */
export const chatMessageCreateSchema = z
  .object({
    client_id: clientIdSchema,
    content: messageTextSchema.optional(),
    image: userText().max(500).optional(),
    kind: z.enum(['text', 'image', 'offer']).optional(),
    amount: chatOfferAmountSchema.optional(),
  })
  .superRefine((body, ctx) => {
    const kind = body.kind ?? (body.image ? 'image' : 'text');
    if (kind === 'text' && !body.content) {
      ctx.addIssue({ code: 'custom', path: ['content'], message: 'Bitte gib eine Nachricht ein.' });
    }
    if (kind === 'image' && !body.image) {
      ctx.addIssue({ code: 'custom', path: ['image'], message: 'Bitte wähle ein Foto.' });
    }
    if (kind === 'offer' && body.amount === undefined) {
      ctx.addIssue({ code: 'custom', path: ['amount'], message: 'Bitte gib einen Betrag ein.' });
    }
    if (kind !== 'offer' && body.amount !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['amount'],
        message: 'Ein Betrag gehört nur zu einem Preisvorschlag.',
      });
    }
  });
export type ChatMessageCreate = z.input<typeof chatMessageCreateSchema>;

/** `POST /api/chat/conversations/{id}/offers` and `…/offers/{messageId}/counter` body. */
export const chatOfferCreateSchema = z.object({
  amount: chatOfferAmountSchema,
  /** Optional idempotency key, as for messages. */
  client_id: clientIdSchema.optional(),
});
export type ChatOfferCreate = z.input<typeof chatOfferCreateSchema>;

/**
 * `POST /api/chat/conversations/{id}/offers/{messageId}/accept` body. `reserve: true` (only the
 * seller) also marks the ad reserved ('reserviert') in the same step.
 */
export const chatOfferAcceptSchema = z.object({
  reserve: z.boolean().default(false),
  client_id: clientIdSchema.optional(),
});
export type ChatOfferAccept = z.input<typeof chatOfferAcceptSchema>;

/** `POST …/offers/{messageId}/decline` body (may be empty). */
export const chatOfferDeclineSchema = z.object({ client_id: clientIdSchema.optional() });

/** Answer of the offer steps: the new message; `reserved` true when the ad is now reserved. */
export const chatOfferResultSchema = z.object({
  message: chatMessageSchema,
  reserved: z.boolean(),
});
export type ChatOfferResult = z.infer<typeof chatOfferResultSchema>;

/** `POST /api/chat/conversations/{id}/read` answer: how many became read, and the new badge count. */
export const chatReadResultSchema = z.object({
  marked_read: z.number().int(),
  unread_count: z.number().int(),
});
export type ChatReadResult = z.infer<typeof chatReadResultSchema>;

/** `GET /api/chat/unread-count` query: count up to `limit` (SPEC.md §7 sends `limit=100`). */
export const chatUnreadCountQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(CHAT_UNREAD_CAP).default(CHAT_UNREAD_CAP),
});

/** `GET /api/chat/unread-count` answer: unread messages over all conversations, at most {@link CHAT_UNREAD_CAP}. */
export const chatUnreadCountSchema = z.object({ unread_count: z.number().int() });
export type ChatUnreadCount = z.infer<typeof chatUnreadCountSchema>;

/** Why a conversation is reported. */
export const chatReportReasonSchema = z.enum(['spam', 'fraud', 'harassment', 'offensive', 'other'], {
  error: 'Bitte wähle einen Grund für die Meldung.',
});
export type ChatReportReason = z.infer<typeof chatReportReasonSchema>;

/** `POST /api/chat/conversations/{id}/report` body; reporting again updates the report (201). */
export const chatReportBodySchema = z.object({
  reason: chatReportReasonSchema,
  text: userText({ multiline: true })
    .trim()
    .max(CHAT_REPORT_TEXT_MAX, `Der Hinweis darf höchstens ${CHAT_REPORT_TEXT_MAX} Zeichen lang sein.`)
    .optional(),
});
export type ChatReportBody = z.input<typeof chatReportBodySchema>;

/** `POST /api/chat/conversations/{id}/report` answer (201). */
export const chatReportResultSchema = z.object({ detail: z.string() });

/**
 * `POST /api/chat/conversations/{id}/rating` body: 1–5 stars, optional text up to 1,000
 * characters. Allowed once per member and conversation about an ad, after both sides wrote at
 * least {@link CHAT_RATING_MIN_MESSAGES_EACH} messages (else 400; a second rating 409).
 */
export const chatRatingBodySchema = z.object({
  stars: z
    .number({ error: 'Bitte vergib 1 bis 5 Sterne.' })
    .int('Bitte vergib 1 bis 5 Sterne.')
    .min(1, 'Bitte vergib 1 bis 5 Sterne.')
    .max(5, 'Bitte vergib 1 bis 5 Sterne.'),
  text: userText({ multiline: true })
    .trim()
    .max(CHAT_RATING_TEXT_MAX, `Die Bewertung darf höchstens ${CHAT_RATING_TEXT_MAX} Zeichen lang sein.`)
    .optional(),
});
export type ChatRatingBody = z.input<typeof chatRatingBodySchema>;
