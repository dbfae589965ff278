import type { Listing, ListingCreate } from '@marketplace/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { expect, vi } from 'vitest';
import { z } from 'zod';
import { selectRows } from '../../src/db/client.ts';
import { REACTION_QUEUES } from '../../src/jobs/reactions.ts';
import type { DomainEvents, EventType } from '../../src/realtime/event-bus.ts';
import { bearer, type RegisteredMember, registerMember } from './accounts.ts';
import type { TestApp } from './app.ts';

/** Registers a member and marks the e-mail verified (posting and uploads need it). */
export async function verifiedMember(
  t: TestApp,
  fields: { nickname?: string; first_name?: string } = {},
): Promise<RegisteredMember> {
  const member = await registerMember(t.app, fields);
  await t.db.handle.db.execute(
    sql`update users set email_verified_at = now() where id = ${member.user.id}::uuid`,
  );
  await memberChanged(t.app, member.user.id);
  return member;
}

/** Makes a member an administrator. */
export async function makeAdmin(t: TestApp, userId: string): Promise<void> {
  await t.db.handle.db.execute(sql`update users set role = 'ADMIN' where id = ${userId}::uuid`);
  await memberChanged(t.app, userId);
}

/**
 * Announces a change a test wrote straight into `users` (role, verification), as the owning
 * module does after its own writes: every instance's session cache drops the member's sessions
 * (docs/decisions/0007).
 */
export async function memberChanged(app: FastifyInstance, userId: string): Promise<void> {
  await app.events.publish('user.updated', { userId });
}

/** A valid ad body: a bike in Munich (80331), overridable field by field. */
export function adBody(overrides: Partial<ListingCreate> = {}): ListingCreate {
  return {
    title: 'Gut erhaltenes Fahrrad',
    description: 'Trekkingrad mit 21 Gängen, neue Bremsen, nur Abholung.',
    price: 120,
    price_type: 'negotiable',
    offer_type: 'offer',
    category: 'fahrraeder-zubehoer',
    postal_code: '80331',
    location: '',
    images: [],
    attributes: { bike_type: 'Trekkingrad' },
    ...overrides,
  };
}

/** `POST /api/listings` as the member. */
export function postAd(t: TestApp, token: string, body: unknown) {
  return t.app.inject({
    method: 'POST',
    url: '/api/listings',
    headers: bearer(token),
    payload: body as object,
  });
}

/** Posts an ad and answers it; fails the test on anything but 201. */
export async function createAd(
  t: TestApp,
  token: string,
  overrides: Partial<ListingCreate> = {},
): Promise<Listing> {
  const res = await postAd(t, token, adBody(overrides));
  if (res.statusCode !== 201) throw new Error(`posting failed: ${res.statusCode} ${res.body}`);
  return res.json() as Listing;
}

/** A multipart/form-data body with one file in `field`. */
export function multipart(
  data: Buffer,
  filename: string,
  contentType: string,
  field = 'file',
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----marktplatz${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, data, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/**
 * A multipart/form-data body of a form: the JSON or text field `data` (when given) before one
 * file in the field `fileField` (when given), as the verification and application forms send them.
 */
export function formWithFile(
  data: unknown,
  file?: { bytes: Buffer; name: string; type: string },
  fileField = 'file',
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----form${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  if (data !== undefined) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="data"\r\n\r\n${typeof data === 'string' ? data : JSON.stringify(data)}\r\n`,
      ),
    );
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${fileField}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** `POST /api/upload` of `data` as the member. */
export function upload(
  t: TestApp,
  token: string,
  data: Buffer,
  filename = 'foto.jpg',
  contentType = 'image/jpeg',
) {
  const body = multipart(data, filename, contentType);
  return t.app.inject({
    method: 'POST',
    url: '/api/upload',
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
}

/** A small JPEG (a coloured rectangle), `width` x `height` pixels. */
export function jpeg(width = 64, height = 48, color = '#3a7bd5'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .jpeg()
    .toBuffer();
}

/** Uploads a small JPEG and answers its URL. */
export async function uploadPhoto(t: TestApp, token: string): Promise<string> {
  const res = await upload(t, token, await jpeg());
  if (res.statusCode !== 201) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { url: string }).url;
}

/** Counts rows of a table. */
export async function countRows(t: TestApp, table: string): Promise<number> {
  const [row] = await selectRows(
    t.db.handle.db,
    z.object({ n: z.number() }),
    sql.raw(`select count(*)::int as n from ${table}`),
  );
  return row?.n ?? 0;
}

/**
 * Waits (`expect.poll`, up to 20 s: notifications follow the commit through events) until one of
 * `member`'s newest 50 notifications (`GET /api/notifications`) has every field of `fields`.
 * @throws an assertion error listing the notifications there are when none matches in time
 */
export async function expectNotification(
  t: TestApp,
  member: RegisteredMember,
  fields: Record<string, unknown>,
): Promise<void> {
  await expect
    .poll(
      async () => {
        const res = await t.app.inject({
          url: '/api/notifications?limit=50',
          headers: bearer(member.access_token),
        });
        expect(res.statusCode).toBe(200);
        return res.json().notifications as unknown[];
      },
      { timeout: 20_000, interval: 50 },
    )
    .toContainEqual(expect.objectContaining(fields));
}

/**
 * Emits a domain event as a module does (docs/decisions/0022-durable-reactions.md): its durable
 * reactions are recorded in a transaction and run by the job queue; its live and per-instance
 * handlers run after the commit. For tests that stand in for another module's change.
 */
export async function emitEvent<K extends EventType>(
  app: FastifyInstance,
  type: K,
  payload: DomainEvents[K],
): Promise<void> {
  await app.events.transaction(app.database.db, async (_tx, emit) => {
    emit(type, payload);
  });
}

/**
 * Waits until the job queue has run every durable reaction recorded so far (none waiting,
 * running or due for a retry): what the events of the requests before caused is written then,
 * and an assertion that something did not happen can be made.
 */
export async function reactionsDone(t: TestApp): Promise<void> {
  const schema = `"${t.app.jobs.schema.replaceAll('"', '""')}"`;
  // vi.waitFor, not expect.poll: also usable in beforeAll.
  await vi.waitFor(
    async () => {
      const [row] = await t.app.jobs.query(
        z.object({ n: z.number().int() }),
        `select count(*)::int as n from ${schema}.job where name = any($1::text[]) and state in ('created', 'retry', 'active')`,
        [REACTION_QUEUES],
      );
      if (row?.n !== 0) throw new Error(`${row?.n} reactions have not run yet`);
    },
    { timeout: 20_000, interval: 50 },
  );
}
