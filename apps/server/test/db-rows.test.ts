import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { RowShapeError, rowCount, rowDate, selectRows } from '../src/db/client.ts';
import { createTestDatabase, type TestDatabase } from './helpers/app.ts';

// Raw SQL's rows are parsed with a schema written next to the query (db/client.ts selectRows):
// a row of another shape fails loudly, with the statement and the field, instead of travelling
// on as a wrong value. Runs on both drivers, which hand over counts and dates differently.

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.destroy();
});

describe('selectRows', () => {
  it('parses rows of the declared shape: counts as numbers and timestamps as dates on either driver', async () => {
    const rows = await selectRows(
      database.handle.db,
      z.object({ total: rowCount, amount: rowCount, at: rowDate, name: z.string() }),
      sql`select count(*) as total, sum(x)::numeric(10, 2) as amount,
            timestamptz '2026-03-29 01:30:00+00' as at, 'Fahrrad' as name
          from (values (1), (2), (4)) as t(x)`,
    );
    expect(rows).toEqual([
      { total: 3, amount: 7, at: new Date('2026-03-29T01:30:00.000Z'), name: 'Fahrrad' },
    ]);
  });

  it('refuses a row whose column has another name, naming the statement and the field', async () => {
    const reading = selectRows(
      database.handle.db,
      z.object({ title: z.string() }),
      sql`select 'Sofa' as titel where ${1} = 1`,
    );
    await expect(reading).rejects.toBeInstanceOf(RowShapeError);
    await expect(reading).rejects.toThrow(/"select 'Sofa' as titel where \$1 = 1".*title: /);
  });

  it('refuses text where a number is declared, and a null where none may be', async () => {
    await expect(
      selectRows(database.handle.db, z.object({ count: rowCount }), sql`select 'viele' as count`),
    ).rejects.toThrow(/count: /);
    await expect(
      selectRows(database.handle.db, z.object({ seller: z.string() }), sql`select null::text as seller`),
    ).rejects.toThrow(/seller: /);
  });

  it('answers an empty list for no rows without asking the schema', async () => {
    const rows = await selectRows(
      database.handle.db,
      z.object({ id: z.string() }),
      sql`select 'x' as id where false`,
    );
    expect(rows).toEqual([]);
  });
});
