import type { ComponentType } from 'react';

/** The event pages for the route table, each loaded when its route is first opened. */
export const eventPages = {
  list: () => import('./EventListPage.tsx').then((m) => m.EventListPage),
  event: () => import('./EventPage.tsx').then((m) => m.EventPage),
  create: () => import('./EventFormPage.tsx').then((m) => m.EventCreatePage),
  edit: () => import('./EventFormPage.tsx').then((m) => m.EventEditPage),
} satisfies Record<string, () => Promise<ComponentType>>;
