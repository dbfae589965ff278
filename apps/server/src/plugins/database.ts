import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { type DatabaseHandle, openDatabase } from '../db/client.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The open database (PGlite in `DATA_DIR/db`, or PostgreSQL with `DATABASE_URL`). */
    database: DatabaseHandle;
  }
}

/**
 * Opens the database, applies migrations, and closes it last on shutdown (after in-flight
 * requests and sockets), with a CHECKPOINT first on PGlite. A broken PostgreSQL connection is
 * logged, never fatal: requests answer 503 while the server is away (plugins/error-handler.ts)
 * and the pool connects again when it is back.
 */
async function database(
  app: FastifyInstance,
  options: { config: Config; database?: DatabaseHandle | undefined },
) {
  const handle =
    options.database ??
    (await openDatabase({
      databaseUrl: options.config.databaseUrl,
      pgliteDir: path.join(options.config.dataDir, 'db'),
      onConnectionError: (error) =>
        app.log.warn({ err: error }, 'a database connection broke; the next query opens a new one'),
    }));
  app.decorate('database', handle);
  app.addHook('onClose', async () => {
    await handle.close();
  });
}

export default fp(database, { name: 'database' });
