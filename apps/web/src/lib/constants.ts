import {
  CHAT_MESSAGE_MAX,
  CHAT_UNREAD_CAP,
  NOTIFICATION_SOCKET_FIRST_CONNECT_MS,
  NOTIFICATION_SOCKET_MAX_RECONNECTS,
  NOTIFICATION_SOCKET_PING_MS,
  NOTIFICATION_SOCKET_RECONNECT_BASE_MS,
} from '@marketplace/contract';

/**
 * Business constants of SPEC.md §9 used by the web app, named by meaning.
 * Components import these instead of writing bare numbers.
 */

/** Scroll changes smaller than this (px) are ignored by the header (SPEC.md §2, §9). */
export const SCROLL_THRESHOLD_PX = 10;
/** The desktop top link bar hides when scrolling down past this offset (px) (SPEC.md §2, §9). */
export const HEADER_HIDE_AFTER_PX = 50;
/** Widths from this value (px) up use the desktop layout; below it the mobile layout (SPEC.md §2, §9). */
export const MOBILE_BREAKPOINT_PX = 900;

/** Delay (ms) after page load before the cookie banner appears (SPEC.md §4, §9). */
export const COOKIE_BANNER_DELAY_MS = 1000;
/** Snackbars hide themselves after this time (ms) (SPEC.md §2, §9). */
export const SNACKBAR_AUTO_HIDE_MS = 2500;

/** Width (px) of the notification panel opened from the bell (SPEC.md §2, §9). */
export const NOTIFICATION_PANEL_WIDTH = 420;
/** Maximum height (CSS length) of the notification panel (SPEC.md §2, §9). */
export const NOTIFICATION_PANEL_MAX_HEIGHT = '60vh';
/** Number of notifications listed in the bell panel (SPEC.md §9). */
export const NOTIFICATION_PANEL_LIMIT = 10;
/** Highest number a badge shows; above it reads "99+" (SPEC.md §9). */
export const BADGE_MAX = 99;
/** Refresh interval (ms) of the bell list and the unread counters (SPEC.md §7, §9). */
export const NOTIFICATION_REFRESH_MS = 30_000;

/** Height (px) of the mobile bottom navigation; content keeps this much space free below. */
export const BOTTOM_NAV_HEIGHT_PX = 56;

/** A logged-in session ends after this much inactivity (ms) (SPEC.md §4, §9). */
export const SESSION_TIMEOUT_MS = 30 * 60_000;
/** The inactivity warning appears this long (ms) before the session ends (SPEC.md §4, §9). */
export const SESSION_WARNING_BEFORE_MS = 5 * 60_000;
/** The stored token's expiry is checked this often (ms) (SPEC.md §4, §9). */
export const TOKEN_CHECK_INTERVAL_MS = 5 * 60_000;
/** How often (ms) the inactivity state is re-evaluated while logged in. */
export const SESSION_TICK_MS = 15_000;

/** Size (px) of a tile in the home category strip (SPEC.md §2 "Home", §9). */
export const CATEGORY_TILE_WIDTH_PX = 64;
export const CATEGORY_TILE_HEIGHT_PX = 80;

/**
 * Columns of ad grids per breakpoint (xs, sm, md, lg) for each view mode (SPEC.md §9):
 * standard 2/3/4/5, compact 3/4/5/6.
 */
export const GRID_COLUMNS = {
  standard: { xs: 2, sm: 3, md: 4, lg: 5 },
  compact: { xs: 3, sm: 4, md: 5, lg: 6 },
} as const;

/** Pause (ms) after typing before search suggestions or place completions are asked for. */
export const COMPLETION_DEBOUNCE_MS = 250;

/** Number of similar ads shown below an ad. */
export const SIMILAR_LISTINGS_LIMIT = 10;

/** Delay (ms) after page load before the notification socket first connects (SPEC.md §4, §9). */
export const SOCKET_FIRST_CONNECT_DELAY_MS = NOTIFICATION_SOCKET_FIRST_CONNECT_MS;
/** The notification socket sends a ping this often (ms) (SPEC.md §7, §9). */
export const SOCKET_PING_INTERVAL_MS = NOTIFICATION_SOCKET_PING_MS;
/** First reconnect delay (ms) of the notification socket; each further retry doubles it (SPEC.md §9). */
export const SOCKET_RECONNECT_BASE_DELAY_MS = NOTIFICATION_SOCKET_RECONNECT_BASE_MS;
/** Reconnect attempts of the notification socket after a close, at most (SPEC.md §4, §9). */
export const SOCKET_MAX_RECONNECTS = NOTIFICATION_SOCKET_MAX_RECONNECTS;

/** Unread chat messages are counted up to this many (SPEC.md §7 "limit 100"); badges show 99+. */
export const CHAT_UNREAD_LIMIT = CHAT_UNREAD_CAP;
/** Longest chat message in characters (the composer's counter). */
export const CHAT_MESSAGE_MAX_CHARS = CHAT_MESSAGE_MAX;
/** Below this width (px) the chat shows one column: the list or the open conversation. */
export const CHAT_TWO_COLUMNS_FROM_PX = MOBILE_BREAKPOINT_PX;
/** Notifications per page of /notifications. */
export const NOTIFICATIONS_PAGE_SIZE = 20;
