import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import pg from 'pg';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { openDatabase } from '../../src/db/client.ts';

/** The PostgreSQL database the instances share (a fresh schema in it). */
export const INSTANCES_DATABASE_URL =
  process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
/** The Redis server of their event bus. */
export const INSTANCES_REDIS_URL = process.env.REDIS_URL_FOR_TESTS ?? 'redis://127.0.0.1:6379';

export interface Instances {
  /** The running instances, in the order of `names`. */
  apps: FastifyInstance[];
  /** Closes every instance and removes the schema and data folders. */
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
 * Starts one server instance per name on ONE fresh PostgreSQL schema, each with its own
 * DATA_DIR, the Redis event bus and a shared JWT secret, as behind a load balancer
 * (ARCHITECTURE.md "realtime"). One after the other: the second finds the migrations applied.
 * @throws when Redis or PostgreSQL do not answer
 */
export async function startInstances(names: string[]): Promise<Instances> {
  await redisAnswers();
  const schemaName = `test_${randomUUID().replaceAll('-', '')}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marketplace-instances-'));
  const apps: FastifyInstance[] = [];
  for (const name of names) {
    const handle = await openDatabase({ databaseUrl: INSTANCES_DATABASE_URL, schemaName });
    const config = loadConfig({
      DATA_DIR: path.join(dataDir, name),
      SEED_DEMO: '0',
      LOG_LEVEL: 'silent',
      REDIS_URL: INSTANCES_REDIS_URL,
      JWT_SECRET: 'ein-gemeinsames-geheimnis-fuer-alle-instanzen',
    });
    const app = await buildApp(config, { database: handle, logger: false });
    await app.ready();
    apps.push(app);
  }
  return {
    apps,
    async stop() {
      for (const app of apps) await app.close();
      const client = new pg.Client({ connectionString: INSTANCES_DATABASE_URL });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS "${schemaName}" CASCADE`);
      await client.query(`DROP SCHEMA IF EXISTS "${schemaName}_jobs" CASCADE`); // the job queue's
      await client.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
