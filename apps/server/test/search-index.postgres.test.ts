import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { selectRows } from '../src/db/client.ts';
import { chooseSearchIndex } from '../src/modules/listings/index.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { adBody, postAd, verifiedMember } from './helpers/marketplace.ts';

/*
 * How the RUM index is built at start (docs/decisions/0035-rum-index-for-search.md): on a large
 * table concurrently with posting, once when instances start together, and again when a build was
 * interrupted. `chooseSearchIndex` is called with a threshold of 0 ads, so these few ads count as
 * a large table. Runs only on PostgreSQL, whose servers have the rum extension (.ci/run).
 */

let t: TestApp;
let templateId: string;

/** The build's log lines (the fields of each `info` and `warn`). */
function recordingLog(): { log: FastifyBaseLogger; lines: Record<string, unknown>[] } {
  const lines: Record<string, unknown>[] = [];
  const record = (fields: Record<string, unknown> | string, message?: string) => {
    lines.push(typeof fields === 'string' ? { msg: fields } : { ...fields, msg: message });
  };
  return { log: { info: record, warn: record } as unknown as FastifyBaseLogger, lines };
}

/** `listings_search_rum_idx`'s state: absent, or valid or not with its access method. */
function rumIndex(): Promise<{ valid: boolean; method: string } | null> {
  return textIndex('listings_search_rum_idx');
}

/** Index `name`'s state: absent, or valid or not with its access method. */
async function textIndex(name: string): Promise<{ valid: boolean; method: string } | null> {
  const [row] = await selectRows(
    t.db.handle.db,
    z.object({ valid: z.boolean(), method: z.string() }),
    sql`select i.indisvalid as valid, am.amname as method
      from pg_index i join pg_class c on c.oid = i.indexrelid join pg_am am on am.oid = c.relam
      where i.indexrelid = to_regclass(${name})`,
  );
  return row ?? null;
}

/** Inserts `n` copies of the template ad, titled `title` and a number. */
function copies(n: number, title: string) {
  return sql`insert into listings (seller_id, category_id, root_category_id, title, description,
      price_cents, price_type, offer_type, postal_code, location, latitude, longitude, expires_at)
    select seller_id, category_id, root_category_id, ${title} || ' ' || n, description, price_cents,
      price_type, offer_type, postal_code, location, latitude, longitude, expires_at
    from listings, generate_series(1, ${n}::int) n where id = ${templateId}::uuid`;
}

/**
 * A writer whose transaction stays open after its insert until `commit()`: a concurrent build
 * waits for it, and a plain build would hold every other writer behind it meanwhile.
 * @returns once the insert is done
 */
async function openWriter(): Promise<{ commit(): Promise<void> }> {
  let inserted!: () => void;
  const insertDone = new Promise<void>((resolve) => {
    inserted = resolve;
  });
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const transaction = t.db.handle.db.transaction(async (tx) => {
    await tx.execute(copies(1, 'Wandlampe'));
    inserted();
    await released;
  });
  await Promise.race([insertDone, transaction]);
  return {
    async commit() {
      release();
      await transaction;
    },
  };
}

/** Resolves once a build of an index on `listings` waits for a writer's transaction to end. @returns its pid */
async function buildWaitingForWriters(): Promise<number> {
  let pid = 0;
  await expect
    .poll(
      async () => {
        const [row] = await selectRows(
          t.db.handle.db,
          z.object({ pid: z.number(), phase: z.string() }),
          sql`select pid, phase from pg_stat_progress_create_index
            where relid = to_regclass('listings')`,
        );
        pid = row?.pid ?? 0;
        return row?.phase ?? '';
      },
      { timeout: 20_000 },
    )
    .toMatch(/^waiting for writers/);
  return pid;
}

/**
 * Leaves the RUM index as a concurrent build cancelled mid-way does: in the catalog, not valid. The
 * build is cancelled while it waits for a writer's open transaction.
 */
async function interruptedBuild(): Promise<void> {
  const db = t.db.handle.db;
  const writer = await openWriter();
  const interrupted = db
    .execute(sql`create index concurrently listings_search_rum_idx on listings
      using rum (search_vector rum_tsvector_addon_ops, created_at)
      with (attach = 'created_at', to = 'search_vector')`)
    .then(
      () => 'built',
      () => 'cancelled',
    );
  try {
    const pid = await buildWaitingForWriters();
    await db.execute(sql`select pg_cancel_backend(${pid})`);
    expect(await interrupted).toBe('cancelled');
  } finally {
    await writer.commit();
  }
  expect(await rumIndex()).toEqual({ valid: false, method: 'rum' });
}

beforeAll(async () => {
  t = await startTestApp();
  const seller = await verifiedMember(t);
  const template = await postAd(t, seller.access_token, adBody({ title: 'Lampe aus Messing' }));
  expect(template.statusCode, template.body).toBe(201);
  templateId = template.json().id;
  await t.db.handle.db.execute(copies(200, 'Stehlampe'));
  expect(t.app.searchIndex).toBe('rum');
}, 60_000);
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  await t.db.handle.db.execute(sql`drop index if exists listings_search_rum_idx`);
});

describe('the RUM index built at start', () => {
  it('on a large table is built concurrently: posting goes on while the build waits for a writer', async () => {
    const writer = await openWriter();
    const { log, lines } = recordingLog();
    const choosing = chooseSearchIndex(t.db.handle, 'auto', log, 0);
    try {
      await buildWaitingForWriters();
      await t.db.handle.db.transaction(async (tx) => {
        // Fails the test instead of waiting behind the build.
        await tx.execute(sql`set local lock_timeout = 5000`);
        await tx.execute(copies(3, 'Tischlampe'));
      });
    } finally {
      await writer.commit();
    }
    expect(await choosing).toBe('rum');
    expect(lines).toContainEqual(expect.objectContaining({ searchIndex: 'rum', built: 'concurrently' }));
    expect(await rumIndex()).toEqual({ valid: true, method: 'rum' });
    // The index holds the ads posted during its build.
    const found = await t.app.inject({ url: '/api/listings?q=tischlampe&sort=newest' });
    expect(found.json().total).toBe(3);
  });

  it('an interrupted concurrent build is built again', async () => {
    await interruptedBuild();
    const { log } = recordingLog();
    expect(await chooseSearchIndex(t.db.handle, 'auto', log, 0)).toBe('rum');
    expect(await rumIndex()).toEqual({ valid: true, method: 'rum' });
    const found = await t.app.inject({ url: '/api/listings?q=wandlampe&sort=newest' });
    // One from the first test's writer, one from this one's.
    expect(found.json().total).toBe(2);
  });

  it('instances starting together build one index; the others wait for its build to end', async () => {
    const runs = [recordingLog(), recordingLog(), recordingLog()];
    const chosen = await Promise.all(runs.map(({ log }) => chooseSearchIndex(t.db.handle, 'auto', log, 0)));
    expect(chosen).toEqual(['rum', 'rum', 'rum']);
    const built = runs.map(({ lines }) => lines.find((line) => line.searchIndex === 'rum')?.built);
    expect([...built].sort()).toEqual(['concurrently', null, null]);
    // One that found the build running said so once (however often it asked); the builder never.
    const waited = runs.map(
      ({ lines }) => lines.filter((line) => String(line.msg).startsWith('search: another instance')).length,
    );
    expect(waited[built.indexOf('concurrently')]).toBe(0);
    expect(Math.max(...waited)).toBeLessThanOrEqual(1);
    expect(await rumIndex()).toEqual({ valid: true, method: 'rum' });
    const [count] = await selectRows(
      t.db.handle.db,
      z.object({ n: z.number() }),
      sql`select count(*)::int as n from pg_indexes where tablename = 'listings' and indexdef like '%USING rum%'`,
    );
    expect(count?.n).toBe(1);
  });

  it('below the threshold is built in one transaction, also over an invalid index', async () => {
    await interruptedBuild();
    const { log, lines } = recordingLog();
    expect(await chooseSearchIndex(t.db.handle, 'auto', log, 1_000_000)).toBe('rum');
    expect(lines).toContainEqual(expect.objectContaining({ searchIndex: 'rum', built: 'plain' }));
    expect(await rumIndex()).toEqual({ valid: true, method: 'rum' });
  });

  it('a valid index is left as it is', async () => {
    const { log, lines } = recordingLog();
    expect(await chooseSearchIndex(t.db.handle, 'auto', log, 0)).toBe('rum');
    const { log: again, lines: second } = recordingLog();
    expect(await chooseSearchIndex(t.db.handle, 'auto', again, 0)).toBe('rum');
    expect(lines).toContainEqual(expect.objectContaining({ built: 'concurrently' }));
    expect(second).toContainEqual(expect.objectContaining({ searchIndex: 'rum', built: null }));
  });

  it('the RUM plan drops the GIN index, which the GIN plan builds again', async () => {
    expect(await textIndex('listings_search_idx')).toBeNull();
    const { log, lines } = recordingLog();
    expect(await chooseSearchIndex(t.db.handle, 'gin', log, 0)).toBe('gin');
    expect(lines).toContainEqual(expect.objectContaining({ searchIndex: 'gin', built: 'concurrently' }));
    expect(await textIndex('listings_search_idx')).toEqual({ valid: true, method: 'gin' });
    expect(await chooseSearchIndex(t.db.handle, 'auto', recordingLog().log, 0)).toBe('rum');
    // A RUM index stays where an instance of the GIN plan starts.
    expect(await chooseSearchIndex(t.db.handle, 'gin', recordingLog().log, 0)).toBe('gin');
    expect(await rumIndex()).toEqual({ valid: true, method: 'rum' });
    expect(await textIndex('listings_search_idx')).toEqual({ valid: true, method: 'gin' });
    expect(await chooseSearchIndex(t.db.handle, 'auto', recordingLog().log, 0)).toBe('rum');
    expect(await textIndex('listings_search_idx')).toBeNull();
    // Counts and pages come from the RUM index alone.
    const found = await t.app.inject({ url: '/api/listings?q=stehlampe&sort=price-asc' });
    expect(found.json().total).toBe(200);
  });
});
