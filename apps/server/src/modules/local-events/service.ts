import {
  EVENT_DURATION_MAX_DAYS,
  type EventParticipantList,
  type EventParticipation,
  type EventSummary,
  type LocalEvent,
} from '@marketplace/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { EventBus } from '../../realtime/event-bus.ts';
import { countRequest, type RequestLimit } from '../auth/index.ts';
import { renderMarkdown } from '../forum/index.ts';
import { claimEventImage } from '../media/index.ts';
import { findPlace } from '../places/index.ts';
import { displayName, findAccounts } from '../users/index.ts';
import { canEditEvent, canParticipate } from './policies.ts';
import { type LocalEventRow, localEventParticipants, localEvents } from './schema.ts';
import { berlinToUtc, utcToBerlinIso } from './times.ts';
import './events.ts';

/** What the event services need from the running application. */
export interface LocalEventDeps {
  db: Database;
  events: EventBus;
}

/** The viewer of an event: a member's id, or null for a visitor. */
export type Viewer = string | null;

/** German refusals of event input beyond the contract's field rules. */
export const localEventTexts = {
  unknownPostalCode: "Feld 'postal_code': Diese Postleitzahl kennen wir nicht.",
  endBeforeStart: "Feld 'ends_at': Das Ende muss nach dem Beginn liegen.",
  alreadyOver: "Feld 'ends_at': Das Ende liegt in der Vergangenheit.",
  tooLong: `Feld 'ends_at': Eine Veranstaltung darf höchstens ${EVENT_DURATION_MAX_DAYS} Tage dauern.`,
  belowParticipants:
    "Feld 'max_participants': Es nehmen schon mehr Personen teil. Bitte wähle mindestens so viele Plätze.",
  radiusWithoutPlace:
    "Parameter 'postal_code': Bitte gib einen Ort oder eine Postleitzahl für den Umkreis an.",
  unknownPlace: "Parameter 'postal_code': Diesen Ort kennen wir nicht.",
} as const;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Start and end as instants, checked: end after start, not over, not longer than the maximum. */
function checkedTimes(startsAt: string, endsAt: string, now: Date): { start: Date; end: Date } {
  const start = berlinToUtc(startsAt, 'starts_at');
  const end = berlinToUtc(endsAt, 'ends_at');
  if (end <= start) throw new AppError('validation', localEventTexts.endBeforeStart);
  if (end <= now) throw new AppError('validation', localEventTexts.alreadyOver);
  if (end.getTime() - start.getTime() > EVENT_DURATION_MAX_DAYS * DAY_MS)
    throw new AppError('validation', localEventTexts.tooLong);
  return { start, end };
}

/** The organiser as events show them. */
async function organizerOf(db: Database, userId: string) {
  const [account] = await findAccounts(db, [userId]);
  return account
    ? { id: account.id, name: displayName(account), avatar: account.avatarUrl }
    : { id: userId, name: 'Mitglied', avatar: null };
}

export function toSummary(row: LocalEventRow, distanceKm: number | null = null): EventSummary {
  return {
    id: row.id,
    title: row.title,
    category: row.category,
    starts_at: utcToBerlinIso(row.startsAt),
    ends_at: utcToBerlinIso(row.endsAt),
    postal_code: row.postalCode,
    place: row.place,
    address: row.address,
    price: row.priceCents / 100,
    is_free: row.priceCents === 0,
    image: row.image,
    max_participants: row.maxParticipants,
    participant_count: row.participantCount,
    status: row.status,
    distance_km: distanceKm === null ? null : Math.round(distanceKm * 10) / 10,
  };
}

/** One event row, or the 404. */
async function findRow(db: Database, id: string): Promise<LocalEventRow> {
  const [row] = await db.select().from(localEvents).where(eq(localEvents.id, id));
  if (!row) throw new AppError('event_not_found');
  return row;
}

/**
 * `GET /api/events/{id}`: the event with its rendered description, its organiser, whether the
 * viewer takes part and what the viewer may do.
 * @throws AppError event_not_found (404)
 */
export async function getEvent(
  db: Database,
  id: string,
  viewer: Viewer,
  now = new Date(),
): Promise<LocalEvent> {
  const row = await findRow(db, id);
  return present(db, row, viewer, now);
}

async function present(db: Database, row: LocalEventRow, viewer: Viewer, now: Date): Promise<LocalEvent> {
  const participating = viewer
    ? (
        await db
          .select({ userId: localEventParticipants.userId })
          .from(localEventParticipants)
          .where(and(eq(localEventParticipants.eventId, row.id), eq(localEventParticipants.userId, viewer)))
      ).length > 0
    : false;
  const edit = canEditEvent(viewer, row);
  return {
    ...toSummary(row),
    description: row.description,
    description_html: row.descriptionHtml,
    latitude: row.latitude,
    longitude: row.longitude,
    organizer: await organizerOf(db, row.organizerId),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    participating,
    can: { edit, participate: canParticipate(row, now), see_participants: edit },
  };
}

/** Events a member may publish per day, like other member writes (docs/decisions/0005). */
export const EVENT_PUBLISH_LIMIT: RequestLimit = {
  bucket: 'event_publish',
  max: 30,
  windowMs: 24 * 60 * 60 * 1000,
  reason: 'Du hast heute schon sehr viele Veranstaltungen eingestellt.',
};

/**
 * `POST /api/events`: publishes an event of `organizerId` (SPEC.md §2 /events). The times are
 * Europe/Berlin wall-clock times, stored in UTC; the postal code is located by the places module.
 * The image (an upload of the organiser) is claimed in the same transaction.
 * @throws AppError validation (422, German, naming the field) for an unknown postal code, a
 *   time that does not exist, an end before the start or in the past, a foreign image;
 *   rate_limited (429) beyond {@link EVENT_PUBLISH_LIMIT}
 */
export async function createEvent(
  deps: LocalEventDeps,
  organizerId: string,
  body: z.output<typeof import('@marketplace/contract').eventCreateSchema>,
  now = new Date(),
): Promise<LocalEvent> {
  const { start, end } = checkedTimes(body.starts_at, body.ends_at, now);
  const place = await findPlace(deps.db, body.postal_code, '');
  if (!place) throw new AppError('validation', localEventTexts.unknownPostalCode);
  const row = await deps.db.transaction(async (tx) => {
    await countRequest(tx, EVENT_PUBLISH_LIMIT, organizerId);
    const [inserted] = await tx
      .insert(localEvents)
      .values({
        organizerId,
        title: body.title,
        description: body.description,
        descriptionHtml: renderMarkdown(body.description),
        category: body.category,
        startsAt: start,
        endsAt: end,
        postalCode: place.postalCode,
        place: place.place,
        address: body.address,
        latitude: place.latitude,
        longitude: place.longitude,
        priceCents: Math.round(body.price * 100),
        maxParticipants: body.max_participants,
      })
      .returning();
    if (!inserted) throw new AppError('internal');
    if (body.image === null) return inserted;
    const image = await claimEventImage(tx, body.image, organizerId, inserted.id);
    const [withImage] = await tx
      .update(localEvents)
      .set({ image })
      .where(eq(localEvents.id, inserted.id))
      .returning();
    return withImage ?? inserted;
  });
  return present(deps.db, row, organizerId, now);
}

/** The ids of an event's participants, read in `tx`. */
async function participantIds(tx: Database, eventId: string): Promise<string[]> {
  const rows = await tx
    .select({ userId: localEventParticipants.userId })
    .from(localEventParticipants)
    .where(eq(localEventParticipants.eventId, eventId));
  return rows.map((row) => row.userId);
}

/**
 * `PATCH /api/events/{id}`: the organiser changes the event; its participants are notified
 * (`local_event.changed`, durable, docs/decisions/0022) when the time, place or price changed.
 * A cancelled event can no longer be changed.
 * @throws AppError event_not_found (404), event_forbidden (403) for anyone but the organiser,
 *   event_cancelled (409), validation (422) as {@link createEvent}, and when the new limit is
 *   below the participants
 */
export async function updateEvent(
  deps: LocalEventDeps,
  userId: string,
  id: string,
  body: z.output<typeof import('@marketplace/contract').eventUpdateSchema>,
  now = new Date(),
): Promise<LocalEvent> {
  const current = await findRow(deps.db, id);
  if (!canEditEvent(userId, current)) throw new AppError('event_forbidden');
  if (current.status === 'cancelled') throw new AppError('event_cancelled');
  const changes: Partial<typeof localEvents.$inferInsert> = { updatedAt: now };
  if (body.starts_at !== undefined || body.ends_at !== undefined) {
    const { start, end } = checkedTimes(
      body.starts_at ?? utcToBerlinIso(current.startsAt).slice(0, 16),
      body.ends_at ?? utcToBerlinIso(current.endsAt).slice(0, 16),
      now,
    );
    changes.startsAt = start;
    changes.endsAt = end;
  }
  if (body.postal_code !== undefined && body.postal_code !== current.postalCode) {
    const place = await findPlace(deps.db, body.postal_code, '');
    if (!place) throw new AppError('validation', localEventTexts.unknownPostalCode);
    Object.assign(changes, {
      postalCode: place.postalCode,
      place: place.place,
      latitude: place.latitude,
      longitude: place.longitude,
    });
  }
  if (body.title !== undefined) changes.title = body.title;
  if (body.description !== undefined) {
    changes.description = body.description;
    changes.descriptionHtml = renderMarkdown(body.description);
  }
  if (body.category !== undefined) changes.category = body.category;
  if (body.address !== undefined) changes.address = body.address;
  if (body.price !== undefined) changes.priceCents = Math.round(body.price * 100);
  if (body.max_participants !== undefined) changes.maxParticipants = body.max_participants;

  const row = await deps.events.transaction(deps.db, async (tx, emit) => {
    // The row lock orders this change after any participation being written.
    const [locked] = await tx.select().from(localEvents).where(eq(localEvents.id, id)).for('update');
    if (!locked) throw new AppError('event_not_found');
    if (locked.status === 'cancelled') throw new AppError('event_cancelled');
    if (
      changes.maxParticipants !== undefined &&
      changes.maxParticipants !== null &&
      changes.maxParticipants < locked.participantCount
    )
      throw new AppError('validation', localEventTexts.belowParticipants);
    if (body.image !== undefined) changes.image = await claimEventImage(tx, body.image, userId, id);
    const [updated] = await tx.update(localEvents).set(changes).where(eq(localEvents.id, id)).returning();
    if (!updated) throw new AppError('event_not_found');
    const moved =
      updated.startsAt.getTime() !== locked.startsAt.getTime() ||
      updated.endsAt.getTime() !== locked.endsAt.getTime() ||
      updated.address !== locked.address ||
      updated.postalCode !== locked.postalCode ||
      updated.priceCents !== locked.priceCents ||
      updated.title !== locked.title;
    if (moved) {
      const recipientIds = await participantIds(tx, id);
      if (recipientIds.length > 0)
        emit('local_event.changed', { eventId: id, title: updated.title, kind: 'updated', recipientIds });
    }
    return updated;
  });
  return present(deps.db, row, userId, now);
}

/**
 * `POST /api/events/{id}/cancel`: the organiser cancels the event (it stays on its page, marked
 * 'Abgesagt', and leaves the list); its participants are notified (`local_event.changed`).
 * Cancelling a cancelled event changes nothing.
 * @throws AppError event_not_found (404), event_forbidden (403) for anyone but the organiser
 */
export async function cancelEvent(
  deps: LocalEventDeps,
  userId: string,
  id: string,
  now = new Date(),
): Promise<LocalEvent> {
  const current = await findRow(deps.db, id);
  if (!canEditEvent(userId, current)) throw new AppError('event_forbidden');
  const row = await deps.events.transaction(deps.db, async (tx, emit) => {
    const [updated] = await tx
      .update(localEvents)
      .set({ status: 'cancelled', updatedAt: now })
      .where(and(eq(localEvents.id, id), eq(localEvents.status, 'scheduled')))
      .returning();
    if (!updated) return current;
    const recipientIds = await participantIds(tx, id);
    if (recipientIds.length > 0)
      emit('local_event.changed', { eventId: id, title: updated.title, kind: 'cancelled', recipientIds });
    return updated;
  });
  return present(deps.db, row, userId, now);
}

/**
 * `POST /api/events/{id}/participation` ('Ich nehme teil'): the member takes part. In one
 * transaction the participant row is inserted and the count raised only while the event is
 * planned, not over and below its limit (one conditional UPDATE, which PostgreSQL re-checks after
 * waiting for the row lock), so under any number of parallel requests exactly
 * `max_participants` are kept. Taking part twice changes nothing.
 * @throws AppError event_not_found (404), event_full (409, 'ausgebucht'), event_cancelled (409),
 *   event_over (409)
 */
export async function joinEvent(db: Database, userId: string, id: string): Promise<EventParticipation> {
  await findRow(db, id);
  return db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(localEventParticipants)
      .values({ eventId: id, userId })
      .onConflictDoNothing()
      .returning({ userId: localEventParticipants.userId });
    if (!inserted) {
      const row = await findRow(tx, id);
      return { participating: true, participant_count: row.participantCount };
    }
    const [raised] = await tx
      .update(localEvents)
      .set({ participantCount: sql`${localEvents.participantCount} + 1` })
      .where(
        and(
          eq(localEvents.id, id),
          eq(localEvents.status, 'scheduled'),
          sql`${localEvents.endsAt} > now()`,
          sql`(${localEvents.maxParticipants} is null or ${localEvents.participantCount} < ${localEvents.maxParticipants})`,
        ),
      )
      .returning({ count: localEvents.participantCount });
    if (raised) return { participating: true, participant_count: raised.count };
    const row = await findRow(tx, id);
    if (row.status === 'cancelled') throw new AppError('event_cancelled');
    if (row.endsAt.getTime() <= Date.now()) throw new AppError('event_over');
    throw new AppError('event_full');
  });
}

/**
 * `DELETE /api/events/{id}/participation`: the member no longer takes part (nothing changes when
 * they did not).
 * @throws AppError event_not_found (404)
 */
export async function leaveEvent(db: Database, userId: string, id: string): Promise<EventParticipation> {
  return db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(localEventParticipants)
      .where(and(eq(localEventParticipants.eventId, id), eq(localEventParticipants.userId, userId)))
      .returning({ userId: localEventParticipants.userId });
    if (!removed) {
      const row = await findRow(tx, id);
      return { participating: false, participant_count: row.participantCount };
    }
    const [lowered] = await tx
      .update(localEvents)
      .set({ participantCount: sql`${localEvents.participantCount} - 1` })
      .where(eq(localEvents.id, id))
      .returning({ count: localEvents.participantCount });
    return { participating: false, participant_count: lowered?.count ?? 0 };
  });
}

/**
 * `GET /api/events/{id}/participants`: who takes part, in the order they joined (organiser only).
 * @throws AppError event_not_found (404), event_forbidden (403)
 */
export async function listParticipants(
  db: Database,
  userId: string,
  id: string,
): Promise<EventParticipantList> {
  const row = await findRow(db, id);
  if (!canEditEvent(userId, row)) throw new AppError('event_forbidden');
  const rows = await db
    .select()
    .from(localEventParticipants)
    .where(eq(localEventParticipants.eventId, id))
    .orderBy(asc(localEventParticipants.createdAt));
  const accounts = new Map(
    (
      await findAccounts(
        db,
        rows.map((r) => r.userId),
      )
    ).map((a) => [a.id, a]),
  );
  return {
    participants: rows.map((r) => {
      const account = accounts.get(r.userId);
      return {
        id: r.userId,
        name: account ? displayName(account) : 'Mitglied',
        avatar: account?.avatarUrl ?? null,
        joined_at: r.createdAt.toISOString(),
      };
    }),
  };
}
