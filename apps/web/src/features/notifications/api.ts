import type {
  Notification,
  NotificationList,
  NotificationPreferences,
  NotificationPreferencesBody,
  NotificationStats,
  NotificationType,
  notificationListQuerySchema,
} from '@marketplace/contract';
import {
  keepPreviousData,
  type QueryClient,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { z } from 'zod';
import { ApiError, apiFetch } from '../../lib/api.ts';
import { NOTIFICATION_PANEL_LIMIT, NOTIFICATION_REFRESH_MS } from '../../lib/constants.ts';
import { clearSession } from '../../lib/session.ts';

// The bell uses these calls on every page, so their answers are taken as typed: the server
// serializes them with the contract's schemas, and the first script loads no schema library
// (docs/decisions/0017-checks-off-the-first-load.md).

/** Which notifications a list shows (the parsed query of `GET /api/notifications`, all optional). */
export type NotificationListQuery = Partial<z.output<typeof notificationListQuerySchema>>;

/** Query keys of this area; every change of notifications invalidates {@link notificationKeys.all}. */
export const notificationKeys = {
  all: ['notifications'] as const,
  list: (query: NotificationListQuery) => ['notifications', 'list', query] as const,
  latest: ['notifications', 'list', { limit: NOTIFICATION_PANEL_LIMIT }] as const,
  stats: ['notifications', 'stats'] as const,
  preferences: ['notification-preferences'] as const,
};

/** The empty answer of SPEC.md §8 for a list that could not be loaded. */
export const EMPTY_NOTIFICATION_LIST: NotificationList = { notifications: [], total: 0, unread: 0 };

/** The empty stats of SPEC.md §8 ("stats all zero"). */
export const EMPTY_NOTIFICATION_STATS: NotificationStats = {
  total_notifications: 0,
  unread_notifications: 0,
  read_notifications: 0,
  notifications_by_type: {
    follow: 0,
    new_listing: 0,
    listing_view: 0,
    listing_favorite: 0,
    message: 0,
    forum_reply: 0,
    forum_mention: 0,
    forum_like: 0,
    story_reaction: 0,
    verification: 0,
    moderation: 0,
    saved_search: 0,
    event: 0,
    appointment: 0,
    payment: 0,
  },
};

/**
 * Runs a notifications call with the failure rules of SPEC.md §8: a 401 clears the session and
 * gives `empty`; any other failure is logged and gives `empty`. Never throws.
 */
async function orEmpty<T>(call: () => Promise<T>, empty: T): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      clearSession();
    } else {
      console.warn('Notifications could not be loaded:', error);
    }
    return empty;
  }
}

/** A 401 of a notifications change also ends the session (SPEC.md §8); the error is rethrown. */
async function clearingSessionOn401<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) clearSession();
    throw error;
  }
}

function listPath(query: NotificationListQuery): string {
  const params = new URLSearchParams();
  if (query.limit !== undefined) params.set('limit', String(query.limit));
  if (query.offset !== undefined) params.set('offset', String(query.offset));
  if (query.unread_only) params.set('unread_only', 'true');
  if (query.type) params.set('type', query.type);
  const search = params.toString();
  return search ? `/api/notifications?${search}` : '/api/notifications';
}

/**
 * `GET /api/notifications?limit&offset&unread_only&type` (SPEC.md §7): one page, newest first,
 * with `total` (matching the filters) and `unread` (all unread, for the badge). Failures give
 * {@link EMPTY_NOTIFICATION_LIST} (SPEC.md §8).
 */
export function fetchNotifications(
  query: NotificationListQuery,
  signal?: AbortSignal,
): Promise<NotificationList> {
  return orEmpty(() => apiFetch<NotificationList>(listPath(query), { signal }), EMPTY_NOTIFICATION_LIST);
}

/** `GET /api/notifications/stats` (SPEC.md §3, §7); failures give {@link EMPTY_NOTIFICATION_STATS}. */
export function fetchNotificationStats(signal?: AbortSignal): Promise<NotificationStats> {
  return orEmpty(
    () => apiFetch<NotificationStats>('/api/notifications/stats', { signal }),
    EMPTY_NOTIFICATION_STATS,
  );
}

/** `POST /api/notifications/{id}/read` (SPEC.md §4 "Unread becomes read when clicked"). @throws ApiError */
export function markNotificationRead(id: string): Promise<void> {
  return clearingSessionOn401(async () => {
    await apiFetch(`/api/notifications/${encodeURIComponent(id)}/read`, { method: 'POST' });
  });
}

/** `POST /api/notifications/read-all` (SPEC.md §4 "mark-all-read"). @throws ApiError */
export function markAllNotificationsRead(): Promise<void> {
  return clearingSessionOn401(async () => {
    await apiFetch('/api/notifications/read-all', { method: 'POST' });
  });
}

/** `DELETE /api/notifications/{id}` (SPEC.md §7). @throws ApiError */
export function deleteNotification(id: string): Promise<void> {
  return clearingSessionOn401(async () => {
    await apiFetch(`/api/notifications/${encodeURIComponent(id)}`, { method: 'DELETE' });
  });
}

/** `GET /api/notifications/preferences`: both channels of every type. @throws ApiError */
export function fetchNotificationPreferences(signal?: AbortSignal): Promise<NotificationPreferences> {
  return clearingSessionOn401(() =>
    apiFetch<NotificationPreferences>('/api/notifications/preferences', { signal }),
  );
}

/** `PUT /api/notifications/preferences` (SPEC.md §7 "body: preferences object"); answers all settings. @throws ApiError */
export function saveNotificationPreferences(
  body: NotificationPreferencesBody,
): Promise<NotificationPreferences> {
  return clearingSessionOn401(() =>
    apiFetch<NotificationPreferences>('/api/notifications/preferences', { method: 'PUT', body }),
  );
}

/**
 * The bell's list: the 10 newest notifications and the unread count, refreshed every 30 s while
 * `enabled` (logged in) (SPEC.md §7, §9). The badge reads the same query, so one request serves both.
 */
export function useLatestNotifications(enabled: boolean) {
  return useQuery({
    queryKey: notificationKeys.latest,
    queryFn: ({ signal }) => fetchNotifications({ limit: NOTIFICATION_PANEL_LIMIT }, signal),
    enabled,
    refetchInterval: enabled ? NOTIFICATION_REFRESH_MS : false,
    retry: false,
  });
}

/** Unread notifications for the bell badge while `enabled`; 0 otherwise or on failure. */
export function useUnreadNotificationCount(enabled: boolean): number {
  const query = useLatestNotifications(enabled);
  return enabled ? (query.data?.unread ?? 0) : 0;
}

/** One page of the /notifications list; the previous page stays shown while the next loads. */
export function useNotificationPage(query: NotificationListQuery) {
  return useQuery({
    queryKey: notificationKeys.list(query),
    queryFn: ({ signal }) => fetchNotifications(query, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** Counts per type for the filter of /notifications (SPEC.md §3 "Notification stats"). */
export function useNotificationStats(enabled = true) {
  return useQuery({
    queryKey: notificationKeys.stats,
    queryFn: ({ signal }) => fetchNotificationStats(signal),
    enabled,
    retry: false,
  });
}

/** Refetches every notification list and the counts (after a live notification or a change). */
export function invalidateNotifications(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: notificationKeys.all });
}

/** Marks `notification` read in every cached list at once, then refetches. */
function markReadInCache(queryClient: QueryClient, id: string | null): void {
  queryClient.setQueriesData<NotificationList>({ queryKey: [...notificationKeys.all, 'list'] }, (list) => {
    if (!list) return list;
    let changed = 0;
    const notifications = list.notifications.map((item) => {
      if (item.is_read || (id !== null && item.id !== id)) return item;
      changed += 1;
      return { ...item, is_read: true };
    });
    return { ...list, notifications, unread: id === null ? 0 : Math.max(0, list.unread - changed) };
  });
}

/** Marks one notification read (optimistically in every list); failures only refetch. */
export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (notification: Notification) => markNotificationRead(notification.id),
    onMutate: (notification) => markReadInCache(queryClient, notification.id),
    onSettled: () => invalidateNotifications(queryClient),
  });
}

/** 'Alle als gelesen markieren': every notification read (optimistically), then refetched. */
export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onMutate: () => markReadInCache(queryClient, null),
    onSettled: () => invalidateNotifications(queryClient),
  });
}

/** Deletes one notification and refetches the lists and counts. */
export function useDeleteNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteNotification(id),
    onSettled: () => invalidateNotifications(queryClient),
  });
}

/** The member's notification settings (login required). */
export function useNotificationPreferences(enabled: boolean) {
  return useQuery({
    queryKey: notificationKeys.preferences,
    queryFn: ({ signal }) => fetchNotificationPreferences(signal),
    enabled,
    retry: false,
  });
}

/**
 * Saves changed channels or the digest switch. The switches show the change at once; the answer (all settings)
 * replaces the cached ones, and a failure puts the previous settings back.
 */
export function useSaveNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveNotificationPreferences,
    onMutate: async (body) => {
      await queryClient.cancelQueries({ queryKey: notificationKeys.preferences });
      const previous = queryClient.getQueryData<NotificationPreferences>(notificationKeys.preferences);
      if (previous) {
        const preferences = { ...previous.preferences };
        for (const [type, channels] of Object.entries(body.preferences) as [
          NotificationType,
          Partial<NotificationPreferences['preferences'][NotificationType]>,
        ][]) {
          const current = preferences[type] ?? { in_app: false, email: false };
          preferences[type] = { ...current, ...channels };
        }
        queryClient.setQueryData<NotificationPreferences>(notificationKeys.preferences, {
          ...previous,
          preferences,
          ...(body.digest === undefined ? {} : { digest: body.digest }),
        });
      }
      return { previous };
    },
    onError: (_error, _body, context) => {
      if (context?.previous) queryClient.setQueryData(notificationKeys.preferences, context.previous);
    },
    onSuccess: (preferences) => queryClient.setQueryData(notificationKeys.preferences, preferences),
  });
}

export type { NotificationType };
