// The app under test, in its own process so that the load generator does not share its CPU
// time: opens the bench schema, adds the baseline route and listens on a free port. When the web
// app has been built (`npm run build`; the root `npm run bench` builds first), it serves it too,
// with the public pages rendered on the server (bench/run.ts's HTML scenarios).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';

const databaseUrl = process.env.BENCH_DATABASE_URL as string;
const schemaName = process.env.BENCH_SCHEMA as string;
/** The built web app (apps/web/dist). */
const webDist = fileURLToPath(new URL('../../web/dist', import.meta.url));
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marketplace-bench-'));
const database = await openDatabase({ databaseUrl, schemaName });
const app = await buildApp(
  loadConfig({
    DATA_DIR: dataDir,
    SEED_DEMO: '0',
    LOG_LEVEL: 'silent',
    PUBLIC_READ_LIMIT: '0',
    // `gin` for the search bench's comparison (bench/search-plans.ts); else chosen at start.
    ...(process.env.SEARCH_INDEX ? { SEARCH_INDEX: process.env.SEARCH_INDEX } : {}),
  }),
  {
    database,
    logger: false,
    ...(fs.existsSync(path.join(webDist, 'index.html')) ? { webDistDir: webDist } : {}),
  },
);
// Baseline: a bare route through the same server stack (hooks, headers, serializer).
app.get('/api/bench/baseline', async () => ({ ok: true }));
// The same stack sending a fixed document of `kb` kilobytes: what sending a page of that size
// alone costs, the ceiling of a kept page's throughput.
const documents = new Map<number, Buffer>();
app.get<{ Params: { kb: string } }>('/api/bench/document/:kb', async (request, reply) => {
  const kb = Math.min(1024, Math.max(1, Number(request.params.kb) || 1));
  let body = documents.get(kb);
  if (!body) {
    body = Buffer.alloc(kb * 1024, 'a');
    documents.set(kb, body);
  }
  return reply.type('text/html; charset=utf-8').send(body);
});
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
process.stdout.write(`READY ${typeof address === 'object' && address ? address.port : 0}\n`);
const stop = async () => {
  await app.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
