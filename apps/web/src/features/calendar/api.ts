import {
  type CalendarEntry,
  type CalendarSubscription,
  calendarEntryListSchema,
  calendarSubscriptionSchema,
} from '@marketplace/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api.ts';

/** Query keys of the calendar: entries per span, and the subscription. */
export const calendarKeys = {
  all: ['calendar'] as const,
  entries: (from: string, to: string) => ['calendar', 'entries', from, to] as const,
  subscription: ['calendar', 'subscription'] as const,
};

/**
 * `GET /api/calendar?from=&to=`: my appointments and the events I take part in, starting in
 * [from, to) (ISO 8601 instants). @throws ApiError
 */
export async function fetchCalendar(
  from: string,
  to: string,
  signal?: AbortSignal,
): Promise<CalendarEntry[]> {
  const query = new URLSearchParams({ from, to });
  return calendarEntryListSchema.parse(await apiFetch(`/api/calendar?${query}`, { signal })).entries;
}

/** The entries of one span (the calendar's visible range, or the upcoming weeks); idle while `from` is ''. */
export function useCalendarEntries(from: string, to: string) {
  return useQuery({
    queryKey: calendarKeys.entries(from, to),
    queryFn: ({ signal }) => fetchCalendar(from, to, signal),
    enabled: from !== '' && to !== '',
  });
}

/** `GET /api/calendar/subscription`: my feed address, nulls while none was made. */
export function useCalendarSubscription() {
  return useQuery({
    queryKey: calendarKeys.subscription,
    queryFn: async ({ signal }): Promise<CalendarSubscription> =>
      calendarSubscriptionSchema.parse(await apiFetch('/api/calendar/subscription', { signal })),
  });
}

/** `POST /api/calendar/subscription`: makes or renews my feed address (the old one stops working). */
export function useRenewCalendarSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      calendarSubscriptionSchema.parse(await apiFetch('/api/calendar/subscription', { method: 'POST' })),
    onSuccess: (subscription) => queryClient.setQueryData(calendarKeys.subscription, subscription),
  });
}
