import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import {
  type DrizzleTransactionLike,
  fromDrizzle,
  fromPglite,
  type Job,
  PgBoss,
  type QueueOptions,
} from 'pg-boss';
import { z } from 'zod';
import type { Database, DatabaseHandle } from '../db/client.ts';
import { parseRows, selectRows } from '../db/client.ts';

/**
 * The background job queue (docs/decisions/0014-job-queue.md): pg-boss on the application's
 * database, PGlite or PostgreSQL. A job is stored in the database, so it survives a restart;
 * each is fetched by one worker across all instances (`FOR UPDATE SKIP LOCKED`), retried with
 * backoff when its handler throws, and periodic jobs come from one cron schedule shared by the
 * instances.
 */
export interface JobQueue {
  /** The schema holding pg-boss's tables (`pgboss`, or `<schema>_jobs` beside a test schema). */
  readonly schema: string;
  /**
   * Declares a queue with its retry settings and starts this instance's worker for it; the
   * handler runs one job at a time (or `localConcurrency`) and throws to have the job retried.
   */
  work<T extends object>(
    name: string,
    settings: QueueSettings,
    handler: (job: Job<T>) => Promise<void>,
  ): Promise<void>;
  /**
   * Runs `handler` on the cron schedule `cron` (UTC, minute precision), once across all
   * instances; with `runOnStart` also once soon after this start (once per 5-minute slot for all
   * instances starting together). At most one such job waits and
   * one runs at any time (pg-boss's `stately` policy), so a slow run never piles up others.
   */
  every(
    name: string,
    cron: string,
    handler: () => Promise<void>,
    options?: { runOnStart?: boolean },
  ): Promise<void>;
  /**
   * Enqueues a job; with `options.db` (a transaction) the job is written in that transaction and
   * exists exactly when it commits. Jobs of a higher `options.priority` (default 0) are fetched
   * before every job of a lower one, whatever waits longer.
   * @returns the job's id
   */
  send(name: string, data: object, options?: { db?: Database; priority?: number }): Promise<string>;
  /**
   * Reads pg-boss's own tables on the queue's connection; each row is parsed with `row`, a zod
   * object schema next to the statement (docs/decisions/0034-rows-of-raw-sql-are-parsed.md).
   * @returns the parsed rows, in the statement's order
   * @throws {RowShapeError} when a row does not match `row`
   */
  query<Row extends z.ZodType>(row: Row, text: string, values?: unknown[]): Promise<z.output<Row>[]>;
  /** Runs a statement that reads no rows (an update of pg-boss's tables) on the queue's connection. */
  execute(text: string, values?: unknown[]): Promise<void>;
  /** pg-boss itself, for the few calls this interface does not wrap (retrying a job). */
  readonly boss: PgBoss;
  /** Stops the workers after their running jobs finished (at most `timeoutMs`), then the queue. */
  stop(timeoutMs?: number): Promise<void>;
}

/** Retry settings of a queue; see pg-boss's `QueueOptions`. */
export type QueueSettings = Pick<
  QueueOptions,
  | 'retryLimit'
  | 'retryDelay'
  | 'retryBackoff'
  | 'retryDelayMax'
  | 'expireInSeconds'
  | 'deleteAfterSeconds'
  | 'heartbeatSeconds'
> & {
  /** Wake this instance's worker at once when a job is enqueued (LISTEN/NOTIFY). */
  notify?: boolean;
  /** Seconds between polls of this queue's worker (default 2, at least 0.5). */
  pollingIntervalSeconds?: number;
  /** Jobs this instance runs at the same time (default 1). */
  localConcurrency?: number;
  /**
   * Jobs of at least this priority (see `send`) get one more worker on this instance of their
   * own, so they never wait behind a running job of lower priority. Every worker fetches the
   * queue's jobs highest priority first.
   */
  urgentPriority?: number;
};

/** Retries of periodic jobs: three, from one minute on, doubling. */
const PERIODIC_RETRIES = { retryLimit: 3, retryDelay: 60, retryBackoff: true } as const;

/**
 * How often pg-boss looks for jobs whose worker stopped sending heartbeats (a killed process) and
 * retries them (s); its default is 60.
 */
const SUPERVISE_INTERVAL_SECONDS = 15;

/** Length of the slot in which instances starting together share one start-up run (s). */
const START_RUN_SLOT_SECONDS = 300;

interface QueueLog {
  error(object: object, message: string): void;
  warn(object: object, message: string): void;
}

/** The application's schema (`jobsSchemaOf`). */
const schemaRow = z.object({ schema: z.string() });

/** The schema pg-boss uses beside the application's schema `schema`: `pgboss` beside `public`. */
export function jobsSchemaFor(schema: string): string {
  return schema === 'public' ? 'pgboss' : `${schema}_jobs`;
}

/** The schema pg-boss uses beside the application's schema. */
async function jobsSchemaOf(db: Database): Promise<string> {
  const [row] = await selectRows(db, schemaRow, sql`select current_schema() as schema`);
  return jobsSchemaFor(row?.schema ?? 'public');
}

/**
 * Opens the job queue on the application's database and installs or migrates pg-boss's schema.
 * On PGlite it shares the one embedded connection (pg-boss's own PGlite adapter, LISTEN/NOTIFY
 * in-process); on PostgreSQL it keeps a small pool of its own to the same database.
 * @throws when pg-boss cannot install its schema
 */
export async function startJobQueue(handle: DatabaseHandle, log: QueueLog): Promise<JobQueue> {
  const schema = await jobsSchemaOf(handle.db);
  const client = (handle.db as unknown as { $client: unknown }).$client;
  const boss =
    handle.kind === 'pglite'
      ? new PgBoss({
          db: fromPglite(client as PGlite),
          backend: 'pglite',
          schema,
          useListenNotify: true,
          superviseIntervalSeconds: SUPERVISE_INTERVAL_SECONDS,
        })
      : new PgBoss({
          connectionString: (client as pg.Pool).options.connectionString as string,
          schema,
          max: 4,
          useListenNotify: true,
          application_name: 'marketplace-jobs',
          superviseIntervalSeconds: SUPERVISE_INTERVAL_SECONDS,
        });
  boss.on('error', (error: Error) => log.error({ err: error }, 'job queue error'));
  boss.on('warning', (warning: unknown) => log.warn({ warning }, 'job queue warning'));
  await boss.start();

  const queue: JobQueue = {
    schema,
    boss,
    async work<T extends object>(
      name: string,
      settings: QueueSettings,
      handler: (job: Job<T>) => Promise<void>,
    ) {
      const {
        pollingIntervalSeconds = 2,
        notify = false,
        localConcurrency = 1,
        urgentPriority,
        ...retries
      } = settings;
      await boss.createQueue(name, { ...retries, notify });
      // createQueue keeps an existing queue as it is: settings changed in code apply too.
      await boss.updateQueue(name, { ...retries, notify });
      const polling = {
        pollingIntervalSeconds,
        notifyPollingIntervalSeconds: pollingIntervalSeconds,
        localConcurrency,
      };
      // After a handled job the worker fetches the next at once instead of waiting out its poll
      // interval, so a backlog drains as fast as the handler runs (pg-boss pauses a worker with
      // one job per fetch between fetches otherwise); an empty fetch waits as usual.
      const start = async (options: typeof polling & { minPriority?: number }) => {
        let workerId: string | undefined;
        workerId = await boss.work<T>(name, options, async ([job]) => {
          if (!job) return;
          try {
            await handler(job);
          } finally {
            if (workerId) boss.notifyWorker(workerId);
          }
        });
      };
      await start(polling);
      if (urgentPriority !== undefined) {
        await start({ ...polling, localConcurrency: 1, minPriority: urgentPriority });
      }
    },
    async every(name, cron, handler, options = {}) {
      await boss.createQueue(name, { policy: 'stately', ...PERIODIC_RETRIES });
      await boss.work(name, { pollingIntervalSeconds: 5 }, async () => {
        try {
          await handler();
        } catch (error) {
          log.error({ err: error, job: name }, 'periodic job failed, will retry');
          throw error;
        }
      });
      await boss.schedule(name, cron, null, { tz: 'UTC' });
      // The start-up run is throttled across instances: one per START_RUN_SLOT_SECONDS slot, so
      // instances starting together add one run, not one each. `stately` alone would still let a
      // second one wait behind a running one.
      if (options.runOnStart) {
        await boss.send(name, {}, { singletonKey: 'start', singletonSeconds: START_RUN_SLOT_SECONDS });
      }
    },
    async send(name, data, options = {}) {
      const id = await boss.send(name, data, {
        ...(options.db ? { db: fromDrizzle(options.db as unknown as DrizzleTransactionLike, sql) } : {}),
        ...(options.priority ? { priority: options.priority } : {}),
      });
      if (!id) throw new Error(`job of queue ${name} was not enqueued`);
      return id;
    },
    async query(row, text, values) {
      const result = await boss.getDb().executeSql(text, values);
      return parseRows(row, result.rows, text);
    },
    async execute(text, values) {
      await boss.getDb().executeSql(text, values);
    },
    async stop(timeoutMs = 30_000) {
      await boss.stop({ graceful: true, timeout: timeoutMs, close: true });
    },
  };
  return queue;
}
