import { afterAll, describe, expect, it } from 'vitest';
import type { CatalogueEntry } from '../src/plugins/swagger.ts';
import { bearer, login, PASSWORD, type RegisteredMember, uniqueIp } from './helpers/accounts.ts';
import { startTestApp } from './helpers/app.ts';
import { createAd, makeAdmin, reactionsDone, verifiedMember } from './helpers/marketplace.ts';

/**
 * Every route of the route catalogue (`app.routeCatalogue`, filled by an `onRoute` hook from
 * the routes' hooks and `config.access`) called by a visitor, member A, member B and an ADMIN,
 * with path parameters pointing at A's things: an ad, a favourite, a follow, a conversation with
 * messages, notifications, settings, a session. A route without a declaration fails the test;
 * member routes answer a visitor 401 (also for an invalid body); admin routes answer members
 * 403; B reads nothing private of A's and changes nothing of A's.
 */

/** Routes not called here, with the reason; every other route is. */
const LEFT_OUT: Record<string, string> = {
  'GET /ws/notifications':
    'WebSocket upgrade with a one-time ticket; realtime*.test.ts check who may connect',
  'GET /ws/stories': 'WebSocket upgrade with a token or ticket; stories.test.ts checks who may connect',
  'GET /api/verification/:id/document':
    'answers 403 (not 401) to visitors as to other members; verification.test.ts checks owner, ADMIN, others and visitors',
};

type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  minLength?: number;
  minimum?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  items?: JsonSchema;
  minItems?: number;
};
interface Operation {
  parameters?: { in: string; name: string; schema: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema: JsonSchema }> };
}

// Every route for every actor, all from one address: more reads a minute than the limit in
// front of public reads lets through (it has its own tests, public-read-limit.test.ts).
const t = await startTestApp({ PUBLIC_READ_LIMIT: '0' });
afterAll(async () => {
  await t?.close();
});

// --- A's things -------------------------------------------------------------------------
const SECRET_MESSAGE = 'Geheime Nachricht 7Q2 an die Verkäuferin';
const SECRET_LAST_NAME = 'Verborgenhausen';
const a = await verifiedMember(t, { nickname: 'Anna A' });
await t.app.inject({
  method: 'PATCH',
  url: '/api/me',
  headers: bearer(a.access_token),
  payload: { last_name: SECRET_LAST_NAME },
});
const b = await verifiedMember(t, { nickname: 'Bernd B' });
const c = await verifiedMember(t, { nickname: 'Carla C' });
const admin = await verifiedMember(t, { nickname: 'Admina' });
await makeAdmin(t, admin.user.id);

const adOfA = await createAd(t, a.access_token, {
  title: 'Annas Fahrrad',
  price_type: 'negotiable',
  price: 90,
});
const adOfC = await createAd(t, c.access_token, {
  title: 'Carlas Lampe',
  price_type: 'negotiable',
  price: 40,
});
const adOfB = await createAd(t, b.access_token, { title: 'Bernds Tisch', price: 30 });
// A saves C's ad and follows C; C follows A (a notification for A).
await t.app.inject({ method: 'POST', url: `/api/favorites/${adOfC.id}`, headers: bearer(a.access_token) });
await t.app.inject({ method: 'POST', url: `/api/follow/${c.user.id}`, headers: bearer(a.access_token) });
await t.app.inject({ method: 'POST', url: `/api/follow/${a.user.id}`, headers: bearer(c.access_token) });
// A writes to C about C's ad, with an offer; C answers (a message notification for A).
const conversation = (
  await t.app.inject({
    method: 'POST',
    url: '/api/chat/conversations',
    headers: bearer(a.access_token),
    payload: { listing_id: adOfC.id },
  })
).json() as { id: string };
const say = (member: RegisteredMember, body: object) =>
  t.app.inject({
    method: 'POST',
    url: `/api/chat/conversations/${conversation.id}/messages`,
    headers: bearer(member.access_token),
    payload: { client_id: crypto.randomUUID(), ...body },
  });
await say(a, { content: SECRET_MESSAGE });
const offer = (await say(a, { kind: 'offer', amount: 35 })).json() as { id: string };
await say(c, { content: 'Gern, melde dich.' });
// A's settings.
await t.app.inject({
  method: 'PUT',
  url: '/api/notifications/preferences',
  headers: bearer(a.access_token),
  payload: { preferences: { follow: { in_app: false, email: false } } },
});
// A writes local news: an ADMIN made A an editor ('Redakteur:in'), A published an article.
await t.app.inject({
  method: 'PUT',
  url: `/api/admin/members/${a.user.id}/news-editor`,
  headers: bearer(admin.access_token),
  payload: { editor: true },
});
const articleOfA = (
  await t.app.inject({
    method: 'POST',
    url: '/api/news',
    headers: bearer(a.access_token),
    payload: {
      title: 'Annas Bericht vom Stadtfest',
      teaser: 'Was beim Stadtfest am Wochenende los war, in wenigen Sätzen.',
      body: 'Am Samstag kamen mehrere tausend Menschen zum Stadtfest in die Innenstadt, bei bestem Wetter.',
      category: 'kultur',
      postal_code: '80331',
    },
  })
).json() as { id: string };
// The notifications of the follow and the messages are durable reactions: all of them are in
// before A's state is first read, so a late one is not taken for a change B made.
await reactionsDone(t);

// An open position and A's application to it with A's e-mail address: only ADMINs read it and its CV.
const position = (
  await t.app.inject({
    method: 'POST',
    url: '/api/admin/career/positions',
    headers: bearer(admin.access_token),
    payload: {
      title: 'Community-Manager:in',
      team: 'community',
      location: 'Karlsruhe',
      remote: false,
      employment_type: 'part_time',
      summary: 'Du betreust unser Forum und hilfst Käufern und Verkäufern weiter.',
      body: '## Deine Aufgaben\n\nDu moderierst das Forum und schreibst Ratgeber für die Community.',
    },
  })
).json() as { id: string; slug: string };
{
  const boundary = 'bewerbung';
  const data = JSON.stringify({
    name: 'Anna A',
    email: a.email,
    message: 'Ich betreue seit Jahren Foren und würde das gern bei euch tun.',
    consent: true,
  });
  const pdf = '%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n';
  const applied = await t.app.inject({
    method: 'POST',
    url: `/api/career/positions/${position.slug}/applications`,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    remoteAddress: uniqueIp(),
    payload:
      `--${boundary}\r\nContent-Disposition: form-data; name="data"\r\n\r\n${data}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="cv"; filename="cv.pdf"\r\nContent-Type: application/pdf\r\n\r\n${pdf}\r\n--${boundary}--\r\n`,
  });
  expect(applied.statusCode).toBe(202);
}

const tokens = new Map<RegisteredMember, string>([a, b, admin].map((m) => [m, m.access_token]));
/** A member's token; their own calls may log them out (logout, ending sessions): then they log in again. */
async function tokenOf(member: RegisteredMember): Promise<string> {
  const token = tokens.get(member) as string;
  const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(token) });
  if (me.statusCode === 200) return token;
  const res = await login(t.app, member.email, PASSWORD, uniqueIp());
  expect(res.statusCode).toBe(200);
  const fresh = (res.json() as { access_token: string }).access_token;
  tokens.set(member, fresh);
  return fresh;
}
const tokenOfA = () => tokenOf(a);

async function firstId(url: string, key: string, token: string): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
  const list = (res.json() as Record<string, { id: string }[]>)[key] ?? [];
  return list[0]?.id ?? '00000000-0000-0000-0000-000000000000';
}
// An event A organises, starting in ten days (German time does not matter here).
const eventOfA = (
  await t.app.inject({
    method: 'POST',
    url: '/api/events',
    headers: bearer(a.access_token),
    payload: {
      title: 'Annas Hofflohmarkt',
      description: 'Bücher, Geschirr und Spielzeug im Hinterhof.',
      category: 'flohmarkt',
      starts_at: new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 11) + '10:00',
      ends_at: new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 11) + '16:00',
      postal_code: '10115',
      address: 'Invalidenstraße 1',
      price: 0,
      max_participants: 20,
    },
  })
).json() as { id: string };
const notificationOfA = await firstId('/api/notifications', 'notifications', a.access_token);
const sessionOfA = await firstId('/api/auth/sessions', 'sessions', a.access_token);
// A's ad template and text templates (the list's first call stores the defaults).
const listingTemplateOfA = (
  await t.app.inject({
    method: 'POST',
    url: '/api/listing-templates',
    headers: bearer(a.access_token),
    payload: { name: 'Vorlage von A', title: 'Fahrrad von A' },
  })
).json() as { id: string };
const textTemplateOfA = await firstId('/api/text-templates', 'templates', a.access_token);
const applicationOfA = await firstId('/api/admin/career/applications', 'applications', admin.access_token);

/** The id a path parameter of `url` gets: always A's thing of that kind. */
function idFor(url: string, name: string): string {
  if (name === 'messageId') return offer.id;
  if (name === 'userId') return a.user.id;
  if (name === 'listingId') return adOfC.id; // saved by A
  if (name === 'name') return 'kein-bild.webp';
  if (url.startsWith('/api/career/positions/')) return position.slug;
  if (url.startsWith('/api/admin/career/positions/')) return position.id;
  if (url.startsWith('/api/admin/career/applications/')) return applicationOfA;
  if (url.startsWith('/api/listings/') || url.startsWith('/api/analytics/listings/')) return adOfA.id;
  if (url.startsWith('/api/chat/conversations/')) return conversation.id;
  if (url.startsWith('/api/notifications/')) return notificationOfA;
  if (url.startsWith('/api/auth/sessions/')) return sessionOfA;
  if (url.startsWith('/api/users/')) return a.user.id;
  if (url.startsWith('/api/listing-templates/')) return listingTemplateOfA.id;
  if (url.startsWith('/api/text-templates/')) return textTemplateOfA;
  if (url.startsWith('/api/events/')) return eventOfA.id;
  if (url.startsWith('/api/news/')) return articleOfA.id;
  return a.user.id;
}

/** Values of well-known body fields, so that a call gets past validation to the checks. */
const KNOWN: Record<string, unknown> = {
  listing_id: adOfA.id,
  // The bulk actions of /listings-old aimed at A's ad: B's call must leave it as it is.
  ids: [adOfA.id],
  user_id: a.user.id,
  email: a.email,
  password: 'Falsches-Passwort-0815',
  current_password: 'Falsches-Passwort-0815',
  new_password: 'Teekanne-Nordlicht-77',
  token: 'kein-gueltiger-link',
  client_id: '6f1c4d0e-1111-4222-8333-444455556666',
  category: 'fahrraeder-zubehoer',
  postal_code: '80331',
  title: 'Übernommen von B',
  description: 'Diese Beschreibung hat B geschrieben.',
  content: 'Hallo von B',
  amount: 20,
  price: 1,
};

/** A plausible body for a JSON schema (required fields, known values first). */
function bodyFor(schema: JsonSchema | undefined, name = ''): unknown {
  if (name in KNOWN) return KNOWN[name];
  if (!schema) return undefined;
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return bodyFor(alternatives[0], name);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'object' || schema.properties) {
    const required = new Set(schema.required ?? []);
    return Object.fromEntries(
      Object.entries(schema.properties ?? {})
        .filter(([key]) => required.has(key) || key in KNOWN)
        .map(([key, property]) => [key, bodyFor(property, key)]),
    );
  }
  if (type === 'array') return schema.minItems ? [bodyFor(schema.items)] : [];
  if (type === 'string') return schema.format === 'uuid' ? a.user.id : 'Text von B';
  if (type === 'integer' || type === 'number') return Math.max(1, schema.minimum ?? 1);
  if (type === 'boolean') return false;
  return undefined;
}

const document = t.app.swagger() as { paths: Record<string, Record<string, Operation>> };
function operationOf(route: CatalogueEntry): Operation | undefined {
  const path = route.url.replace(/:(\w+)/g, '{$1}');
  return document.paths[path]?.[route.method.toLowerCase()];
}

type Who = 'visitor' | 'A' | 'B' | 'ADMIN';
async function call(route: CatalogueEntry, who: Who, body: 'plausible' | 'invalid' = 'plausible') {
  const url = route.url.replace(/:(\w+)/g, (_, name: string) => idFor(route.url, name));
  const schema = operationOf(route)?.requestBody?.content?.['application/json']?.schema;
  const token = who === 'visitor' ? null : await tokenOf(who === 'A' ? a : who === 'B' ? b : admin);
  const payload =
    body === 'invalid' ? { unbekannt: '\u0000', [Symbol.for('x').toString()]: 1 } : bodyFor(schema);
  return t.app.inject({
    method: route.method as 'GET',
    url,
    headers: token ? bearer(token) : {},
    remoteAddress: uniqueIp(),
    ...(schema || body === 'invalid' ? { payload: payload as object } : {}),
  });
}

const routes = t.app.routeCatalogue.filter(
  (route) => /^\/(api|ws)\//.test(route.url) && !route.url.startsWith('/api/docs'),
);
const key = (route: CatalogueEntry) => `${route.method} ${route.url}`;
const called = routes.filter((route) => !(key(route) in LEFT_OUT));

/** Counters others may legitimately move (B saving or viewing an ad) are left out. */
const VOLATILE = new Set(['views', 'favorites_count', 'popularity']);
function stable(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stable);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([k]) => !VOLATILE.has(k))
        .map(([k, v]) => [k, stable(v)]),
    );
  }
  return value;
}

/**
 * What of A's B must not change: profile, ad, event, article and editor switch, saved ads,
 * follows, messages, settings, read marks, templates.
 */
async function stateOfA(): Promise<unknown> {
  const token = await tokenOfA();
  const get = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
    return { status: res.statusCode, body: res.json() as Record<string, unknown> };
  };
  const me = await get('/api/me');
  const article = await get(`/api/news/${articleOfA.id}`);
  const editor = await t.app.inject({
    method: 'GET',
    url: `/api/admin/members/${a.user.id}/news-editor`,
    headers: bearer(await tokenOf(admin)),
  });
  const ad = await get(`/api/listings/${adOfA.id}`);
  // B may take part in A's event (its count changes); nothing else of it.
  const event = await get(`/api/events/${eventOfA.id}`);
  const messages = await get(`/api/chat/conversations/${conversation.id}/messages`);
  const notifications = await get('/api/notifications?limit=100');
  const readMarks = Object.fromEntries(
    ((notifications.body.notifications ?? []) as { id: string; is_read: boolean }[]).map((n) => [
      n.id,
      n.is_read,
    ]),
  );
  return stable({
    me: me.body,
    ad: { status: ad.status, ...ad.body },
    event: [
      event.status,
      ...[
        'title',
        'description',
        'starts_at',
        'ends_at',
        'address',
        'price',
        'max_participants',
        'status',
      ].map((field) => event.body[field]),
    ],
    article: { status: article.status, ...article.body },
    editor: editor.json(),
    favorites: (await get('/api/favorites')).body,
    listingTemplates: (await get('/api/listing-templates')).body,
    textTemplates: (await get('/api/text-templates')).body,
    following: (await get('/api/follow/following')).body,
    messages: ((messages.body.messages ?? []) as { id: string; content: string; read_at: unknown }[]).map(
      (m) => [m.id, m.content],
    ),
    preferences: (await get('/api/notifications/preferences')).body,
    readMarks,
  });
}

/**
 * Each of these tests calls every route in turn: a few hundred requests, each one cheap, whose
 * sum grows with the routes and, on a busy 2-core machine, can pass the default 30 s.
 */
const ROUTE_WALK_MS = 240_000;

describe('authorization matrix: every route × visitor, A, B, ADMIN', () => {
  it('every route declares who may call it', () => {
    const undeclared = routes.filter((route) => route.access === null && !(key(route) in LEFT_OUT)).map(key);
    expect(undeclared).toEqual([]);
    expect(called.length).toBeGreaterThan(40);
  });

  it('a visitor gets 401 on every member and admin route, also with an invalid body; public routes answer', {
    timeout: ROUTE_WALK_MS,
  }, async () => {
    const wrong: string[] = [];
    for (const route of called) {
      for (const body of ['plausible', 'invalid'] as const) {
        const res = await call(route, 'visitor', body);
        const needsLogin = route.access !== 'public';
        if (needsLogin && res.statusCode !== 401) wrong.push(`${key(route)} (${body}): ${res.statusCode}`);
        const refused =
          res.statusCode === 403 || (res.statusCode === 401 && res.json().code === 'unauthorized');
        if (!needsLogin && (refused || res.statusCode >= 500)) {
          wrong.push(`${key(route)} (${body}, public): ${res.statusCode}`);
        }
        if (
          res.body.includes(a.email) ||
          res.body.includes(SECRET_MESSAGE) ||
          res.body.includes(SECRET_LAST_NAME)
        ) {
          wrong.push(`${key(route)}: shows A's private data to a visitor`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it("B reads nothing private of A's and changes nothing of A's on any route", {
    timeout: ROUTE_WALK_MS,
  }, async () => {
    const before = await stateOfA();
    const wrong: string[] = [];
    for (const route of called) {
      const res = await call(route, 'B');
      if (res.statusCode >= 500) wrong.push(`${key(route)}: ${res.statusCode}`);
      if (res.statusCode === 401 && res.json().code === 'unauthorized') {
        wrong.push(`${key(route)}: B was refused as not logged in`);
      }
      if (route.access === 'admin' && res.statusCode !== 403)
        wrong.push(`${key(route)} (admin): ${res.statusCode}`);
      if (
        res.body.includes(a.email) ||
        res.body.includes(SECRET_MESSAGE) ||
        res.body.includes(SECRET_LAST_NAME)
      ) {
        wrong.push(`${key(route)}: shows A's private data to B`);
      }
      // A reaction to B's call (a notification for A) belongs to this route, not to a later one.
      await reactionsDone(t);
      const after = await stateOfA();
      if (JSON.stringify(after) !== JSON.stringify(before)) {
        wrong.push(`${key(route)}: changed A's data`);
        expect(after).toEqual(before);
      }
    }
    expect(wrong).toEqual([]);
    // B's own things are B's: B's ad still stands.
    expect((await t.app.inject({ url: `/api/listings/${adOfB.id}` })).statusCode).toBe(200);
  });

  it('A and an ADMIN are let in where they may be; members get 403 on admin routes; nothing fails', {
    timeout: ROUTE_WALK_MS,
  }, async () => {
    const wrong: string[] = [];
    for (const who of ['A', 'ADMIN'] as const) {
      for (const route of called) {
        const res = await call(route, who);
        if (res.statusCode >= 500) wrong.push(`${key(route)} as ${who}: ${res.statusCode}`);
        if (res.statusCode === 401 && res.json().code === 'unauthorized') {
          wrong.push(`${key(route)} as ${who}: 401`);
        }
        if (route.access === 'admin' && who === 'A' && res.statusCode !== 403) {
          wrong.push(`${key(route)} (admin) as A: ${res.statusCode}`);
        }
        if (route.access === 'admin' && who === 'ADMIN' && res.statusCode === 403) {
          wrong.push(`${key(route)} (admin) as ADMIN: 403`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});
