import {
  type EventCreate,
  type EventList,
  type EventListQuery,
  type EventUpdate,
  eventListQuerySchema,
} from '@marketplace/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { selectRows } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { distanceKmSql, withinRadiusSql } from '../../lib/geo.ts';
import { locate } from '../places/index.ts';
import { localEventParticipants, localEvents } from './schema.ts';
import { dateWindow } from './times.ts';
import './events.ts';
import { localEventTexts, toSummary } from './service.ts';

const listedRow = z.object({ id: z.string(), distance_km: z.number().nullable(), total: z.number() });

/* The lists of events: upcoming by place, radius, date and category, their count and the sitemap's. */

/**
 * `GET /api/events`: planned events that have not ended, by start (then title), filtered by place
 * and radius (the listings' radius logic, lib/geo.ts, around the searched place's centroid), a
 * date filter in Europe/Berlin (events overlapping its span) and category; paged.
 * @throws AppError validation (422) for a radius without a place, an unknown place, a range
 *   without its days or with its end before its start
 */
export async function listEvents(db: Database, input: EventListQuery, now = new Date()): Promise<EventList> {
  const query = eventListQuerySchema.parse(input);
  const where = [sql`e.status = 'scheduled'`, sql`e.ends_at > ${now.toISOString()}::timestamptz`];
  let distance = sql`null::float8`;
  if (query.radius_km !== undefined && !query.postal_code)
    throw new AppError('validation', localEventTexts.radiusWithoutPlace);
  if (query.postal_code) {
    const origin = await locate(db, query.postal_code);
    if (!origin) throw new AppError('validation', localEventTexts.unknownPlace);
    distance = distanceKmSql('e', origin);
    if (query.radius_km !== undefined) where.push(withinRadiusSql('e', origin, query.radius_km));
  }
  if (query.category) where.push(sql`e.category = ${query.category}`);
  if (query.when) {
    const window = dateWindow(query.when, now, { from: query.from, to: query.to });
    where.push(sql`e.starts_at < ${window.to.toISOString()}::timestamptz`);
    where.push(sql`e.ends_at > ${window.from.toISOString()}::timestamptz`);
  }
  const offset = (query.page - 1) * query.limit;
  const hits = await selectRows(
    db,
    listedRow,
    sql`select e.id, ${distance} as distance_km, count(*) over ()::int as total
        from local_events e
        where ${sql.join(where, sql` and `)}
        order by e.starts_at, e.title, e.id
        limit ${query.limit} offset ${offset}`,
  );
  const total = hits[0]?.total ?? (offset > 0 ? await countEvents(db, where) : 0);
  const rows = hits.length
    ? await db
        .select()
        .from(localEvents)
        .where(
          sql`${localEvents.id} in (${sql.join(
            hits.map((hit) => sql`${hit.id}::uuid`),
            sql`, `,
          )})`,
        )
    : [];
  const byId = new Map(rows.map((row) => [row.id, row]));
  return {
    events: hits.flatMap((hit) => {
      const row = byId.get(hit.id);
      return row ? [toSummary(row, hit.distance_km)] : [];
    }),
    total,
    page: query.page,
    pages: Math.max(1, Math.ceil(total / query.limit)),
  };
}

async function countEvents(db: Database, where: ReturnType<typeof sql>[]): Promise<number> {
  const rows = await selectRows(
    db,
    z.object({ total: z.number() }),
    sql`select count(*)::int as total from local_events e where ${sql.join(where, sql` and `)}`,
  );
  return rows[0]?.total ?? 0;
}

/** How many planned events have not ended yet (the demo data tops them up below 20). */
export async function countUpcomingEvents(db: Database, now = new Date()): Promise<number> {
  return countEvents(db, [sql`e.status = 'scheduled'`, sql`e.ends_at > ${now.toISOString()}::timestamptz`]);
}

/** Events of the sitemap: planned, not ended, by start; their id and last change. */
export async function sitemapEvents(
  db: Database,
  now = new Date(),
): Promise<{ id: string; updatedAt: Date }[]> {
  return db
    .select({ id: localEvents.id, updatedAt: localEvents.updatedAt })
    .from(localEvents)
    .where(
      and(
        eq(localEvents.status, 'scheduled'),
        sql`${localEvents.endsAt} > ${now.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(asc(localEvents.startsAt))
    .limit(50_000);
}

export type { EventCreate, EventUpdate };

/** An event a member takes part in, as the calendar shows it (times in UTC). */
export interface ParticipatedEvent {
  id: string;
  title: string;
  startsAt: Date;
  endsAt: Date;
  place: string;
  address: string;
  postalCode: string;
  status: 'scheduled' | 'cancelled';
  updatedAt: Date;
}

/**
 * The events `userId` takes part in ('Ich nehme teil') that are planned and overlap [from, to)
 * (`to` null: every one that ends after `from`), earliest first, at most 500; for the member's
 * calendar (/calendar and its iCalendar feed).
 */
export async function participatedEvents(
  db: Database,
  userId: string,
  from: Date,
  to: Date | null,
): Promise<ParticipatedEvent[]> {
  return db
    .select({
      id: localEvents.id,
      title: localEvents.title,
      startsAt: localEvents.startsAt,
      endsAt: localEvents.endsAt,
      place: localEvents.place,
      address: localEvents.address,
      postalCode: localEvents.postalCode,
      status: localEvents.status,
      updatedAt: localEvents.updatedAt,
    })
    .from(localEvents)
    .innerJoin(
      localEventParticipants,
      and(eq(localEventParticipants.eventId, localEvents.id), eq(localEventParticipants.userId, userId)),
    )
    .where(
      and(
        eq(localEvents.status, 'scheduled'),
        sql`${localEvents.endsAt} > ${from.toISOString()}::timestamptz`,
        to ? sql`${localEvents.startsAt} < ${to.toISOString()}::timestamptz` : undefined,
      ),
    )
    .orderBy(asc(localEvents.startsAt))
    .limit(500);
}
