/**
 * Number of unread chat messages for the "Chat" badge (SPEC.md §2 "Mobile"). Always 0 for now:
 * the unread-count endpoint arrives with the chat feature, which then fetches it with limit 100
 * and refreshes it every 30 s (SPEC.md §7).
 */
export function useUnreadMessageCount(_enabled: boolean): number {
  return 0;
}
