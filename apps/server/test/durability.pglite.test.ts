// Runs on PGlite only: these tests are about the embedded database and its data folder.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { openDatabase, rowCount, selectRows } from '../src/db/client.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const dirs: string[] = [];
function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'marketplace-dir-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('embedded database durability', () => {
  it('keeps data across a clean restart', async () => {
    const dir = path.join(tempDir(), 'db');
    const first = await openDatabase({ pgliteDir: dir });
    await first.db.execute(sql`create table notes (id int primary key, body text)`);
    await first.db.execute(sql`insert into notes values (1, 'Fahrrad zu verkaufen')`);
    await first.close();
    const second = await openDatabase({ pgliteDir: dir });
    const rows = await selectRows(
      second.db,
      z.object({ body: z.string() }),
      sql`select body from notes where id = 1`,
    );
    expect(rows).toEqual([{ body: 'Fahrrad zu verkaufen' }]);
    await second.close();
  });

  it('recovers committed data after the process is killed', async () => {
    const dir = path.join(tempDir(), 'db');
    const script = path.join(here, 'helpers', 'write-then-hang.ts');
    // One process (Node runs the TypeScript itself), so SIGKILL hits the process that holds the database.
    const child = spawn(process.execPath, [script, dir], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes('written')) resolve();
      });
      child.once('exit', (code) => reject(new Error(`writer exited early with ${code}`)));
    });
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));
    const reopened = await openDatabase({ pgliteDir: dir });
    const rows = await selectRows(
      reopened.db,
      z.object({ n: rowCount }),
      sql`select count(*)::int as n from notes`,
    );
    expect(rows).toEqual([{ n: 100 }]);
    await reopened.close();
  });
});
