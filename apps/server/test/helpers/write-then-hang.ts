// Child process for the crash-recovery test: commits rows, reports, then waits to be killed.
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../src/db/client.ts';

const handle = await openDatabase({ pgliteDir: process.argv[2] as string });
await handle.db.execute(sql`create table notes (id int primary key, body text)`);
for (let i = 0; i < 100; i++) {
  await handle.db.execute(sql`insert into notes values (${i}, ${`Anzeige ${i}`})`);
}
process.stdout.write('written\n');
setInterval(() => {}, 60_000);
