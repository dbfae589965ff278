import type { NotificationServerMessage } from '@marketplace/contract';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { fetchCurrentUser } from '../../lib/currentUser.ts';
import { clearSession, getSession, storeAnsweredUser } from '../../lib/session.ts';
import {
  useLiveMessages,
  useNotificationSocketConnection,
  useSocketOpened,
} from '../../lib/socketNotifications.ts';
import { invalidateChatAfterMessage } from '../chat/index.ts';
import { invalidateFavorites } from '../favorites/index.ts';
import { listingQueryKey } from '../feed/index.ts';
import { invalidateFollowLists } from '../users/index.ts';
import { invalidateNotifications } from './api.ts';

/**
 * What a live message changes on screen (SPEC.md §4, §6, §7 "Sockets"): the queries it makes
 * stale are refetched by TanStack Query wherever they are shown.
 *
 * - `notification`: bell list, badge and /notifications; a follow notification also the follow lists;
 * - `new_follower`: the follow lists (SPEC.md §6) and the bell;
 * - `new_message`: chat badge, conversation list and that conversation;
 * - `favorite_update`: the favourites (other tabs and devices of the member);
 * - `listing_update`, `listing_status_changed`: that ad;
 * - `user_status_update`: `updated` reloads the stored user (name, avatar, role), `deleted` ends
 *   the session.
 */
export function applyLiveMessage(queryClient: QueryClient, message: NotificationServerMessage): void {
  switch (message.type) {
    case 'notification':
      void invalidateNotifications(queryClient);
      if (message.notification.type === 'follow') void invalidateFollowLists(queryClient);
      if (message.notification.type === 'message') void invalidateChatAfterMessage(queryClient, null);
      break;
    case 'new_follower':
      void invalidateFollowLists(queryClient);
      void invalidateNotifications(queryClient);
      break;
    case 'new_message':
      void invalidateChatAfterMessage(queryClient, message.conversation_id);
      break;
    case 'favorite_update':
      void invalidateFavorites(queryClient);
      void queryClient.invalidateQueries({ queryKey: listingQueryKey(message.listing_id) });
      break;
    case 'listing_update':
    case 'listing_status_changed':
      void queryClient.invalidateQueries({ queryKey: listingQueryKey(message.listing_id) });
      break;
    case 'user_status_update':
      if (message.status === 'deleted') clearSession();
      else void refreshCurrentUser();
      break;
    default:
      // connected, pong, admin_update, error: nothing on screen depends on them here.
      break;
  }
}

/** Stores the user `GET /api/me` answers now, if the session is still the same; failures keep the old one. */
async function refreshCurrentUser(): Promise<void> {
  const session = getSession();
  if (!session) return;
  try {
    storeAnsweredUser(session, session.token, await fetchCurrentUser());
  } catch {
    // The session check of the next page load decides; a live hint is no reason to log out.
  }
}

/**
 * Keeps the notification socket open while `loggedIn` and applies every live message with
 * {@link applyLiveMessage}. Each time the socket opens (the first time too), notifications and the
 * chat (badge, list, open conversation) are fetched again, so nothing sent while offline or before
 * the first open is missed.
 */
export function useLiveUpdates(loggedIn: boolean): void {
  const queryClient = useQueryClient();
  useNotificationSocketConnection(loggedIn);
  useLiveMessages(useCallback((message) => applyLiveMessage(queryClient, message), [queryClient]));
  useSocketOpened(
    useCallback(() => {
      void invalidateNotifications(queryClient);
      void invalidateChatAfterMessage(queryClient, null);
    }, [queryClient]),
  );
}
