import type { ComponentType } from 'react';

/**
 * The calendar page for the route table, loaded when /calendar is first opened (its own chunk,
 * with the calendar component).
 */
export const calendarPages = {
  calendar: () => import('./CalendarPage.tsx').then((m) => m.CalendarPage),
} satisfies Record<string, () => Promise<ComponentType>>;
