/**
 * The door of the buyer-seller chat (SPEC.md §2 "/chat", §7): the unread count for the 'Chat'
 * badges, the refresh after a live message, and the chat page.
 */

export { chatPages } from './pages.ts';
export { invalidateChatAfterMessage, useUnreadMessageCount } from './unread.ts';
