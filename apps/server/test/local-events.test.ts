import type { EventList, EventParticipation, LocalEvent } from '@marketplace/contract';
import { sql } from 'drizzle-orm';
import ical, { type VEvent } from 'node-ical';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { selectRows } from '../src/db/client.ts';
import { bearer } from './helpers/accounts.ts';
import { startTestApp } from './helpers/app.ts';
import { countRows, expectNotification, uploadPhoto, verifiedMember } from './helpers/marketplace.ts';

/**
 * Events of /events: members publish them with Europe/Berlin times (right across the switches of
 * summer time), find them by place, radius, date and category, take part up to the limit (also
 * under 200 parallel requests), download them as iCalendar files; only the organiser changes or
 * cancels, and the participants hear of it.
 */
const t = await startTestApp();
afterAll(async () => {
  await t?.close();
});

const organizer = await verifiedMember(t, { nickname: 'Olga Organisatorin' });
const other = await verifiedMember(t, { nickname: 'Otto Anderer' });

const DAY_MS = 24 * 60 * 60 * 1000;

/** `YYYY-MM-DDTHH:mm` in Europe/Berlin of an instant. */
function berlinLocal(instant: Date): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Europe/Berlin',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

/** A complete event body, starting in `inDays` days. */
const eventBody = (overrides: object = {}, inDays = 10) => ({
  title: 'Flohmarkt am Mauerpark',
  description: 'Trödel, Vinyl und **Kuchen**. Standgebühr vor Ort.\n\n<script>alert(1)</script>',
  category: 'flohmarkt',
  starts_at: berlinLocal(new Date(Date.now() + inDays * DAY_MS)),
  ends_at: berlinLocal(new Date(Date.now() + inDays * DAY_MS + 4 * 60 * 60 * 1000)),
  postal_code: '10115',
  address: 'Bernauer Straße 63',
  price: 0,
  image: null,
  max_participants: null,
  ...overrides,
});

const publish = (body: object, token = organizer.access_token) =>
  t.app.inject({ method: 'POST', url: '/api/events', payload: body, headers: bearer(token) });

async function created(body: object, token = organizer.access_token): Promise<LocalEvent> {
  const res = await publish(body, token);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as LocalEvent;
}

const list = async (query: string) => {
  const res = await t.app.inject({ url: `/api/events?limit=50&${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as EventList;
};

describe('publishing', () => {
  it('stores the event with Berlin times, the place and a sanitised description', async () => {
    const image = await uploadPhoto(t, organizer.access_token);
    const event = await created(eventBody({ image, price: 12.5, max_participants: 40 }));
    expect(event).toMatchObject({
      title: 'Flohmarkt am Mauerpark',
      place: 'Berlin',
      postal_code: '10115',
      price: 12.5,
      is_free: false,
      status: 'scheduled',
      participant_count: 0,
      can: { edit: true, participate: true, see_participants: true },
    });
    expect(event.image).toMatch(/^\/api\/images\//);
    expect(event.description_html).toContain('<strong>Kuchen</strong>');
    expect(event.description_html).not.toContain('<script>');
    expect(event.starts_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00\+0[12]:00$/);
    const seen = await t.app.inject({ url: `/api/events/${event.id}`, headers: bearer(other.access_token) });
    expect(seen.json()).toMatchObject({ can: { edit: false, participate: true, see_participants: false } });
  });

  it('keeps 02:30 on the day summer time ends and 03:30 on the day it starts', async () => {
    const autumn = await created(
      eventBody({
        starts_at: '2027-10-31T02:30',
        ends_at: '2027-10-31T05:00',
        title: 'Nachtlauf Zeitumstellung',
      }),
    );
    expect(autumn.starts_at).toBe('2027-10-31T02:30:00+01:00');
    expect(autumn.ends_at).toBe('2027-10-31T05:00:00+01:00');
    const read = (await t.app.inject({ url: `/api/events/${autumn.id}` })).json() as LocalEvent;
    expect(read.starts_at).toBe(autumn.starts_at);
    const spring = await created(
      eventBody({ starts_at: '2027-03-28T01:30', ends_at: '2027-03-28T03:30', title: 'Frühlingsnacht' }),
    );
    expect(spring.starts_at).toBe('2027-03-28T01:30:00+01:00');
    expect(spring.ends_at).toBe('2027-03-28T03:30:00+02:00');
    // One real hour apart: 00:30 and 01:30 UTC.
    expect(new Date(spring.ends_at).getTime() - new Date(spring.starts_at).getTime()).toBe(60 * 60 * 1000);
  });

  it('refuses bad input with a German 422 and stores nothing', async () => {
    const before = await countRows(t, 'local_events');
    const cases: [object, RegExp][] = [
      [{ title: 'ab' }, /Titel muss mindestens 3 Zeichen/],
      [{ category: 'kino' }, /Kategorie/],
      [{ starts_at: '2027-03-28T02:30', ends_at: '2027-03-28T04:00' }, /Sommerzeit nicht/],
      [{ starts_at: '2027-05-02T18:00', ends_at: '2027-05-02T17:00' }, /Ende muss nach dem Beginn/],
      [{ starts_at: '2020-05-02T18:00', ends_at: '2020-05-02T19:00' }, /Vergangenheit/],
      [{ postal_code: '00000' }, /Postleitzahl kennen wir nicht/],
      [{ price: -1 }, /nicht negativ/],
      [{ max_participants: 0 }, /mindestens eine Person/],
      [{ image: '/api/images/unbekannt-detail.webp' }, /Bild erneut hoch/],
    ];
    for (const [overrides, detail] of cases) {
      const res = await publish(eventBody(overrides));
      expect(res.statusCode, JSON.stringify(overrides)).toBe(422);
      expect(res.json().detail).toMatch(detail);
    }
    expect(await countRows(t, 'local_events')).toBe(before);
  });

  it('publishes at most 30 events a day per member, also under 200 parallel requests (429 beyond)', async () => {
    const busy = await verifiedMember(t, { nickname: 'Viel Los' });
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, n) =>
        publish(eventBody({ title: `Flohmarkt Nummer ${n + 1}` }), busy.access_token),
      ),
    );
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(30);
    expect(statuses.filter((status) => status === 429)).toHaveLength(170);
    const refused = answers.find((res) => res.statusCode === 429);
    expect(refused?.json().detail).toContain('Du hast heute schon sehr viele Veranstaltungen eingestellt.');
  });

  it('needs a login', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/events', payload: eventBody() });
    expect(res.statusCode).toBe(401);
  });
});

describe('the list', () => {
  it('filters by radius around a place, by category and by date; past and cancelled events leave it', async () => {
    const berlin = await created(eventBody({ title: 'Konzert Kulturbrauerei', category: 'konzert' }, 2));
    const potsdam = await created(
      eventBody({ title: 'Konzert Potsdam', category: 'konzert', postal_code: '14467' }, 3),
    );
    const munich = await created(
      eventBody({ title: 'Konzert München', category: 'konzert', postal_code: '80331' }, 4),
    );
    const later = await created(eventBody({ title: 'Konzert später', category: 'konzert' }, 40));
    const ids = (answer: EventList) => answer.events.map((event) => event.id);

    const near = await list('category=konzert&postal_code=10115&radius_km=10');
    expect(ids(near)).toEqual(expect.arrayContaining([berlin.id, later.id]));
    expect(ids(near)).not.toContain(potsdam.id);
    expect(ids(near)).not.toContain(munich.id);
    expect(near.events.find((event) => event.id === berlin.id)?.distance_km).toBeLessThan(10);

    const wider = await list('category=konzert&postal_code=Berlin&radius_km=50');
    expect(ids(wider)).toEqual(expect.arrayContaining([berlin.id, potsdam.id]));
    expect(ids(wider)).not.toContain(munich.id);

    const week = await list('category=konzert&when=week');
    expect(ids(week)).toEqual(expect.arrayContaining([berlin.id, potsdam.id, munich.id]));
    expect(ids(week)).not.toContain(later.id);

    const day = berlinLocal(new Date(Date.now() + 40 * DAY_MS)).slice(0, 10);
    const range = await list(`category=konzert&when=range&from=${day}&to=${day}`);
    expect(ids(range)).toEqual([later.id]);

    // Sorted by start.
    const all = await list('category=konzert');
    const starts = all.events.map((event) => new Date(event.starts_at).getTime());
    expect(starts).toEqual([...starts].sort((a, b) => a - b));

    // Running right now: 'Heute' shows it; an event that ended is gone.
    const running = await created(
      eventBody({
        title: 'Läuft gerade',
        category: 'markt',
        starts_at: berlinLocal(new Date(Date.now() - 60 * 60 * 1000)),
        ends_at: berlinLocal(new Date(Date.now() + 2 * 60 * 60 * 1000)),
      }),
    );
    expect(ids(await list('category=markt&when=today'))).toContain(running.id);
    await t.db.handle.db.execute(
      `update local_events set starts_at = now() - interval '3 hours', ends_at = now() - interval '1 minute' where id = '${running.id}'`,
    );
    expect(ids(await list('category=markt'))).not.toContain(running.id);

    await t.app.inject({
      method: 'POST',
      url: `/api/events/${berlin.id}/cancel`,
      headers: bearer(organizer.access_token),
    });
    expect(ids(await list('category=konzert'))).not.toContain(berlin.id);
  });

  it('refuses a radius without a place and a range without its days in German', async () => {
    const noPlace = await t.app.inject({ url: '/api/events?radius_km=10' });
    expect(noPlace.statusCode).toBe(422);
    expect(noPlace.json().detail).toMatch(/Ort oder eine Postleitzahl/);
    const noRange = await t.app.inject({ url: '/api/events?when=range' });
    expect(noRange.statusCode).toBe(422);
    expect(noRange.json().detail).toMatch(/Anfang und Ende/);
  });
});

describe('taking part', () => {
  it('toggles, shows the count, and the organiser sees who takes part', async () => {
    const event = await created(eventBody({ title: 'Yoga im Park', category: 'sport' }));
    const join = await t.app.inject({
      method: 'POST',
      url: `/api/events/${event.id}/participation`,
      headers: bearer(other.access_token),
    });
    expect(join.json()).toEqual({ participating: true, participant_count: 1 });
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/events/${event.id}/participation`,
      headers: bearer(other.access_token),
    });
    expect(again.json()).toEqual({ participating: true, participant_count: 1 });
    const seen = await t.app.inject({ url: `/api/events/${event.id}`, headers: bearer(other.access_token) });
    expect(seen.json()).toMatchObject({ participating: true, participant_count: 1 });

    const who = await t.app.inject({
      url: `/api/events/${event.id}/participants`,
      headers: bearer(organizer.access_token),
    });
    expect(who.json().participants).toEqual([
      expect.objectContaining({ id: other.user.id, name: 'Otto Anderer' }),
    ]);
    const notAllowed = await t.app.inject({
      url: `/api/events/${event.id}/participants`,
      headers: bearer(other.access_token),
    });
    expect(notAllowed.statusCode).toBe(403);

    const leave = await t.app.inject({
      method: 'DELETE',
      url: `/api/events/${event.id}/participation`,
      headers: bearer(other.access_token),
    });
    expect(leave.json()).toEqual({ participating: false, participant_count: 0 });
  });

  it('a full event refuses the next participant with a German 409, also under 200 parallel requests', async () => {
    const event = await created(
      eventBody({ title: 'Töpferkurs', category: 'workshop', max_participants: 5 }),
    );
    const members = await Promise.all(Array.from({ length: 8 }, () => verifiedMember(t)));
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, index) =>
        t.app.inject({
          method: 'POST',
          url: `/api/events/${event.id}/participation`,
          headers: bearer((members[index % members.length] ?? other).access_token),
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.every((status) => status === 200 || status === 409)).toBe(true);
    const joined = new Set(
      answers.flatMap((answer, index) => (answer.statusCode === 200 ? [index % members.length] : [])),
    );
    expect(joined.size).toBe(5);
    const full = answers.find((answer) => answer.statusCode === 409);
    expect(full?.json().detail).toBe('Diese Veranstaltung ist leider ausgebucht.');
    const read = (await t.app.inject({ url: `/api/events/${event.id}` })).json() as LocalEvent;
    expect(read.participant_count).toBe(5);
    expect(read.can.participate).toBe(false);
    const [stored] = await selectRows(
      t.db.handle.db,
      z.object({ n: z.number() }),
      sql`select count(*)::int as n from local_event_participants where event_id = ${event.id}::uuid`,
    );
    expect(stored?.n).toBe(5);
  });
});

describe('the organiser', () => {
  it('alone edits or cancels; participants are notified', async () => {
    const event = await created(eventBody({ title: 'Sommerfest', category: 'party' }));
    const join = await t.app.inject({
      method: 'POST',
      url: `/api/events/${event.id}/participation`,
      headers: bearer(other.access_token),
    });
    expect((join.json() as EventParticipation).participating).toBe(true);

    const foreignEdit = await t.app.inject({
      method: 'PATCH',
      url: `/api/events/${event.id}`,
      payload: { title: 'Gekapert' },
      headers: bearer(other.access_token),
    });
    expect(foreignEdit.statusCode).toBe(403);
    expect(foreignEdit.json().detail).toMatch(/Nur wer die Veranstaltung eingestellt hat/);
    const foreignCancel = await t.app.inject({
      method: 'POST',
      url: `/api/events/${event.id}/cancel`,
      headers: bearer(other.access_token),
    });
    expect(foreignCancel.statusCode).toBe(403);

    const edit = await t.app.inject({
      method: 'PATCH',
      url: `/api/events/${event.id}`,
      payload: { address: 'Tempelhofer Feld', price: 5 },
      headers: bearer(organizer.access_token),
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json()).toMatchObject({ address: 'Tempelhofer Feld', price: 5, title: 'Sommerfest' });
    await expectNotification(t, other, {
      type: 'event',
      title: 'Veranstaltung geändert',
      link: `/events/${event.id}`,
    });

    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/events/${event.id}/cancel`,
      headers: bearer(organizer.access_token),
    });
    expect(cancel.json().status).toBe('cancelled');
    await expectNotification(t, other, { type: 'event', title: 'Veranstaltung abgesagt' });

    const lateJoin = await t.app.inject({
      method: 'POST',
      url: `/api/events/${event.id}/participation`,
      headers: bearer(organizer.access_token),
    });
    expect(lateJoin.statusCode).toBe(409);
    expect(lateJoin.json().detail).toBe('Diese Veranstaltung wurde abgesagt.');
  });
});

describe('the calendar file', () => {
  it('parses back with the event’s times, place and status', async () => {
    const event = await created(
      eventBody({ starts_at: '2027-10-31T02:30', ends_at: '2027-10-31T04:00', title: 'Kalender-Test' }),
    );
    const res = await t.app.inject({ url: `/api/events/${event.id}/ics` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/calendar/);
    expect(res.headers['content-disposition']).toMatch(/attachment/);
    const parsed = ical.sync.parseICS(res.body);
    const entries = Object.values(parsed).filter((entry): entry is VEvent => entry?.type === 'VEVENT');
    expect(entries).toHaveLength(1);
    const [entry] = entries;
    if (!entry?.start || !entry.end) throw new Error('no event with start and end in the file');
    expect(entry.summary).toBe('Kalender-Test');
    expect(new Date(entry.start).toISOString()).toBe(new Date(event.starts_at).toISOString());
    expect(new Date(entry.end).toISOString()).toBe(new Date(event.ends_at).toISOString());
    expect(entry.location).toContain('10115 Berlin');
    expect(JSON.stringify(entry.url)).toContain(`/events/${event.id}`);
    expect(entry.status).toBe('CONFIRMED');
  });

  it('answers 404 for an unknown event and 422 for an address that cannot be one', async () => {
    expect(
      (await t.app.inject({ url: '/api/events/00000000-0000-4000-8000-000000000000/ics' })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ url: '/api/events/kein-event' })).statusCode).toBe(422);
  });
});
