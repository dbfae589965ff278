// The app under test for the socket bench (bench/sockets.ts), in its own process so that its
// memory is measured alone: opens a fresh bench schema, listens on a free port and answers the
// parent over IPC: `members` creates verified members and answers their access tokens; `rss`
// answers the resident set size in bytes after a garbage collection.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase, selectRows } from '../src/db/client.ts';

const databaseUrl = process.env.BENCH_DATABASE_URL as string;
const schemaName = process.env.BENCH_SCHEMA as string;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marketplace-bench-sockets-'));
const database = await openDatabase({ databaseUrl, schemaName });
const app = await buildApp(
  loadConfig({ DATA_DIR: dataDir, SEED_DEMO: '0', LOG_LEVEL: 'silent', PUBLIC_READ_LIMIT: '0' }),
  {
    database,
    logger: false,
  },
);
await app.listen({ host: '127.0.0.1', port: 0 });

type Request = { id: number; kind: 'members'; count: number } | { id: number; kind: 'rss' };

const gc = (globalThis as { gc?: () => void }).gc;

process.on('message', async (request: Request) => {
  if (request.kind === 'rss') {
    gc?.();
    process.send?.({ id: request.id, rss: process.memoryUsage().rss });
    return;
  }
  // Members without argon2 (the bench does not log in): one INSERT for all of them.
  const users = await selectRows(
    app.database.db,
    z.object({ id: z.string() }),
    sql`insert into users (email, password_hash, nickname, email_verified_at)
        select 'bench' || n || '@beispiel.de', 'x', 'Mitglied ' || n, now()
          from generate_series(1, ${request.count}) as n
        returning id`,
  );
  // One server-side session per member (docs/decisions/0007), as a login would start it.
  const sessions = await selectRows(
    app.database.db,
    z.object({ id: z.string(), user_id: z.string() }),
    sql`insert into sessions (user_id, expires_at)
        select id::uuid, now() + interval '24 hours'
          from jsonb_array_elements_text(${JSON.stringify(users.map((row) => row.id))}::jsonb) as id
        returning id, user_id`,
  );
  const tokens = sessions.map((row) => ({
    id: row.user_id,
    token: app.signAccessToken({ id: row.user_id, role: 'SELLER' }, row.id),
  }));
  process.send?.({ id: request.id, members: tokens });
});

const address = app.server.address();
process.send?.({ ready: typeof address === 'object' && address ? address.port : 0 });
const stop = async () => {
  await app.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
