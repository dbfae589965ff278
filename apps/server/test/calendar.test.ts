import { randomUUID } from 'node:crypto';
import type {
  CalendarEntryList,
  CalendarSubscription,
  ChatConversation,
  ChatMessage,
  ChatMessageList,
  LocalEvent,
  NotificationList,
} from '@marketplace/contract';
import ical, { type VEvent } from 'node-ical';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendAppointmentReminders } from '../src/modules/calendar/index.ts';
import { bearer, mailsTo, type RegisteredMember } from './helpers/accounts.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { countRows, createAd, verifiedMember } from './helpers/marketplace.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

type Json = Record<string, unknown>;
const MINUTE = 60_000;

function call(method: 'GET' | 'POST', url: string, member?: RegisteredMember, payload?: Json) {
  return t.app.inject({
    method,
    url,
    headers: member ? bearer(member.access_token) : {},
    ...(payload !== undefined ? { payload } : {}),
  });
}

/** A Europe/Berlin wall-clock time `YYYY-MM-DDTHH:mm` of an instant, as the form sends it. */
function berlinLocal(instant: Date): string {
  return new Intl.DateTimeFormat('sv-SE', {
    timeZone: 'Europe/Berlin',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  })
    .format(instant)
    .replace(' ', 'T');
}

/** A seller with an ad and a buyer in a conversation about it. */
async function scene() {
  const seller = await verifiedMember(t, { nickname: 'Verkäuferin' });
  const buyer = await verifiedMember(t, { nickname: 'Käufer' });
  const ad = await createAd(t, seller.access_token, { title: 'Rennrad Stahlrahmen' });
  const res = await call('POST', '/api/chat/conversations', buyer, { listing_id: ad.id });
  const conversation = res.json() as ChatConversation;
  return { seller, buyer, ad, conversation };
}

const base = (conversationId: string) => `/api/chat/conversations/${conversationId}/appointments`;

async function propose(
  member: RegisteredMember,
  conversationId: string,
  body: Json = {},
): Promise<ChatMessage> {
  const res = await call('POST', base(conversationId), member, {
    type: 'viewing',
    starts_at: berlinLocal(new Date(Date.now() + 3 * 24 * 60 * MINUTE)),
    place: 'Kastanienallee 12, Berlin',
    note: 'Bitte klingeln bei Müller',
    client_id: randomUUID(),
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as ChatMessage;
}

function step(member: RegisteredMember, conversationId: string, id: string, action: string, body: Json = {}) {
  return call('POST', `${base(conversationId)}/${id}/${action}`, member, body);
}

async function notificationsOf(member: RegisteredMember): Promise<NotificationList['notifications']> {
  const res = await call('GET', '/api/notifications?type=appointment&limit=100', member);
  return (res.json() as NotificationList).notifications;
}

async function calendarOf(member: RegisteredMember, query = ''): Promise<CalendarEntryList['entries']> {
  const res = await call('GET', `/api/calendar${query}`, member);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as CalendarEntryList).entries;
}

describe('appointments in chat (contract calendar.ts)', () => {
  it('buyer proposes, seller accepts: both notified, both see it in their calendar and in the chat', async () => {
    const { seller, buyer, conversation } = await scene();
    const proposal = await propose(buyer, conversation.id);
    expect(proposal.kind).toBe('appointment');
    expect(proposal.appointment).toMatchObject({
      type: 'viewing',
      status: 'proposed',
      place: 'Kastanienallee 12, Berlin',
    });
    // The proposer cannot answer their own proposal; the other member can.
    expect(proposal.appointment?.can).toEqual({
      accept: false,
      decline: false,
      counter: false,
      cancel: true,
    });
    const own = await step(buyer, conversation.id, proposal.appointment?.id ?? '', 'accept');
    expect(own.statusCode).toBe(403);
    expect(own.json().detail).toBe('Auf deinen eigenen Terminvorschlag kannst du nicht antworten.');

    await expect
      .poll(async () => (await notificationsOf(seller)).map((n) => n.title))
      .toEqual(['Neuer Terminvorschlag']);
    const seen = await call('GET', `/api/chat/conversations/${conversation.id}/messages`, seller);
    const [listed] = (seen.json() as ChatMessageList).messages;
    expect(listed?.appointment?.can).toMatchObject({ accept: true, decline: true, counter: true });

    const accepted = await step(seller, conversation.id, proposal.appointment?.id ?? '', 'accept');
    expect(accepted.statusCode, accepted.body).toBe(201);
    expect(accepted.json()).toMatchObject({
      kind: 'appointment_accepted',
      appointment: { status: 'accepted' },
    });
    // Both are told: the proposer that it was accepted, the one who accepted that it is agreed.
    await expect
      .poll(async () => (await notificationsOf(buyer)).map((n) => n.title))
      .toEqual(['Termin vereinbart']);
    await expect
      .poll(async () => (await notificationsOf(seller)).map((n) => n.title))
      .toEqual(['Termin vereinbart', 'Neuer Terminvorschlag']);
    // The chat's own message notification is not written a second time for appointment steps.
    const messages = await call('GET', '/api/notifications?type=message', seller);
    expect((messages.json() as NotificationList).notifications).toEqual([]);

    for (const member of [buyer, seller]) {
      const [entry] = await calendarOf(member);
      expect(entry).toMatchObject({
        kind: 'appointment',
        status: 'accepted',
        title: 'Besichtigung: Rennrad Stahlrahmen',
        link: `/chat?conversation=${conversation.id}`,
        conversation_id: conversation.id,
      });
    }
    // A cancelled appointment cannot be accepted; an accepted one is cancelled with a note.
    const cancelled = await step(buyer, conversation.id, proposal.appointment?.id ?? '', 'cancel', {
      note: 'Leider krank',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(201);
    expect(cancelled.json()).toMatchObject({ kind: 'appointment_cancelled', content: 'Leider krank' });
    const late = await step(seller, conversation.id, proposal.appointment?.id ?? '', 'accept');
    expect(late.statusCode).toBe(409);
    await expect
      .poll(async () => (await notificationsOf(seller))[0]?.message)
      .toContain('Notiz: „Leider krank“');
    expect(await calendarOf(buyer)).toEqual([]);
  });

  it('decline and counter: the countered proposal closes, the new one is open for the other side', async () => {
    const { seller, buyer, conversation } = await scene();
    const first = await propose(seller, conversation.id, { type: 'pickup' });
    const id = first.appointment?.id ?? '';
    const counter = await step(buyer, conversation.id, id, 'counter', {
      type: 'pickup',
      starts_at: berlinLocal(new Date(Date.now() + 4 * 24 * 60 * MINUTE)),
      place: 'Hof hinten links',
    });
    expect(counter.statusCode, counter.body).toBe(201);
    const second = counter.json() as ChatMessage;
    expect(second.appointment).toMatchObject({ status: 'proposed', replaces_id: id });
    // The countered one can no longer be accepted or declined.
    expect((await step(buyer, conversation.id, id, 'accept')).statusCode).toBe(409);
    expect((await step(seller, conversation.id, id, 'decline')).statusCode).toBe(403);
    const declined = await step(seller, conversation.id, second.appointment?.id ?? '', 'decline', {
      note: 'Da bin ich nicht da',
    });
    expect(declined.statusCode).toBe(201);
    expect(declined.json().appointment.status).toBe('declined');
    await expect
      .poll(async () => (await notificationsOf(buyer)).map((n) => n.title))
      .toEqual(['Terminvorschlag abgelehnt', 'Neuer Terminvorschlag']);
    expect(await calendarOf(seller)).toEqual([]);
  });

  it('a third member gets 403 on every step and nothing changes', async () => {
    const { buyer, conversation } = await scene();
    const proposal = await propose(buyer, conversation.id);
    const outsider = await verifiedMember(t);
    const before = await countRows(t, 'chat_messages');
    const id = proposal.appointment?.id ?? '';
    const responses = await Promise.all([
      call('POST', base(conversation.id), outsider, {
        type: 'viewing',
        starts_at: berlinLocal(new Date(Date.now() + 2 * 24 * 60 * MINUTE)),
        place: 'Irgendwo',
      }),
      ...['accept', 'decline', 'cancel'].map((action) => step(outsider, conversation.id, id, action)),
    ]);
    for (const res of responses) {
      expect(res.statusCode).toBe(403);
      expect(res.json().detail).toBe('Du bist nicht Teil dieser Unterhaltung.');
    }
    expect(await countRows(t, 'chat_messages')).toBe(before);
    expect(await calendarOf(outsider)).toEqual([]);
    const unknown = await step(buyer, randomUUID(), id, 'accept');
    expect(unknown.statusCode).toBe(404);
  });

  it('bad input gets a German 422 and changes nothing', async () => {
    const { buyer, conversation } = await scene();
    const before = await countRows(t, 'chat_appointments');
    const cases: [Json, RegExp][] = [
      [
        { starts_at: berlinLocal(new Date(Date.now() - 60 * MINUTE)) },
        /Der Termin muss in der Zukunft liegen/,
      ],
      [{ place: '' }, /Bitte gib einen Ort an/],
      [{ place: undefined }, /Bitte gib einen Ort an/],
      [{ note: 'x'.repeat(501) }, /höchstens 500 Zeichen/],
      [{ starts_at: '2027-03-28T02:30' }, /Sommerzeit nicht/],
      [{ starts_at: '31.12.2027 10:00' }, /TT\.MM\.JJJJ/],
      [{ type: 'party' }, /Besichtigung/],
    ];
    for (const [override, detail] of cases) {
      const res = await call('POST', base(conversation.id), buyer, {
        type: 'viewing',
        starts_at: berlinLocal(new Date(Date.now() + 2 * 24 * 60 * MINUTE)),
        place: 'Kastanienallee 12',
        ...override,
      });
      expect(res.statusCode, JSON.stringify(override)).toBe(422);
      expect(res.json().detail).toMatch(detail);
    }
    expect(await countRows(t, 'chat_appointments')).toBe(before);
  });

  it('200 parallel accepts of one proposal store one acceptance', async () => {
    const { seller, buyer, conversation } = await scene();
    const proposal = await propose(buyer, conversation.id);
    const id = proposal.appointment?.id ?? '';
    const results = await Promise.all(
      Array.from({ length: 200 }, () =>
        step(seller, conversation.id, id, 'accept', { client_id: randomUUID() }),
      ),
    );
    const codes = results.map((res) => res.statusCode);
    expect(codes.filter((code) => code === 201)).toHaveLength(1);
    // The others are refused: the proposal is answered (409) or the sending limit is reached (429).
    expect(codes.every((code) => code === 201 || code === 409 || code === 429)).toBe(true);
    const list = await call('GET', `/api/chat/conversations/${conversation.id}/messages`, buyer);
    const kinds = (list.json() as ChatMessageList).messages.map((m) => m.kind);
    expect(kinds).toEqual(['appointment', 'appointment_accepted']);
  });
});

describe('calendar, iCalendar feed and reminders', () => {
  it('the DST case 2027-10-31 02:30 Berlin is stored, shown and exported right; the old feed is 404 after renewal', async () => {
    const { seller, buyer, conversation } = await scene();
    const proposal = await propose(buyer, conversation.id, { starts_at: '2027-10-31T02:30' });
    // The hour occurs twice; the second one (standard time, +01:00) is meant: 01:30 UTC.
    expect(proposal.appointment).toMatchObject({
      starts_at: '2027-10-31T01:30:00.000Z',
      starts_at_local: '2027-10-31T02:30:00+01:00',
    });
    const summer = await propose(buyer, conversation.id, { starts_at: '2027-10-30T02:30' });
    expect(summer.appointment?.starts_at).toBe('2027-10-30T00:30:00.000Z');
    await step(seller, conversation.id, proposal.appointment?.id ?? '', 'accept');

    const entries = await calendarOf(seller, '?from=2027-10-29T00:00:00Z&to=2027-11-01T00:00:00Z');
    expect(entries.map((e) => [e.starts_at_local, e.status])).toEqual([
      ['2027-10-30T02:30:00+02:00', 'proposed'],
      ['2027-10-31T02:30:00+01:00', 'accepted'],
    ]);

    expect((await call('GET', '/api/calendar/subscription', seller)).json()).toEqual({
      url: null,
      webcal: null,
    });
    const made = (await call('POST', '/api/calendar/subscription', seller)).json() as CalendarSubscription;
    expect(made.url).toMatch(/\/api\/calendar\/feed\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(made.webcal).toMatch(/^webcal:/);
    const path = new URL(made.url ?? '').pathname;
    const feed = await t.app.inject({ method: 'GET', url: path });
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toContain('text/calendar');
    const parsed = Object.values(ical.sync.parseICS(feed.body)).filter(
      (entry): entry is VEvent => entry?.type === 'VEVENT',
    );
    const dst = parsed.find((entry) => entry.uid.startsWith(`appointment-${proposal.appointment?.id}`));
    expect(dst?.start.toISOString()).toBe('2027-10-31T01:30:00.000Z');
    expect(dst?.summary).toBe('Besichtigung: Rennrad Stahlrahmen');
    expect(dst?.status).toBe('CONFIRMED');
    // The proposal not yet accepted is in the feed as tentative.
    expect(
      parsed.find((entry) => entry.uid.startsWith(`appointment-${summer.appointment?.id}`))?.status,
    ).toBe('TENTATIVE');
    expect(parsed).toHaveLength(2);

    const renewed = (await call('POST', '/api/calendar/subscription', seller)).json() as CalendarSubscription;
    expect(renewed.url).not.toBe(made.url);
    expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: new URL(renewed.url ?? '').pathname })).statusCode).toBe(
      200,
    );
    expect((await call('GET', '/api/calendar')).statusCode).toBe(401);
  });

  it('the calendar also shows the events the member takes part in, linked to the event', async () => {
    const member = await verifiedMember(t);
    const starts = new Date(Date.now() + 5 * 24 * 60 * MINUTE);
    const created = await call('POST', '/api/events', member, {
      title: 'Flohmarkt am Mauerpark',
      description: 'Trödel, Vinyl und Kuchen. Standgebühr vor Ort.',
      category: 'flohmarkt',
      starts_at: berlinLocal(starts),
      ends_at: berlinLocal(new Date(starts.getTime() + 4 * 60 * MINUTE)),
      postal_code: '10115',
      address: 'Bernauer Straße 63',
      price: 0,
      image: null,
      max_participants: null,
    });
    expect(created.statusCode, created.body).toBe(201);
    const event = created.json() as LocalEvent;
    const guest = await verifiedMember(t);
    expect((await call('POST', `/api/events/${event.id}/participation`, guest)).statusCode).toBe(200);
    expect(await calendarOf(guest)).toEqual([
      expect.objectContaining({
        kind: 'event',
        id: event.id,
        title: 'Flohmarkt am Mauerpark',
        link: `/events/${event.id}`,
      }),
    ]);
  });

  it('the reminder one hour before fires once for both members, also when runs overlap; mailed where switched on', async () => {
    const { seller, buyer, conversation } = await scene();
    // The seller wants no mails about appointments; the buyer keeps the default (on).
    const off = await t.app.inject({
      method: 'PUT',
      url: '/api/notifications/preferences',
      headers: bearer(seller.access_token),
      payload: { preferences: { appointment: { email: false } } },
    });
    expect(off.statusCode, off.body).toBe(200);
    const soon = await propose(buyer, conversation.id, {
      starts_at: berlinLocal(new Date(Date.now() + 40 * MINUTE)),
    });
    const later = await propose(buyer, conversation.id, {
      starts_at: berlinLocal(new Date(Date.now() + 3 * 60 * MINUTE)),
    });
    await step(seller, conversation.id, soon.appointment?.id ?? '', 'accept');
    await step(seller, conversation.id, later.appointment?.id ?? '', 'accept');
    const deps = {
      db: t.app.database.db,
      appointments: t.app.chatAppointments,
      publicUrl: t.config.publicUrl,
      siteName: t.config.siteName,
      write: {
        realtime: t.app.realtime,
        mailer: t.app.mailer,
        publicUrl: t.config.publicUrl,
        siteName: t.config.siteName,
      },
    };
    // The job `calendar.reminders` may run in between: the runs share the work, none doubles it.
    const counts = await Promise.all([sendAppointmentReminders(deps), sendAppointmentReminders(deps)]);
    expect(counts.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(1);
    expect(await sendAppointmentReminders(deps)).toBe(0);
    for (const member of [buyer, seller]) {
      await expect
        .poll(async () =>
          (await notificationsOf(member)).filter((n) => n.title === 'Erinnerung: Termin in einer Stunde'),
        )
        .toHaveLength(1);
    }
    const [reminder] = (await notificationsOf(buyer)).filter((n) => n.title.startsWith('Erinnerung'));
    expect(reminder?.message).toContain('mit Verkäuferin („Rennrad Stahlrahmen“)');
    expect(reminder?.link).toBe(`/chat?conversation=${conversation.id}`);
    const reminderMails = (member: RegisteredMember) =>
      mailsTo(t.db.dataDir, member.email).filter((mail) =>
        mail.subject.startsWith('Erinnerung: Termin in einer Stunde'),
      );
    await expect.poll(() => reminderMails(buyer).length).toBe(1);
    expect(reminderMails(seller)).toHaveLength(0);
  });
});
