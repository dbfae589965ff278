import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { openDatabase } from '../../src/db/client.ts';
import { copyPostgresTemplate, dropDatabase } from './app.ts';
import { databaseUrl } from './global-setup.ts';

/** The PostgreSQL server the instances share (a fresh copy of the run's template on it). */
export const INSTANCES_DATABASE_URL =
  process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
/** The Redis server of their event bus. */
export const INSTANCES_REDIS_URL = process.env.REDIS_URL_FOR_TESTS ?? 'redis://127.0.0.1:6379';

export interface Instances {
  /** The running instances, in the order of `names`. */
  apps: FastifyInstance[];
  /** Closes every instance and removes the database and data folders. */
  stop(): Promise<void>;
}

/** Fails with a clear line when Redis does not answer (the tests of several instances need it). */
async function redisAnswers(): Promise<void> {
  const client = new Redis(INSTANCES_REDIS_URL, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  try {
    await client.connect();
    await client.ping();
  } catch (error) {
    throw new Error(
      `Redis at ${INSTANCES_REDIS_URL} does not answer (${String(error)}): the tests of several instances need it; start redis-server.`,
    );
  } finally {
    client.disconnect();
  }
}

/**
 * Starts one server instance per name on ONE fresh PostgreSQL database (a copy of the run's
 * migrated template), each with its own DATA_DIR, the Redis event bus and a shared JWT secret,
 * as behind a load balancer (ARCHITECTURE.md "realtime"). One after the other, as a rolling
 * start would. The limit of public reads (counted in the shared Redis for every test file that
 * runs instances meanwhile) is lifted unless `env` sets `PUBLIC_READ_LIMIT`.
 * @param env extra environment for every instance
 * @throws when Redis or PostgreSQL do not answer
 */
export async function startInstances(names: string[], env: Record<string, string> = {}): Promise<Instances> {
  await redisAnswers();
  const database = await copyPostgresTemplate(INSTANCES_DATABASE_URL);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marketplace-instances-'));
  const apps: FastifyInstance[] = [];
  for (const name of names) {
    const handle = await openDatabase({ databaseUrl: databaseUrl(INSTANCES_DATABASE_URL, database) });
    const config = loadConfig({
      DATA_DIR: path.join(dataDir, name),
      SEED_DEMO: '0',
      LOG_LEVEL: 'silent',
      REDIS_URL: INSTANCES_REDIS_URL,
      JWT_SECRET: 'ein-gemeinsames-geheimnis-fuer-alle-instanzen',
      PUBLIC_READ_LIMIT: '0',
      ...env,
    });
    const app = await buildApp(config, { database: handle, logger: false });
    await app.ready();
    apps.push(app);
  }
  return {
    apps,
    async stop() {
      for (const app of apps) await app.close();
      await dropDatabase(INSTANCES_DATABASE_URL, database);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
