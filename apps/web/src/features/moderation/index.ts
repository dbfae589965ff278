/**
 * The door of notice and action for members (DSA Art. 17, 20; docs/decisions/0009-reports-queue.md):
 * /moderation/decisions/{id}, the statement of reasons with 'Widerspruch einlegen'.
 */
export { moderationPages } from './pages.ts';
