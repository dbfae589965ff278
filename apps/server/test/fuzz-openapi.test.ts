import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { createJobPosition } from '../src/modules/career/index.ts';
import { bearer, login, PASSWORD, type RegisteredMember, uniqueIp } from './helpers/accounts.ts';
import { dbKind, startTestApp } from './helpers/app.ts';
import { adBody, createAd, jpeg, makeAdmin, postAd, verifiedMember } from './helpers/marketplace.ts';

/**
 * Generated requests against every route of the OpenAPI description: path parameters, query
 * strings and JSON bodies built from the route's own schemas, valid values mixed with hostile
 * ones (NUL bytes, huge and odd numbers, wrong types, long strings, unusual Unicode), sent
 * without a token and as a logged-in member, and to the admin routes mostly as an ADMIN. The
 * multipart upload routes get generated multipart bodies instead: valid parts mixed with
 * hostile fields and files, and bodies without a boundary, cut off, or not multipart at all.
 * No answer may be a 5xx. A new route is fuzzed as soon as it is in the OpenAPI description
 * (a multipart one once its fields are in `MULTIPART_FIELDS`); one the fuzzer cannot drive must
 * be listed in `LEFT_OUT` with the reason, and a registered API route missing from the
 * description fails.
 */

/** Seed of every property; set FUZZ_SEED to replay another run. Printed on failure. */
const SEED = Number(process.env.FUZZ_SEED ?? 20261124);
/**
 * Generated requests per route (without a token, as a member or, on admin routes, as an ADMIN,
 * chosen at random); routes with many fields get up to three times as many, the multipart
 * routes twice as many. 50 keeps the file near four minutes on a 2-core machine, the longest of
 * the suite; raise it by hand (`FUZZ_RUNS=400`, or another `FUZZ_SEED`) for a longer run. The
 * run on a PostgreSQL server sends half as many: the inputs meet the same validation and the
 * same SQL as on the embedded PostgreSQL, where the full run happens; the second run looks for
 * what only the server's driver answers differently (its errors, its types).
 */
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? (dbKind === 'postgres' ? 25 : 50));

/** Routes the fuzzer does not drive, with the reason. Everything else is fuzzed. */
const LEFT_OUT: Record<string, string> = {
  'GET /ws/notifications': 'WebSocket upgrade; apps/server/test/realtime*.test.ts cover it',
  'GET /ws/stories': 'WebSocket upgrade (SPEC.md §7 story socket); its own socket tests cover it',
};

type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
  default?: unknown;
};

interface Operation {
  parameters?: { in: 'path' | 'query' | 'header'; name: string; required?: boolean; schema: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema: JsonSchema }> };
}

/** Strings that broke servers before: NUL, surrogates, overlong, numbers in disguise, markup. */
const HOSTILE_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u0000'.repeat(50),
  '\ud800',
  'x\udfffy',
  '\u202e\u0645\u0631\u062d\u0628\u0627',
  '\u{1F600}'.repeat(60),
  'e\u0301'.repeat(40),
  '\uFEFF\u200B',
  '\r\n\t\u0007\u001b[31m',
  '\u0085\u2028\u2029',
  'ä'.repeat(3000),
  'x'.repeat(20_000),
  '-1',
  '0',
  '-0',
  '1e400',
  '-1e400',
  'NaN',
  'Infinity',
  '21474837',
  '21474836.48',
  '2147483648',
  '99999999999999999999999',
  '9007199254740993',
  '0x10',
  '1,5',
  'true',
  'null',
  'undefined',
  '[]',
  '{}',
  '%00',
  '%',
  '../../etc/passwd',
  "'; drop table users; --",
  '<script>alert(1)</script>',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '2026-13-45T99:99:99Z',
  '1970-01-01T00:00:00Z',
  'eyJzIjoibmV3ZXN0IiwiayI6MTIzLCJpZCI6IjAwMDAwMDAwLTAwMDAtMDAwMC0wMDAwLTAwMDAwMDAwMDAwMCJ9',
  'eyJzIjoicHJpY2UtYXNjIiwiayI6Im5pY2h0LWVpbmUtemFobCIsImlkIjoiMDAwMDAwMDAtMDAwMC0wMDAwLTAwMDAtMDAwMDAwMDAwMDAwIn0',
  'eyJzIjoibmV3ZXN0IiwiayI6IlxcdTAwMDAiLCJpZCI6IjAwMDAwMDAwLTAwMDAtMDAwMC0wMDAwLTAwMDAwMDAwMDAwMCJ9',
];

/** Numbers that overflow columns, JSON or JavaScript. */
const HOSTILE_NUMBERS = [
  0,
  -0,
  -1,
  0.1,
  0.005,
  1.999,
  21_474_837,
  2_147_483_647,
  2_147_483_648,
  -2_147_483_649,
  4_294_967_296,
  Number.MAX_SAFE_INTEGER,
  Number.MAX_SAFE_INTEGER + 2,
  -Number.MAX_SAFE_INTEGER,
  1e21,
  1e308,
  -1e308,
  Number.MIN_VALUE,
];

/** NUL bytes and unpaired surrogates: PostgreSQL refuses them in text and jsonb. */
const NUL_STRINGS = ['\u0000', 'a\u0000b', 'Fahrrad\u0000', '\u0000'.repeat(50), '\ud800', 'x\udfffy'];
const hostileString = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NUL_STRINGS) },
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 60 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
);
/** Hostile strings without a NUL byte. */
const withoutNul = fc.constantFrom(...HOSTILE_STRINGS.filter((value) => !value.includes('\u0000')));
const hostileNumber = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_NUMBERS) },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.integer() },
);
/** Any JSON value, for wrong types. */
const anyJson: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  hostileNumber,
  fc.boolean(),
  fc.constant(null),
  fc.constant([]),
  fc.constant({}),
  fc.array(hostileString, { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), hostileString, { maxKeys: 3 }),
);

function typesOf(schema: JsonSchema): string[] {
  if (Array.isArray(schema.type)) return schema.type;
  if (schema.type) return [schema.type];
  if (schema.properties) return ['object'];
  return [];
}

/**
 * Values that pass the services' own checks for well-known field names (a real category, a
 * postal code with places, existing ids), so that a request with one hostile field reaches
 * the code behind validation. Filled once the test's resources exist.
 */
const KNOWN: Record<string, fc.Arbitrary<unknown>> = {};

/** A valid-looking string for a string schema. */
function stringFor(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.format === 'uuid') return fc.uuid();
  if (schema.format === 'email') return fc.emailAddress();
  if (schema.format === 'date-time') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
  const maxLength = Math.min(schema.maxLength ?? 40, 120);
  const minLength = Math.min(schema.minLength ?? 0, maxLength);
  return fc.string({ minLength, maxLength, unit: 'grapheme-ascii' });
}

/** A valid-looking number for a number or integer schema. */
function numberFor(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = typeof schema.minimum === 'number' ? schema.minimum : -1_000_000;
  const max = typeof schema.maximum === 'number' ? schema.maximum : 1_000_000;
  const lo = Math.max(min, -Number.MAX_SAFE_INTEGER);
  const hi = Math.min(max, Number.MAX_SAFE_INTEGER);
  if (integer) {
    return fc.integer({
      min: Math.ceil(Math.max(lo, -(2 ** 31))),
      max: Math.floor(Math.min(hi, 2 ** 31 - 1)),
    });
  }
  return fc.double({ min: lo, max: hi, noNaN: true, noDefaultInfinity: true });
}

function alternativesOf(schema: JsonSchema): JsonSchema[] | undefined {
  const alternatives = schema.anyOf ?? schema.oneOf;
  return alternatives?.length ? alternatives : undefined;
}

/** What the schema describes; for objects the required keys and now and then optional ones. */
function validFor(schema: JsonSchema | undefined, name = '', depth = 0): fc.Arbitrary<unknown> {
  const known = KNOWN[name];
  if (known) return known;
  if (!schema || depth > 6) return anyJson;
  const alternatives = alternativesOf(schema);
  if (alternatives)
    return fc.oneof(...alternatives.map((alternative) => validFor(alternative, name, depth + 1)));
  if (schema.allOf?.length) return validFor(Object.assign({}, ...schema.allOf), name, depth + 1);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  switch (typesOf(schema)[0]) {
    case 'string':
      return stringFor(schema);
    case 'integer':
      return numberFor(schema, true);
    case 'number':
      return numberFor(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(validFor(schema.items, '', depth + 1), {
        minLength: Math.min(schema.minItems ?? 0, 5),
        maxLength: Math.min(schema.maxItems ?? 3, 25),
      });
    case 'object':
      return objectFor(schema, depth);
    default:
      return anyJson;
  }
}

/** A wrong value of the same kind (NUL bytes, overflowing numbers) or of another type. */
function hostileFor(schema: JsonSchema | undefined): fc.Arbitrary<unknown> {
  const type = schema
    ? (typesOf(schema)[0] ??
      (alternativesOf(schema) ? typesOf(alternativesOf(schema)?.[0] ?? {})[0] : undefined))
    : undefined;
  const sameKind =
    type === 'string'
      ? hostileString
      : type === 'integer' || type === 'number'
        ? fc.oneof({ weight: 3, arbitrary: hostileNumber }, { weight: 1, arbitrary: hostileString })
        : type === 'array'
          ? fc.array(anyJson, { maxLength: 30 })
          : type === 'object'
            ? fc.dictionary(fc.oneof(fc.string({ maxLength: 12 }), hostileString), anyJson, { maxKeys: 4 })
            : anyJson;
  return fc.oneof({ weight: 3, arbitrary: sameKind }, { weight: 1, arbitrary: anyJson });
}

/**
 * Values for a JSON schema: all valid, valid with exactly one hostile field (the likeliest to
 * reach the code behind validation), or everything random.
 */
function valueFor(schema: JsonSchema | undefined, name = ''): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 2, arbitrary: validFor(schema, name) },
    {
      weight: 4,
      arbitrary: schema && typesOf(schema)[0] === 'object' ? mutatedObject(schema) : hostileFor(schema),
    },
    { weight: 1, arbitrary: anyJson },
  );
}

/** Stray keys an object may carry: attribute filters of the ad search, prototype names. */
const strayKey = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.constantFrom('attr.zustand', 'attr.baujahr.min', 'attr.x\u0000', '__proto__', 'constructor'),
);

/** An object with the schema's required keys, some optional ones, and now and then a stray key. */
function objectFor(schema: JsonSchema, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  const record: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, property] of Object.entries(properties)) record[key] = validFor(property, key, depth + 1);
  const known = fc.record(record, {
    requiredKeys: Object.keys(properties).filter((key) => required.has(key)),
  });
  if (typeof schema.additionalProperties !== 'object') return known;
  const extras = fc.dictionary(
    fc.oneof(
      fc.constantFrom('zustand', 'bike_type', 'baujahr', 'follow', 'message'),
      fc.string({ maxLength: 8 }),
    ),
    validFor(schema.additionalProperties, '', depth + 1),
    { maxKeys: 3 },
  );
  return fc.tuple(known, extras).map(([a, b]) => ({ ...b, ...a }));
}

/** A valid object of the schema with one field (or one stray key) replaced by a hostile value. */
function mutatedObject(schema: JsonSchema): fc.Arbitrary<unknown> {
  const keys = Object.keys(schema.properties ?? {});
  const base = objectFor(schema, 0);
  const oneField = keys.length
    ? fc.constantFrom(...keys).chain((key) =>
        fc.tuple(base, fc.constant(key), hostileFor(schema.properties?.[key])).map(([value, k, bad]) => ({
          ...value,
          [k]: bad,
        })),
      )
    : base;
  const strayField = fc.tuple(base, strayKey, anyJson).map(([value, key, bad]) => ({ ...value, [key]: bad }));
  return fc.oneof({ weight: 4, arbitrary: oneField }, { weight: 1, arbitrary: strayField });
}

/** Percent-encodes every byte of the UTF-8 form (an unpaired surrogate becomes U+FFFD, as in a browser). */
function percentEncode(value: string): string {
  return [...Buffer.from(value, 'utf8')]
    .map((byte) =>
      /[\w.~-]/.test(String.fromCharCode(byte))
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');
}

/** A query string or path value: JSON values as the client would write them in a URL. */
function asUrlText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

const t = await startTestApp();
afterAll(async () => {
  await t?.close();
});

// Resources the generated values can point at, so requests also reach existing rows: the
// logged-in member owns an ad and talks about another member's ad in a conversation.
const member = await verifiedMember(t, { nickname: 'Fuzz-Mitglied' });
/** An account whose address the generated logins, resets and registrations use. */
const decoy = await verifiedMember(t);
const other = await verifiedMember(t, { nickname: 'Fuzz-Verkäuferin' });
const othersAd = await createAd(t, other.access_token, { price_type: 'negotiable', price: 50 });
const conversation = await t.app.inject({
  method: 'POST',
  url: '/api/chat/conversations',
  headers: bearer(member.access_token),
  payload: { listing_id: othersAd.id },
});
const conversationId = (conversation.json() as { id: string }).id;
const ids = { ownAd: '', conversation: conversationId };
// An open position of the career page, so that generated applications reach its checks.
const openPosition = await createJobPosition(t.app.database.db, null, {
  title: 'Fuzz-Entwickler:in',
  team: 'engineering',
  location: 'Berlin',
  remote: true,
  employment_type: 'full_time',
  summary: 'Eine Stelle, auf die sich der Fuzzer bewirbt, mit allen Feldern.',
  body: '## Aufgaben\n\nDu schickst uns zufällige Bewerbungen und wir prüfen jede einzelne davon.',
});

/**
 * The member's own ad; a fuzzed DELETE may remove it, then a new one is posted. When the
 * member's hourly ad limit is used up (long runs), a new member 0 steps in and posts it.
 */
async function ensureOwnAd(): Promise<void> {
  const res = ids.ownAd ? await t.app.inject({ method: 'GET', url: `/api/listings/${ids.ownAd}` }) : null;
  if (res?.statusCode === 200) return;
  const posted = await postAd(t, await freshMemberToken(), adBody({ title: 'Eigenes Fahrrad' }));
  if (posted.statusCode === 201) {
    ids.ownAd = (posted.json() as { id: string }).id;
    return;
  }
  members[0] = await verifiedMember(t);
  tokens[0] = (members[0] as RegisteredMember).access_token;
  ids.ownAd = (await createAd(t, tokens[0] as string, { title: 'Eigenes Fahrrad' })).id;
}

/**
 * The logged-in members' tokens: `member` and two more, so that per-member hourly limits (ads
 * posted, messages) leave room for requests that get further. A fuzzed logout or password
 * change may end a token; then that member logs in again.
 */
const members = [member, await verifiedMember(t), await verifiedMember(t)];
const tokens = members.map((m) => m.access_token);
async function freshMemberToken(index = 0): Promise<string> {
  const current = members[index] as RegisteredMember;
  const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(tokens[index] as string) });
  if (me.statusCode === 200) return tokens[index] as string;
  const res = await login(t.app, current.email, PASSWORD, uniqueIp());
  if (res.statusCode === 200) {
    tokens[index] = (res.json() as RegisteredMember).access_token;
  } else {
    // Fuzzed wrong passwords may have slowed the account's logins down: a new member steps in.
    members[index] = await verifiedMember(t);
    tokens[index] = (members[index] as RegisteredMember).access_token;
  }
  return tokens[index] as string;
}
await ensureOwnAd();

/** A real paging cursor of each sort, so mutated and foreign cursors meet real ones. */
const cursors: string[] = [];
await createAd(t, other.access_token, { title: 'Zweites Rad', price: 70 });
for (const sort of ['newest', 'price-asc', 'popular']) {
  const res = await t.app.inject({ url: `/api/listings?limit=1&sort=${sort}` });
  const next = (res.json() as { next_cursor: string | null }).next_cursor;
  if (next) cursors.push(next);
}

/**
 * The ADMIN the admin routes are called as. A fuzzed role change or sanction by a member the
 * fuzzer made ADMIN may demote or ban it; then a new ADMIN steps in.
 */
const admins = { current: await verifiedMember(t, { nickname: 'Fuzz-Admin' }) };
await makeAdmin(t, admins.current.user.id);
async function freshAdminToken(): Promise<string> {
  const me = await t.app.inject({ url: '/api/me', headers: bearer(admins.current.access_token) });
  if (me.statusCode === 200 && (me.json() as { role: string }).role === 'ADMIN') {
    return admins.current.access_token;
  }
  admins.current = await verifiedMember(t);
  await makeAdmin(t, admins.current.user.id);
  return admins.current.access_token;
}

/** A small photo, a PDF and a member's pending verification request, for uploads and the admin queue. */
const PHOTO = await jpeg(16, 12);
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
const VERIFICATION_DATA = {
  kind: 'private',
  name: 'Fuzz Beispiel',
  street: 'Hauptstraße 1',
  postal_code: '80331',
  city: 'München',
  phone: '+49 89 123456',
};
const applicant = await verifiedMember(t, { nickname: 'Fuzz-Antrag' });
const applied = await t.app.inject({
  method: 'POST',
  url: '/api/verification',
  headers: { ...bearer(applicant.access_token), 'content-type': 'multipart/form-data; boundary=antrag' },
  payload: Buffer.concat([
    Buffer.from(
      `--antrag\r\nContent-Disposition: form-data; name="data"\r\n\r\n${JSON.stringify(VERIFICATION_DATA)}\r\n`,
    ),
    Buffer.from(
      '--antrag\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n',
    ),
    PDF,
    Buffer.from('\r\n--antrag--\r\n'),
  ]),
});
if (applied.statusCode !== 201) throw new Error(`verification request failed: ${applied.body}`);
const verificationId = (applied.json() as { id: string }).id;

const anyId = fc.constantFrom(
  othersAd.id,
  other.user.id,
  member.user.id,
  conversationId,
  verificationId,
  applicant.user.id,
  '00000000-0000-0000-0000-000000000000',
);
Object.assign(KNOWN, {
  id: fc.oneof(anyId, fc.constant(ids.conversation)),
  userId: anyId,
  listingId: anyId,
  listing_id: anyId,
  user_id: anyId,
  seller_id: anyId,
  messageId: fc.uuid(),
  category: fc.constantFrom('fahrraeder-zubehoer', 'audio-hifi', 'handy-telefon', 'elektronik'),
  postal_code: fc.constantFrom('80331', '10115'),
  price: fc.constantFrom(0, 1, 49.99, 120, 2500),
  amount: fc.constantFrom(1, 45, 49.5),
  price_min: fc.constantFrom(0, 10, 100),
  price_max: fc.constantFrom(50, 1000, 10_000_000),
  email: fc.oneof(fc.constant(decoy.email), fc.emailAddress()),
  password: fc.constantFrom(PASSWORD, 'Sonnenblumen-Wiese-2026'),
  current_password: fc.constantFrom(PASSWORD, 'falsch123'),
  cursor: fc.constantFrom(...cursors),
  images: fc.constant([]),
  location: fc.constant(''),
  attributes: fc.constant({}),
  q: fc.constantFrom('fahrrad', 'Fahrräder', 'rad bosch', 'xyz'),
  from: fc.constantFrom('2025-01-01', '2026-11-01'),
  to: fc.constantFrom('2026-12-31', '2025-06-30'),
});

/** Who sends a generated request: a visitor (null), member 0 to 2, or the ADMIN. */
type Caller = null | 0 | 1 | 2 | 'admin';
const callerName = (caller: Caller) =>
  caller === null ? 'visitor' : caller === 'admin' ? 'ADMIN' : `member ${caller}`;
async function headersOf(caller: Caller): Promise<Record<string, string>> {
  if (caller === null) return {};
  return bearer(caller === 'admin' ? await freshAdminToken() : await freshMemberToken(caller));
}

const afterDebug: (() => void)[] = [];
/** Generated requests sent, printed with FUZZ_DEBUG. */
const sent = { count: 0 };
afterAll(() => {
  for (const print of afterDebug) print();
  if (process.env.FUZZ_DEBUG) console.log(`${sent.count} generated requests`);
});

const document = t.app.swagger() as { paths: Record<string, Record<string, Operation>> };
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
const routes = Object.entries(document.paths).flatMap(([path, item]) =>
  METHODS.filter((method) => item[method]).map((method) => ({
    method: method.toUpperCase(),
    path,
    operation: item[method] as Operation,
  })),
);
const catalogueKey = (route: { method: string; url: string }) => `${route.method} ${route.url}`;
/** Routes only an ADMIN may call: mostly called as the ADMIN, to reach what lies behind the 403. */
const adminRoutes = new Set(
  t.app.routeCatalogue.filter((route) => route.access === 'admin').map(catalogueKey),
);
const multipartRoutes = t.app.routeCatalogue.filter((route) => route.multipart).map(catalogueKey);

describe('generated requests never get a 5xx answer', () => {
  it('every API route is in the OpenAPI description or left out with a reason', () => {
    const described = new Set(
      routes.map((route) => `${route.method} ${route.path.replace(/\{(\w+)\}/g, ':$1')}`),
    );
    const registered = t.app.routeCatalogue
      .filter((route) => /^\/(api|ws)\//.test(route.url) && !route.url.startsWith('/api/docs'))
      .map((route) => `${route.method} ${route.url}`);
    const missing = registered.filter((key) => !described.has(key) && !(key in LEFT_OUT));
    expect(missing).toEqual([]);
    // A route left out stays a registered route: a stale entry would hide nothing but rot.
    expect(Object.keys(LEFT_OUT).filter((key) => !registered.includes(key))).toEqual([]);
    expect(routes.length).toBeGreaterThan(40);
    // Every upload route is driven with multipart bodies, every admin route also as an ADMIN.
    expect(multipartRoutes.filter((key) => !(key in MULTIPART_FIELDS))).toEqual([]);
    expect(multipartRoutes.length).toBeGreaterThanOrEqual(4);
    expect(adminRoutes.size).toBeGreaterThan(15);
  });

  for (const route of routes) {
    const key = `${route.method} ${route.path.replace(/\{(\w+)\}/g, ':$1')}`;
    // Driven by their own tests instead, see LEFT_OUT.
    // Driven with multipart bodies below.
    if (key in LEFT_OUT || multipartRoutes.includes(key)) continue;
    it(`${key}: at least ${RUNS_PER_ROUTE} requests`, async () => {
      await ensureOwnAd();
      const parameters = route.operation.parameters ?? [];
      const asObject = (where: 'path' | 'query'): JsonSchema => {
        const list = parameters.filter((p) => p.in === where);
        return {
          type: 'object',
          properties: Object.fromEntries(list.map((p) => [p.name, p.schema])),
          required: list.filter((p) => p.required || where === 'path').map((p) => p.name),
        };
      };
      const bodySchema = route.operation.requestBody?.content?.['application/json']?.schema;
      const ownAd = fc.constant(ids.ownAd);
      const pathArb = fc.tuple(valueFor(asObject('path')), ownAd, fc.nat(3)).map(([value, adId, pick]) => {
        const record = (value && typeof value === 'object' ? value : {}) as Record<string, unknown>;
        // The member's own ad as `id` now and then, to reach the owner's side of ad routes.
        return pick === 0 && 'id' in record ? { ...record, id: adId } : record;
      });
      const queryArb = valueFor(asObject('query'));
      // Mostly without NUL bytes: one anywhere in the query ends the request with a 422 before
      // the route's own checks, and most routes ignore these keys.
      const extraQuery = fc.dictionary(
        fc.constantFrom('attr.zustand', 'attr.baujahr.min', 'attr.baujahr.max', 'attr.\u0000', 'limit', 'q'),
        fc.oneof({ weight: 1, arbitrary: hostileString }, { weight: 3, arbitrary: withoutNul }),
        { maxKeys: 2 },
      );
      const bodyArb = bodySchema ? valueFor(bodySchema) : fc.constant(undefined);

      const fields =
        parameters.length +
        Object.keys(bodySchema?.properties ?? {}).length +
        (bodySchema?.anyOf?.length ?? 0);
      const runs = Math.min(3 * RUNS_PER_ROUTE, RUNS_PER_ROUTE + 15 * fields);
      const statuses = new Map<string, number>();
      const property = fc.asyncProperty(
        pathArb,
        queryArb,
        extraQuery,
        bodyArb,
        adminRoutes.has(key)
          ? fc.constantFrom<Caller>(null, 0, 'admin', 'admin', 'admin')
          : fc.constantFrom<Caller>(null, 0, 0, 1, 2),
        async (pathValues, query, extra, body, caller) => {
          let url = route.path;
          for (const name of parameters.filter((p) => p.in === 'path').map((p) => p.name)) {
            const value = asUrlText((pathValues as Record<string, unknown>)[name]) || 'x';
            url = url.replace(`{${name}}`, percentEncode(value));
          }
          const search = new URLSearchParams();
          const queryValues = (query && typeof query === 'object' ? query : { q: query }) as Record<
            string,
            unknown
          >;
          for (const [name, value] of Object.entries({ ...extra, ...queryValues })) {
            if (value !== undefined) search.append(name, asUrlText(value));
          }
          const qs = search.toString();
          const headers = await headersOf(caller);
          sent.count++;
          const res = await t.app.inject({
            method: route.method as 'GET',
            url: qs ? `${url}?${qs}` : url,
            headers,
            remoteAddress: uniqueIp(),
            ...(body !== undefined
              ? { payload: JSON.stringify(body), headers: { ...headers, 'content-type': 'application/json' } }
              : {}),
          });
          if (process.env.FUZZ_DEBUG) {
            const k = `${res.statusCode} ${res.statusCode < 300 ? '' : res.body.slice(0, 90)}`;
            statuses.set(k, (statuses.get(k) ?? 0) + 1);
          }
          if (res.statusCode >= 500) {
            throw new Error(
              `${route.method} ${qs ? `${url}?${qs}` : url} as ${callerName(caller)} answered ${res.statusCode}: ${res.body.slice(0, 300)}\nbody: ${JSON.stringify(body)?.slice(0, 500)}`,
            );
          }
        },
      );
      if (process.env.FUZZ_DEBUG) {
        afterDebug.push(() => console.log(key, [...statuses].sort((a, b) => b[1] - a[1]).slice(0, 12)));
      }
      try {
        await fc.assert(property, {
          seed: SEED,
          numRuns: runs,
          endOnFailure: true,
          includeErrorInReport: true,
        });
      } catch (error) {
        throw new Error(
          `${key} (fast-check seed ${SEED}; replay with FUZZ_SEED=${SEED}):\n${String((error as Error).message).slice(0, 3000)}`,
        );
      }
    }, 120_000);
  }
});

/** Contents of uploaded files: real photos and documents, nothing, and random bytes. */
const fileBytes = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom(PHOTO, PDF) },
  { weight: 1, arbitrary: fc.constant(Buffer.alloc(0)) },
  { weight: 1, arbitrary: fc.constant(PHOTO.subarray(0, 40)) },
  { weight: 2, arbitrary: fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.from(bytes)) },
);

/** A valid verification `data` field, or one with a hostile value in one of its fields. */
const verificationData = fc
  .oneof(
    { weight: 2, arbitrary: fc.constant(VERIFICATION_DATA) },
    {
      weight: 4,
      arbitrary: fc
        .tuple(
          fc.constantFrom(
            ...Object.keys(VERIFICATION_DATA),
            'legal_form',
            'email',
            'register_number',
            'vat_id',
          ),
          hostileString,
          fc.constantFrom('private', 'business'),
        )
        .map(([key, bad, kind]) => ({
          ...VERIFICATION_DATA,
          kind,
          legal_form: 'GmbH',
          email: 'info@beispiel.de',
          register_number: 'HRB 12345',
          [key]: bad,
        })),
    },
    { weight: 1, arbitrary: anyJson },
  )
  .map((value) => JSON.stringify(value));

/**
 * The multipart upload routes: the fields their files go in, and their text fields with valid
 * values. A new multipart route fails the first test until it is listed here.
 */
/** A valid application `data` field, or one with a hostile value in one of its fields. */
const APPLICATION_DATA = {
  name: 'Berta Bewerberin',
  email: 'berta@example.com',
  phone: '030 123456',
  message: 'Ich möchte mich gern bei euch bewerben, weil ich Foren liebe.',
  consent: true,
};
const applicationData = fc.oneof(
  { weight: 2, arbitrary: fc.constant(JSON.stringify(APPLICATION_DATA)) },
  {
    weight: 4,
    arbitrary: fc
      .tuple(fc.constantFrom(...Object.keys(APPLICATION_DATA)), hostileString)
      .map(([field, value]) => JSON.stringify({ ...APPLICATION_DATA, [field]: value })),
  },
);

/** Per multipart route: its file fields, its text fields and, for a route with a path parameter, the address driven. */
const MULTIPART_FIELDS: Record<
  string,
  { files: string[]; fields: Record<string, fc.Arbitrary<string>>; url?: string }
> = {
  'POST /api/upload': { files: ['file'], fields: {} },
  'POST /api/me/avatar': { files: ['file'], fields: {} },
  'POST /api/stories/': {
    files: ['media', 'poster'],
    fields: {
      caption: fc.constantFrom('Neues Rad!', '', '  '),
      duration: fc.constantFrom('5', '15', '0', '2.5'),
      listing_id: fc.oneof(anyId, fc.constant(ids.ownAd)),
    },
  },
  'POST /api/verification': { files: ['file'], fields: { data: verificationData } },
  'POST /api/career/positions/:slug/applications': {
    files: ['cv'],
    fields: { data: applicationData },
    url: `/api/career/positions/${openPosition.slug}/applications`,
  },
};

interface FormPart {
  name: string;
  value: Buffer;
  filename?: string;
  type?: string;
}

/**
 * The text fields of a body: each known field now and then left out, with a valid or a hostile
 * value, and now and then a stray field.
 */
function textParts(fields: Record<string, fc.Arbitrary<string>>): fc.Arbitrary<FormPart[]> {
  const known = Object.entries(fields).map(([name, value]) =>
    fc.option(
      fc
        .oneof({ weight: 3, arbitrary: value }, { weight: 2, arbitrary: hostileString })
        .map((text): FormPart => ({ name, value: Buffer.from(text) })),
      { freq: 4 },
    ),
  );
  const stray = fc
    .tuple(fc.oneof(strayKey, hostileString), hostileString)
    .map(([name, text]): FormPart => ({ name, value: Buffer.from(text) }));
  return fc
    .tuple(fc.tuple(...known), fc.array(stray, { maxLength: 1 }), fc.nat(9))
    .map(([parts, strays, pick]) => [
      ...parts.filter((part): part is FormPart => part !== null),
      ...(pick === 0 ? strays : []),
    ]);
}

/** One file: mostly in a field the route reads, with a real or broken content. */
function filePart(files: string[]): fc.Arbitrary<FormPart> {
  return fc.record({
    name: fc.oneof(
      { weight: 5, arbitrary: fc.constantFrom(...files) },
      { weight: 1, arbitrary: hostileString },
    ),
    value: fileBytes,
    filename: fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom('foto.jpg', 'ausweis.pdf', 'video.mp4', 'bild') },
      { weight: 1, arbitrary: hostileString },
    ),
    type: fc.constantFrom('image/jpeg', 'application/pdf', 'video/mp4', 'application/octet-stream', ''),
  });
}

/** The multipart/form-data bytes of `parts`, closed by the final boundary. */
function formBody(parts: FormPart[], boundary: string): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const filename = part.filename === undefined ? '' : `; filename="${part.filename}"`;
    const type = part.type ? `Content-Type: ${part.type}\r\n` : '';
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"${filename}\r\n${type}\r\n`,
      ),
      part.value,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

/** How a generated body is broken, if at all. */
const BREAKAGES = [
  ...Array.from({ length: 8 }, () => 'none' as const),
  'no boundary',
  'another boundary',
  'cut off',
  'no closing boundary',
  'not multipart',
  'no content type',
  'multipart/mixed',
  'broken part header',
  'too many parts',
] as const;

describe('generated multipart uploads never get a 5xx answer', () => {
  for (const key of multipartRoutes) {
    const spec = MULTIPART_FIELDS[key];
    if (!spec) continue;
    const [method, path] = key.split(' ') as [string, string];
    const url = spec.url ?? path;
    it(`${key}: at least ${2 * RUNS_PER_ROUTE} multipart requests`, async () => {
      await ensureOwnAd();
      const statuses = new Map<string, number>();
      const property = fc.asyncProperty(
        textParts(spec.fields),
        fc.oneof(
          { weight: 8, arbitrary: filePart(spec.files).map((part) => [part]) },
          { weight: 1, arbitrary: fc.constant([]) },
          { weight: 1, arbitrary: fc.array(filePart(spec.files), { minLength: 2, maxLength: 2 }) },
        ),
        fc.nat(9).map((pick) => pick === 0),
        fc.constantFrom(...BREAKAGES),
        fc.nat(),
        fc.constantFrom<Caller>(null, 0, 0, 1, 2),
        async (texts, files, filesFirst, breakage, cut, caller) => {
          const boundary = `----fuzz${cut.toString(36)}`;
          let parts = filesFirst ? [...files, ...texts] : [...texts, ...files];
          if (breakage === 'too many parts') parts = Array.from({ length: 25 }, () => parts).flat();
          let payload = formBody(parts, boundary);
          let contentType: string | undefined = `multipart/form-data; boundary=${boundary}`;
          if (breakage === 'no boundary') contentType = 'multipart/form-data';
          if (breakage === 'another boundary') contentType = 'multipart/form-data; boundary=anders';
          if (breakage === 'multipart/mixed') contentType = `multipart/mixed; boundary=${boundary}`;
          if (breakage === 'no content type') contentType = undefined;
          if (breakage === 'cut off') payload = payload.subarray(0, cut % Math.max(1, payload.length));
          if (breakage === 'no closing boundary')
            payload = payload.subarray(0, payload.lastIndexOf(`--${boundary}--`));
          if (breakage === 'not multipart') payload = Buffer.from(`Hallo\u0000 ${cut}`);
          if (breakage === 'broken part header') {
            payload = Buffer.from(
              payload.toString('latin1').replace('Content-Disposition: form-data; ', 'Content-Disposition '),
              'latin1',
            );
          }
          const headers = await headersOf(caller);
          sent.count++;
          const res = await t.app.inject({
            method: method as 'POST',
            url,
            headers: contentType ? { ...headers, 'content-type': contentType } : headers,
            remoteAddress: uniqueIp(),
            payload,
          });
          if (process.env.FUZZ_DEBUG) {
            const k = `${res.statusCode} ${res.statusCode < 300 ? '' : res.body.slice(0, 90)}`;
            statuses.set(k, (statuses.get(k) ?? 0) + 1);
          }
          if (res.statusCode >= 500) {
            const shown = parts.map((part) => ({
              name: part.name,
              filename: part.filename,
              type: part.type,
              value: part.filename === undefined ? part.value.toString() : `${part.value.length} bytes`,
            }));
            throw new Error(
              `${key} as ${callerName(caller)} (${breakage}) answered ${res.statusCode}: ${res.body.slice(0, 300)}\nparts: ${JSON.stringify(shown).slice(0, 800)}`,
            );
          }
        },
      );
      if (process.env.FUZZ_DEBUG) {
        afterDebug.push(() => console.log(key, [...statuses].sort((a, b) => b[1] - a[1]).slice(0, 12)));
      }
      try {
        await fc.assert(property, {
          seed: SEED,
          numRuns: 2 * RUNS_PER_ROUTE,
          endOnFailure: true,
          includeErrorInReport: true,
        });
      } catch (error) {
        throw new Error(
          `${key} (fast-check seed ${SEED}; replay with FUZZ_SEED=${SEED}):\n${String((error as Error).message).slice(0, 3000)}`,
        );
      }
    }, 120_000);
  }
});
