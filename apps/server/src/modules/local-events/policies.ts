import type { LocalEventRow } from './schema.ts';

/** Whether `viewer` may edit or cancel the event and see who takes part: its organiser only. */
export function canEditEvent(viewer: string | null, event: Pick<LocalEventRow, 'organizerId'>): boolean {
  return viewer !== null && viewer === event.organizerId;
}

/** Whether the event still takes participants: planned, not over, not full. */
export function canParticipate(
  event: Pick<LocalEventRow, 'status' | 'endsAt' | 'maxParticipants' | 'participantCount'>,
  now: Date,
): boolean {
  return (
    event.status === 'scheduled' &&
    event.endsAt > now &&
    (event.maxParticipants === null || event.participantCount < event.maxParticipants)
  );
}
