import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ApiError, apiFetch } from '../../lib/api.ts';
import { NOTIFICATION_PANEL_LIMIT, NOTIFICATION_REFRESH_MS } from '../../lib/constants.ts';
import { clearSession } from '../../lib/session.ts';

/** A notification as SPEC.md §3 names it (fields the bell panel reads). */
export const notificationSchema = z
  .object({
    id: z.union([z.string(), z.number()]),
    type: z.string(),
    title: z.string(),
    message: z.string(),
    is_read: z.boolean(),
    created_at: z.string(),
  })
  .loose();
export type Notification = z.infer<typeof notificationSchema>;

/** The list answer: a plain array or an object with `notifications`. */
const notificationListSchema = z.union([
  z.array(notificationSchema),
  z.object({ notifications: z.array(notificationSchema) }).transform((body) => body.notifications),
]);

const notificationStatsSchema = z.object({ unread_notifications: z.number().int().nonnegative() }).loose();

export const notificationsQueryKey = ['notifications'] as const;

/**
 * Runs a notifications call with the failure rules of SPEC.md §8: a 401 clears the session and
 * gives `empty`; any other failure is logged and gives `empty`.
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

/** `GET /api/notifications?limit=10` (SPEC.md §7, §9): the newest notifications, [] on failure. */
export function fetchLatestNotifications(signal?: AbortSignal): Promise<Notification[]> {
  return orEmpty(async () => {
    const body = await apiFetch(`/api/notifications?limit=${NOTIFICATION_PANEL_LIMIT}`, { signal });
    return notificationListSchema.parse(body).slice(0, NOTIFICATION_PANEL_LIMIT);
  }, []);
}

/** `GET /api/notifications/stats` (SPEC.md §7): the unread count, 0 on failure. */
export function fetchUnreadNotificationCount(signal?: AbortSignal): Promise<number> {
  return orEmpty(async () => {
    const body = await apiFetch('/api/notifications/stats', { signal });
    return notificationStatsSchema.parse(body).unread_notifications;
  }, 0);
}

/** The bell panel list, refreshed every 30 s while `enabled` (logged in) (SPEC.md §7). */
export function useLatestNotifications(enabled: boolean) {
  return useQuery({
    queryKey: [...notificationsQueryKey, 'latest'],
    queryFn: ({ signal }) => fetchLatestNotifications(signal),
    enabled,
    refetchInterval: NOTIFICATION_REFRESH_MS,
    retry: false,
  });
}

/** Unread count for the bell badge, refreshed every 30 s while `enabled`; 0 otherwise. */
export function useUnreadNotificationCount(enabled: boolean): number {
  const query = useQuery({
    queryKey: [...notificationsQueryKey, 'unread-count'],
    queryFn: ({ signal }) => fetchUnreadNotificationCount(signal),
    enabled,
    refetchInterval: NOTIFICATION_REFRESH_MS,
    retry: false,
  });
  return enabled ? (query.data ?? 0) : 0;
}
