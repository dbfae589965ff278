import type { ChatUnreadCount } from '@marketplace/contract';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api.ts';
import { CHAT_UNREAD_LIMIT, NOTIFICATION_REFRESH_MS } from '../../lib/constants.ts';

// What the shell shows of the chat (the 'Chat' badges) and the refresh after a live message,
// apart from the chat page's calls, so the first script carries only these. The answer is taken
// as typed: the server serializes it with the contract's schema
// (docs/decisions/0017-checks-off-the-first-load.md).

/** Query keys of the chat; a new message invalidates {@link chatKeys.all}. */
export const chatKeys = {
  all: ['chat'] as const,
  unread: ['chat', 'unread-count'] as const,
  conversations: ['chat', 'conversations'] as const,
  conversation: (id: string) => ['chat', 'conversation', id] as const,
  messages: (id: string) => ['chat', 'messages', id] as const,
};

/** `GET /api/chat/unread-count?limit=100` (SPEC.md §7): unread messages, at most 100. @throws ApiError */
export async function fetchUnreadMessageCount(signal?: AbortSignal): Promise<number> {
  const body = await apiFetch<ChatUnreadCount>(`/api/chat/unread-count?limit=${CHAT_UNREAD_LIMIT}`, {
    signal,
  });
  return body.unread_count;
}

/**
 * Unread chat messages for the 'Chat' badges (SPEC.md §2 "Mobile", §7: limit 100, refreshed
 * every 30 s and live). 0 while `enabled` is false (logged out) and on failure.
 */
export function useUnreadMessageCount(enabled: boolean): number {
  const query = useQuery({
    queryKey: chatKeys.unread,
    queryFn: ({ signal }) => fetchUnreadMessageCount(signal),
    enabled,
    refetchInterval: enabled ? NOTIFICATION_REFRESH_MS : false,
    retry: false,
  });
  return enabled ? (query.data ?? 0) : 0;
}

/**
 * After a live message (SPEC.md §7 `new_message`) or a reconnect: refetches the badge, the
 * list and the conversation `conversationId` (every conversation when null).
 */
export async function invalidateChatAfterMessage(
  queryClient: QueryClient,
  conversationId: string | null,
): Promise<void> {
  if (conversationId === null) {
    await queryClient.invalidateQueries({ queryKey: chatKeys.all });
    return;
  }
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: chatKeys.unread }),
    queryClient.invalidateQueries({ queryKey: chatKeys.conversations }),
    queryClient.invalidateQueries({ queryKey: chatKeys.conversation(conversationId) }),
    queryClient.invalidateQueries({ queryKey: chatKeys.messages(conversationId) }),
  ]);
}
