/**
 * The door of the notifications area (SPEC.md §2 bell, §4 "Notification" and "Notification
 * socket", §8): the bell's list and unread count with their read marks, the live updates over
 * the notification socket, and the pages /notifications and /notifications/settings.
 */
export {
  useLatestNotifications,
  useMarkAllNotificationsRead,
  useMarkNotificationRead,
  useUnreadNotificationCount,
} from './api.ts';
export { LiveUpdates, notificationPages } from './pages.ts';
export { applyLiveMessage, useLiveUpdates } from './useLiveUpdates.ts';
