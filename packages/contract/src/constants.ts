/**
 * The contract's value lists and limits, without zod: what the web app's first script needs
 * (the feed's page size and sorts, the address's filters, the stored session's role, the
 * notification and story sockets' timings, the favourites' fixed detail) and what the public
 * pages rendered on the server need before they hydrate (the list count's cap, the report
 * reasons of an ad and of a member with their labels), importable without loading zod
 * (docs/decisions/0017-checks-off-the-first-load.md). The schemas beside them build their enums
 * from these lists, so both say the same.
 */

import type { ModerationReportTarget } from './moderation.ts';

/** Feed page size (SPEC.md §4 "Home feed": first 20, each load adds 20). */
export const FEED_PAGE_SIZE = 20;

/**
 * Length of a new password in characters (docs/decisions/0033): here rather than
 * beside the password schema, so the texts that name it load no zod
 * (docs/decisions/0017-checks-off-the-first-load.md).
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** Radius choices of the location filter, in km ('Umkreis'). */
export const RADIUS_CHOICES_KM = [5, 10, 20, 50, 100] as const;

/** Price types: `fixed` Festpreis, `negotiable` VB, `free` Zu verschenken (ARCHITECTURE.md). */
export const PRICE_TYPES = ['fixed', 'negotiable', 'free'] as const;
/** Offer types: `offer` Biete, `wanted` Suche. */
export const OFFER_TYPES = ['offer', 'wanted'] as const;
/** Sort options (SPEC.md §9). `distance` orders by real distance from `postal_code`. */
export const LISTING_SORTS = ['newest', 'price-asc', 'price-desc', 'popular', 'distance'] as const;
/**
 * Sorts `GET /api/listings` accepts: those of SPEC.md §9 plus `relevance` (best full-text
 * match first).
 */
export const LISTING_QUERY_SORTS = [...LISTING_SORTS, 'relevance'] as const;

/**
 * Upper bound of `total`: lists count their matches up to this many and answer exactly this
 * number when there are more (so counting stays cheap on millions of ads); the search and
 * category pages then show '10.000+'. Paging is not capped.
 */
export const LISTINGS_TOTAL_CAP = 10_000;

/**
 * The ad lists (`GET /api/listings`, `GET /api/me/feed`) show their count exactly up to this
 * many; above it `total` is this number and `total_capped` is true, and the pages say 'über
 * 1.000 Anzeigen' (a text search then counts no further than this, docs/decisions/0035).
 * Paging is not capped.
 */
export const LISTINGS_COUNT_SHOWN = 1_000;

/** Roles of SPEC.md §6: ADMIN and SELLER. Every new member is a SELLER. */
export const ROLES = ['ADMIN', 'SELLER'] as const;

/** Longest chat message text in characters (after trimming). */
export const CHAT_MESSAGE_MAX = 2000;
/** `GET /api/chat/unread-count` counts up to this many (SPEC.md §7 "limit 100"); the badge shows 99+ above 99 (§9). */
export const CHAT_UNREAD_CAP = 100;

/** Path of the notification socket (SPEC.md §7 "Sockets"); the credential goes in `?token=`. */
export const NOTIFICATION_SOCKET_PATH = '/ws/notifications';
/** How often the client pings, in ms (SPEC.md §9 "Notification socket: ping 30 s"). */
export const NOTIFICATION_SOCKET_PING_MS = 30_000;
/** Reconnect attempts after a close, and the first delay (doubling) in ms (SPEC.md §4, §9). */
export const NOTIFICATION_SOCKET_MAX_RECONNECTS = 5;
export const NOTIFICATION_SOCKET_RECONNECT_BASE_MS = 1_000;
/** First connect after page load, in ms (SPEC.md §9). */
export const NOTIFICATION_SOCKET_FIRST_CONNECT_MS = 2_000;

/**
 * Close codes of the notification socket. 1008: missing, bad, expired or used token, or the
 * account was deleted: the client must not reconnect (SPEC.md §4). 1009: a frame over 16 kB.
 * 4008: too many messages, or more than 20 sockets of one member; the client may reconnect later.
 * (A foreign Origin is refused with HTTP 403 before the upgrade.)
 */
export const SOCKET_CLOSE_POLICY = 1008;
export const SOCKET_CLOSE_TOO_BIG = 1009;
export const SOCKET_CLOSE_RATE_LIMITED = 4008;

/** Path of the story socket (SPEC.md §7 "Sockets": `/ws/stories?token={token}`). */
export const STORY_SOCKET_PATH = '/ws/stories';
/** Lifetime of a story, in ms (24 hours). */
export const STORY_LIFETIME_MS = 24 * 60 * 60 * 1000;
/** Largest story media file, in bytes (SPEC.md §9: 50 MB). */
export const STORY_MAX_BYTES = 50 * 1024 * 1024;
/** MIME types a story's media may have, checked by the file's bytes (SPEC.md §5: JPG, PNG, MP4, MOV; WebP too). */
export const STORY_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const STORY_VIDEO_TYPES = ['video/mp4', 'video/quicktime'] as const;
/** Display time of an image story in seconds (SPEC.md §9: about 5 s). */
export const STORY_IMAGE_SECONDS = 5;
/** Feed default and largest page (SPEC.md §9: 50 used by the client). */
export const STORY_FEED_DEFAULT_LIMIT = 50;
export const STORY_FEED_MAX_LIMIT = 100;
/** Longest caption and reply, in characters. */
export const STORY_CAPTION_MAX = 500;
/** Longest story, in whole seconds: a picture's chosen duration and a video's length (a minute). */
export const STORY_SECONDS_MAX = 60;
export const STORY_REPLY_MAX = 1000;
/** Messages one story socket may send per window; beyond that the server answers `rate_limit_exceeded`. */
export const STORY_SOCKET_RATE_MAX = 30;
export const STORY_SOCKET_RATE_WINDOW_MS = 10_000;
/** Story socket client (SPEC.md §9): heartbeat, reconnects, rate-limit pause and cap. */
export const STORY_SOCKET_PING_MS = 30_000;
export const STORY_SOCKET_MAX_RECONNECTS = 5;
export const STORY_SOCKET_RECONNECT_MS = 3_000;
export const STORY_SOCKET_RATE_PAUSE_MS = 2_000;
export const STORY_SOCKET_RATE_CAP = 5;

/** The English detail of a repeated add, fixed by SPEC.md §8. */
export const FAVORITE_ALREADY_DETAIL = 'Listing is already in favorites';

/** The site name when none is configured. */
export const DEFAULT_SITE_NAME = 'Marktplatz';

/** Why an ad is reported (the report dialog's choices, `POST /api/listings/{id}/report`). */
export const REPORT_REASONS = ['fraud', 'prohibited', 'wrong_category', 'offensive', 'other'] as const;
/** Why a member is reported (`POST /api/users/{id}/report`). */
export const MEMBER_REPORT_REASONS = [
  'fake_profile',
  'fraud',
  'harassment',
  'spam',
  'offensive',
  'other',
] as const;
/** Longest note of a story or member report, in characters. */
export const REPORT_TEXT_MAX = 1000;

/** German labels of the reasons members give, by kind of report (the queue and the CSV show them). */
export const REPORT_REASON_LABELS: Record<ModerationReportTarget, Record<string, string>> = {
  listing: {
    fraud: 'Betrug oder Fake',
    prohibited: 'Verbotener Artikel',
    wrong_category: 'Falsche Kategorie',
    offensive: 'Beleidigend oder unangemessen',
    other: 'Sonstiges',
  },
  conversation: {
    spam: 'Spam',
    fraud: 'Betrugsversuch',
    harassment: 'Belästigung',
    offensive: 'Beleidigende Inhalte',
    other: 'Sonstiges',
  },
  story: {
    spam: 'Spam oder Werbung',
    fraud: 'Betrug',
    offensive: 'Beleidigend oder anstößig',
    sexual: 'Sexuelle Inhalte',
    violence: 'Gewalt oder Hass',
    other: 'Sonstiges',
  },
  user: {
    fake_profile: 'Gefälschtes Profil',
    fraud: 'Betrug',
    harassment: 'Belästigung',
    spam: 'Spam',
    offensive: 'Beleidigender Name oder Profilbild',
    other: 'Sonstiges',
  },
  // Forum reports carry the reporter's own words; they are shown as they are.
  forum_post: {},
};

/**
 * The shown statuses of an ad in German (contract listings.ts `listingStatusSchema`): the seller's
 * table, its filter and the CSV export. Here, without zod, so that the app's shell can use them.
 */
export const LISTING_STATUS_NAMES: Record<'active' | 'reserved' | 'sold' | 'expired' | 'removed', string> = {
  active: 'Aktiv',
  reserved: 'Reserviert',
  sold: 'Verkauft',
  expired: 'Abgelaufen',
  removed: 'Entfernt',
};
