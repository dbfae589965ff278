/**
 * The door of the buyer-seller chat (SPEC.md §2 "/chat", §7): the unread count for the 'Chat'
 * badges, the refresh after a live message, and the chat page.
 */
export { invalidateChatAfterMessage, useUnreadMessageCount } from './api.ts';
export { chatPages } from './pages.ts';
