/**
 * The door of the member's calendar (SPEC.md §2 /calendar): appointments agreed in chat and the
 * events taken part in, in month, week and list views, and the iCalendar subscription.
 */

export { calendarPages } from './pages.ts';
