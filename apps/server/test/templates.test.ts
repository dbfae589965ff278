import type {
  ListingTemplate,
  ListingTemplateList,
  TextTemplate,
  TextTemplateList,
} from '@marketplace/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { selectRows } from '../src/db/client.ts';
import { bearer, type RegisteredMember } from './helpers/accounts.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { verifiedMember } from './helpers/marketplace.ts';

/**
 * A member's templates: ad templates of /vorlagen (kept without photos, at most 50) and chat
 * text templates of /text-templates (four defaults once, in the member's order, at most 100).
 * Only the owner sees or changes them; they go with the account.
 */

let t: TestApp;
let owner: RegisteredMember;
let other: RegisteredMember;

beforeAll(async () => {
  t = await startTestApp();
  owner = await verifiedMember(t, { nickname: 'Vorlagenfan' });
  other = await verifiedMember(t, { nickname: 'Fremde' });
});
afterAll(async () => t?.close());

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
const call = (token: string, method: Method, url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: bearer(token),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const rowsOf = async (table: 'listing_templates' | 'text_templates', userId: string) => {
  const [row] = await selectRows(
    t.app.database.db,
    z.object({ n: z.number() }),
    sql`select count(*)::int as n from ${sql.identifier(table)} where user_id = ${userId}::uuid`,
  );
  return row?.n ?? 0;
};

const BIKE = {
  name: 'Fahrrad Standard',
  title: 'Trekkingrad 28 Zoll',
  description: 'Gut gepflegt, neue Bremsen, Licht funktioniert.',
  category: 'fahrraeder-zubehoer',
  price: 149.5,
  price_type: 'negotiable',
  offer_type: 'offer',
  postal_code: '80331',
  location: 'München',
  attributes: {},
};

describe('ad templates (/vorlagen)', () => {
  it('need a login: 401 without a token', async () => {
    const answers = await Promise.all([
      t.app.inject({ url: '/api/listing-templates' }),
      t.app.inject({ method: 'POST', url: '/api/listing-templates', payload: BIKE }),
      t.app.inject({ url: '/api/text-templates' }),
      t.app.inject({ method: 'PUT', url: '/api/text-templates/order', payload: { ids: [] } }),
    ]);
    expect(answers.map((res) => res.statusCode)).toEqual([401, 401, 401, 401]);
  });

  it('saves, reads, lists, renames and deletes a template of the owner', async () => {
    const created = await call(owner.access_token, 'POST', '/api/listing-templates', {
      ...BIKE,
      images: ['/api/images/x.webp'],
    });
    expect(created.statusCode, created.body).toBe(201);
    const template = created.json() as ListingTemplate;
    expect(template).toMatchObject({
      name: 'Fahrrad Standard',
      title: 'Trekkingrad 28 Zoll',
      category: 'fahrraeder-zubehoer',
      price: 149.5,
      price_type: 'negotiable',
      postal_code: '80331',
      location: 'München',
    });
    expect(template.category_name).toBeTruthy();
    expect(template).not.toHaveProperty('images');

    const read = await call(owner.access_token, 'GET', `/api/listing-templates/${template.id}`);
    expect(read.json()).toEqual(template);

    const renamed = await call(owner.access_token, 'PATCH', `/api/listing-templates/${template.id}`, {
      name: 'Rad für den Sommer',
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Rad für den Sommer', title: 'Trekkingrad 28 Zoll' });

    const list = (
      await call(owner.access_token, 'GET', '/api/listing-templates')
    ).json() as ListingTemplateList;
    expect(list.max).toBe(50);
    expect(list.templates.map((item) => item.name)).toContain('Rad für den Sommer');

    const removed = await call(owner.access_token, 'DELETE', `/api/listing-templates/${template.id}`);
    expect(removed.statusCode).toBe(204);
    expect((await call(owner.access_token, 'GET', `/api/listing-templates/${template.id}`)).statusCode).toBe(
      404,
    );
  });

  it("answers another member 404 and changes nothing of the owner's", async () => {
    const created = (
      await call(owner.access_token, 'POST', '/api/listing-templates', BIKE)
    ).json() as ListingTemplate;
    const url = `/api/listing-templates/${created.id}`;
    const answers = await Promise.all([
      call(other.access_token, 'GET', url),
      call(other.access_token, 'PATCH', url, { name: 'Geklaut' }),
      call(other.access_token, 'DELETE', url),
    ]);
    expect(answers.map((res) => res.statusCode)).toEqual([404, 404, 404]);
    expect(answers[0]?.json().detail).toBe('Diese Vorlage gibt es nicht.');
    expect((await call(other.access_token, 'GET', '/api/listing-templates')).json().templates).toEqual([]);
    expect((await call(owner.access_token, 'GET', url)).json()).toEqual(created);
  });

  it('refuses bad input with 422 and a German message and stores nothing', async () => {
    const member = await verifiedMember(t);
    const cases: [unknown, RegExp][] = [
      [{ ...BIKE, name: '' }, /Bitte gib einen Namen für die Vorlage ein\./],
      [{ ...BIKE, name: 'x'.repeat(81) }, /höchstens 80 Zeichen/],
      [{ ...BIKE, price: -1 }, /Der Preis darf nicht negativ sein\./],
      [{ ...BIKE, postal_code: '123' }, /Postleitzahl mit 5 Ziffern/],
      [{ ...BIKE, category: 'gibt-es-nicht' }, /Diese Kategorie gibt es nicht\./],
      [{ ...BIKE, title: 'a\u0000b' }, /ungültige Zeichen/],
    ];
    for (const [body, message] of cases) {
      const res = await call(member.access_token, 'POST', '/api/listing-templates', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().detail).toMatch(message);
    }
    expect(await rowsOf('listing_templates', member.user.id)).toBe(0);
    const created = (
      await call(member.access_token, 'POST', '/api/listing-templates', { name: 'Leer' })
    ).json();
    const empty = await call(member.access_token, 'PATCH', `/api/listing-templates/${created.id}`, {});
    expect(empty.statusCode).toBe(422);
  });

  it('keeps exactly 50 templates per member under 200 parallel requests (409 beyond)', async () => {
    const member = await verifiedMember(t);
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        call(member.access_token, 'POST', '/api/listing-templates', { ...BIKE, name: `Vorlage ${i + 1}` }),
      ),
    );
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(50);
    expect(statuses.filter((status) => status === 409)).toHaveLength(150);
    expect(answers.find((res) => res.statusCode === 409)?.json().detail).toBe(
      'Du kannst höchstens 50 Vorlagen speichern. Lösche eine Vorlage, um eine neue anzulegen.',
    );
    expect(await rowsOf('listing_templates', member.user.id)).toBe(50);
    // The account's deletion takes them all.
    await t.app.database.db.execute(sql`delete from users where id = ${member.user.id}::uuid`);
    expect(await rowsOf('listing_templates', member.user.id)).toBe(0);
  });
});

describe('text templates (/text-templates)', () => {
  const texts = (list: TextTemplateList) => list.templates.map((item) => item.text);
  const listOf = async (token: string) =>
    (await call(token, 'GET', '/api/text-templates')).json() as TextTemplateList;

  it('gives the four German defaults once, also to parallel first calls, never again after deleting', async () => {
    const member = await verifiedMember(t);
    const first = await Promise.all(Array.from({ length: 5 }, () => listOf(member.access_token)));
    for (const list of first) {
      expect(texts(list)).toEqual([
        'Ist der Artikel noch verfügbar?',
        'Ja, noch verfügbar.',
        'Versand ist möglich, die Kosten trägt der Käufer.',
        'Abholung gerne nach Absprache.',
      ]);
    }
    expect(await rowsOf('text_templates', member.user.id)).toBe(4);
    for (const item of first[0]?.templates ?? []) {
      expect((await call(member.access_token, 'DELETE', `/api/text-templates/${item.id}`)).statusCode).toBe(
        204,
      );
    }
    expect((await listOf(member.access_token)).templates).toEqual([]);
    expect((await listOf(member.access_token)).templates).toEqual([]);
  });

  it('creates at the end, edits, reorders with the full id list, deletes', async () => {
    const member = await verifiedMember(t);
    await listOf(member.access_token);
    const created = await call(member.access_token, 'POST', '/api/text-templates', {
      text: '  Preis ist fest, danke.  ',
    });
    expect(created.statusCode, created.body).toBe(201);
    const own = created.json() as TextTemplate;
    expect(own).toMatchObject({ text: 'Preis ist fest, danke.', position: 4 });

    const edited = await call(member.access_token, 'PATCH', `/api/text-templates/${own.id}`, {
      text: 'Der Preis ist fest.',
    });
    expect(edited.json()).toMatchObject({ text: 'Der Preis ist fest.' });

    const ids = (await listOf(member.access_token)).templates.map((item) => item.id);
    const reversed = [...ids].reverse();
    const ordered = await call(member.access_token, 'PUT', '/api/text-templates/order', { ids: reversed });
    expect(ordered.statusCode, ordered.body).toBe(200);
    expect((ordered.json() as TextTemplateList).templates.map((item) => item.id)).toEqual(reversed);
    expect((await listOf(member.access_token)).templates.map((item) => item.id)).toEqual(reversed);
    expect((await listOf(member.access_token)).templates[0]?.text).toBe('Der Preis ist fest.');

    // Left out, repeated or a stranger's id: 422, order unchanged.
    const foreign = (await listOf(other.access_token)).templates[0]?.id ?? '';
    for (const bad of [reversed.slice(1), [...reversed, reversed[0]], [...reversed.slice(1), foreign]]) {
      const res = await call(member.access_token, 'PUT', '/api/text-templates/order', { ids: bad });
      expect(res.statusCode).toBe(422);
      expect(res.json().detail).toMatch(/genau einmal/);
    }
    expect((await listOf(member.access_token)).templates.map((item) => item.id)).toEqual(reversed);
  });

  it('answers another member 404 and 422s bad text, changing nothing', async () => {
    const mine = (await listOf(owner.access_token)).templates[0] as TextTemplate;
    const url = `/api/text-templates/${mine.id}`;
    const answers = await Promise.all([
      call(other.access_token, 'PATCH', url, { text: 'Fremd' }),
      call(other.access_token, 'DELETE', url),
    ]);
    expect(answers.map((res) => res.statusCode)).toEqual([404, 404]);
    expect(answers[0]?.json().detail).toBe('Diese Textvorlage gibt es nicht.');
    for (const text of ['', '   ', 'x'.repeat(1001)]) {
      const res = await call(owner.access_token, 'POST', '/api/text-templates', { text });
      expect(res.statusCode).toBe(422);
      expect(res.json().detail).toMatch(/Bitte gib einen Text ein\.|höchstens 1000 Zeichen/);
    }
    expect((await listOf(owner.access_token)).templates[0]).toEqual(mine);
  });

  it('keeps exactly 100 text templates per member under 200 parallel requests (409 beyond)', async () => {
    const member = await verifiedMember(t);
    await listOf(member.access_token);
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        call(member.access_token, 'POST', '/api/text-templates', { text: `Antwort ${i + 1}` }),
      ),
    );
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(96);
    expect(statuses.filter((status) => status === 409)).toHaveLength(104);
    expect(answers.find((res) => res.statusCode === 409)?.json().detail).toBe(
      'Du kannst höchstens 100 Textvorlagen speichern. Lösche eine Textvorlage, um eine neue anzulegen.',
    );
    expect(await rowsOf('text_templates', member.user.id)).toBe(100);
    const positions = (await listOf(member.access_token)).templates.map((item) => item.position);
    expect(new Set(positions).size).toBe(100);
    await t.app.database.db.execute(sql`delete from users where id = ${member.user.id}::uuid`);
    expect(await rowsOf('text_templates', member.user.id)).toBe(0);
  });
});
