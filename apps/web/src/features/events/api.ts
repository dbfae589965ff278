import type {
  EventCreate,
  EventList,
  EventParticipantList,
  EventParticipation,
  EventUpdate,
  LocalEvent,
} from '@marketplace/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiFetch } from '../../lib/api.ts';

/** Query keys of the event pages. */
export const eventKeys = {
  all: ['events'] as const,
  list: (search: string) => ['events', 'list', search] as const,
  event: (id: string) => ['events', 'one', id] as const,
  participants: (id: string) => ['events', 'participants', id] as const,
};

/** The filters of `/events` that the API takes, from the page's address. */
export function listSearch(search: URLSearchParams): string {
  const keep = new URLSearchParams();
  for (const key of ['postal_code', 'radius_km', 'category', 'when', 'from', 'to', 'page']) {
    const value = search.get(key);
    if (value) keep.set(key, value);
  }
  return keep.toString();
}

const notFound = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || error.status === 422);

/** `GET /api/events?…`: upcoming events for the filters in `search` (an address's query). */
export function eventListQuery(search: string) {
  return queryOptions({
    queryKey: eventKeys.list(search),
    queryFn: ({ signal }) => apiFetch<EventList>(`/api/events${search ? `?${search}` : ''}`, { signal }),
    staleTime: 30_000,
    retry: (failures, error) => failures < 1 && !(error instanceof ApiError && error.status === 422),
  });
}

/**
 * `GET /api/events/{id}` (with the session's token, so `participating` and `can` are the
 * viewer's; the page asks again when the member changes).
 */
export function eventQuery(id: string) {
  return queryOptions({
    queryKey: eventKeys.event(id),
    queryFn: ({ signal }) => apiFetch<LocalEvent>(`/api/events/${encodeURIComponent(id)}`, { signal }),
    staleTime: 30_000,
    retry: (failures, error) => failures < 1 && !notFound(error),
    retryOnMount: (query) => !notFound(query.state.error),
  });
}

export const useEventList = (search: string) => useQuery(eventListQuery(search));
export const useEvent = (id: string) => useQuery(eventQuery(id));

/** `GET /api/events/{id}/participants` (the organiser only). */
export function useParticipants(id: string, enabled: boolean) {
  return useQuery({
    queryKey: eventKeys.participants(id),
    queryFn: ({ signal }) =>
      apiFetch<EventParticipantList>(`/api/events/${encodeURIComponent(id)}/participants`, { signal }),
    enabled,
  });
}

/** 'Ich nehme teil' and its undoing; refreshes the event, the list and the participants. */
export function useParticipation(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (participate: boolean) =>
      apiFetch<EventParticipation>(`/api/events/${encodeURIComponent(id)}/participation`, {
        method: participate ? 'POST' : 'DELETE',
      }),
    onSettled: () => client.invalidateQueries({ queryKey: eventKeys.all }),
  });
}

/** The organiser cancels the event. */
export function useCancelEvent(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiFetch<LocalEvent>(`/api/events/${encodeURIComponent(id)}/cancel`, { method: 'POST' }),
    onSettled: () => client.invalidateQueries({ queryKey: eventKeys.all }),
  });
}

/** `POST /api/events` or, with an id, `PATCH /api/events/{id}`. */
export function useSaveEvent(id: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: EventCreate | EventUpdate) =>
      apiFetch<LocalEvent>(id ? `/api/events/${encodeURIComponent(id)}` : '/api/events', {
        method: id ? 'PATCH' : 'POST',
        body,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: eventKeys.all }),
  });
}

/** `POST /api/upload` with the image in the field `file`: its same-origin URL. */
export async function uploadEventImage(file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file);
  return (await apiFetch<{ url: string }>('/api/upload', { method: 'POST', body: form })).url;
}

/** The event pages' first answers as a visitor, for the server that renders them. */
export const eventQueries = {
  list: eventListQuery,
  event: eventQuery,
};
