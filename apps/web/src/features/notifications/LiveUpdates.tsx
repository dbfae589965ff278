import { useLiveUpdates } from './useLiveUpdates.ts';

/**
 * Keeps the notification socket open and applies its messages while mounted (SPEC.md §4
 * "Notification socket"). Rendered only for a logged-in member, and loaded as a chunk of its
 * own, so visitors' first script carries no socket code.
 */
export default function LiveUpdates() {
  useLiveUpdates(true);
  return null;
}
