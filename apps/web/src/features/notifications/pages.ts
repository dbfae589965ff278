import { type ComponentType, lazy } from 'react';

/**
 * The area's pages for the route table, each loaded when its route is first opened (its own
 * chunk). They live apart from index.ts so that the door stays a list of re-exports, which the
 * bundler looks through: the app's first script then carries none of the parts behind it.
 */
export const notificationPages = {
  notifications: () => import('./NotificationsPage.tsx').then((m) => m.NotificationsPage),
  settings: () => import('./NotificationSettingsPage.tsx').then((m) => m.NotificationSettingsPage),
} satisfies Record<string, () => Promise<ComponentType>>;

/**
 * The live updates of a logged-in member (socket, refetches), as a lazily loaded component that
 * renders nothing: visitors never load the socket code.
 */
export const LiveUpdates = lazy(() => import('./LiveUpdates.tsx'));
