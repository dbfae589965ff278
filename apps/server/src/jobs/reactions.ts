import { randomUUID } from 'node:crypto';
import type { FailingReaction } from '@marketplace/contract';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { retryFailingJob, selectFailingJobs } from './failing-jobs.ts';
import { retriesCovering } from './mail.ts';
import type { JobQueue } from './queue.ts';
import { eventReactions } from './schema.ts';

/**
 * The queue of the durable reactions that run in the order recorded, one at a time per instance
 * (docs/decisions/0022-durable-reactions.md): every reaction not registered as `parallel`.
 */
export const REACTION_QUEUE = 'reactions';
/**
 * The queue of the durable reactions whose result does not depend on the order of their events,
 * several at a time per instance (docs/decisions/0042-parallel-reactions.md).
 */
export const PARALLEL_REACTION_QUEUE = 'reactions-parallel';
/** Both queues of the durable reactions, for readers of pg-boss's tables (admin list, tests). */
export const REACTION_QUEUES: readonly string[] = [REACTION_QUEUE, PARALLEL_REACTION_QUEUE];
/** A reaction is retried at least this long before it counts as failed: 24 hours, in seconds. */
const REACTION_RETRY_WINDOW_SECONDS = 24 * 60 * 60;
/** The longest pause between two attempts of one reaction, in seconds (one hour). */
const REACTION_RETRY_DELAY_MAX_SECONDS = 60 * 60;
/** How long one attempt may run before it counts as failed, in seconds. */
const REACTION_ATTEMPT_TIMEOUT_SECONDS = 5 * 60;
/**
 * A running reaction's worker reports every half of this many seconds; one that stops (its
 * process was killed) has its job retried after this long (and pg-boss's next supervision pass).
 */
const REACTION_HEARTBEAT_SECONDS = 10;
/** A finished reaction job is deleted from the queue after 7 days, in seconds. */
const REACTION_KEEP_FINISHED_SECONDS = 7 * 24 * 60 * 60;
/** After this many failed attempts a reaction shows in the admin list (as mails do). */
export const REACTION_FAILING_AFTER_ATTEMPTS = 3;
/** Days a mark of a reaction that ran is kept: long after its job is gone (7 days). */
const REACTION_MARKS_KEEP_DAYS = 30;
/**
 * Reactions of the queue `reactions` each instance runs at the same time: one, so that an
 * instance runs them in the order they were recorded (two messages of one conversation leave the
 * newer one's text in its notification). Several instances share the work.
 */
const REACTION_CONCURRENCY = 1;
/**
 * Parallel reactions each instance runs at the same time on PostgreSQL (decision 0042): a new ad
 * tested against thousands of instant saved searches waits mostly for the database, and 100 ads a
 * minute must not queue behind each other. On PGlite, whose one connection runs one transaction at
 * a time, one.
 */
const PARALLEL_REACTION_CONCURRENCY = 4;
/** When the marks of reactions that ran are pruned (cron, UTC): daily at 03:40. */
const PRUNE_CRON = '40 3 * * *';

/** What a reaction gets besides the event's payload. */
export interface ReactionContext {
  /**
   * The reaction's transaction: its writes (notifications, mails, audit rows) commit together
   * with the mark that it ran, so a retry after the commit changes nothing.
   */
  tx: Database;
  /** The event's id, one per published event (shared by all its reactions). */
  eventId: string;
  /**
   * Runs `effect` after the transaction committed, once (socket messages, files): a failing
   * effect is logged and not retried, as live messages are not (clients fetch on reconnect).
   */
  afterCommit(effect: () => void | Promise<void>): void;
}

/**
 * A durable reaction to an event: its writes go through `context.tx`. It throws to be retried
 * (the transaction, and with it every write of this attempt, is rolled back).
 */
export type ReactionHandler<P> = (payload: P, context: ReactionContext) => Promise<void>;

interface Registered {
  handler: ReactionHandler<unknown>;
  /** Records a job only for payloads it answers true (a view that is no milestone needs none). */
  when: ((payload: unknown) => boolean) | undefined;
  /** The queue its jobs go to: `PARALLEL_REACTION_QUEUE` for a `parallel` reaction. */
  queue: string;
}

/** How a reaction is registered besides its handler. */
export interface ReactionOptions {
  /** Records a job only for payloads it answers true (a view that is no milestone needs none). */
  when?: (payload: unknown) => boolean;
  /**
   * The reaction's result does not depend on the order of the events (each run writes rows of
   * its own event only, none that a later event's run changes again), so its jobs run several at
   * a time on the queue `reactions-parallel` (docs/decisions/0042-parallel-reactions.md). Still
   * once in effect: the mark in `event_reactions` is written in the reaction's transaction.
   */
  parallel?: boolean;
}

/** The data of a reaction job. */
interface ReactionJob {
  eventId: string;
  event: string;
  reaction: string;
  payload: unknown;
}

interface ReactionLog {
  error(object: object, message: string): void;
  warn(object: object, message: string): void;
}

/**
 * The durable reactions of the domain events (docs/decisions/0022-durable-reactions.md): each
 * registered reaction of an event becomes a job of the `reactions` queue written in the
 * transaction that makes the change (a transactional outbox), so it exists exactly when the
 * change commits. A worker on any instance runs it at least once, retried with doubling pauses
 * from `retryDelaySeconds` up to one hour for at least 24 hours; the mark in `event_reactions`,
 * written in the reaction's own transaction, makes a second run change nothing. A job recorded
 * but not yet run when a process dies is run after the next start of any instance.
 */
export class Reactions {
  private readonly byEvent = new Map<string, Map<string, Registered>>();
  private started = false;

  private readonly jobs: JobQueue;
  private readonly db: Database;
  private readonly log: ReactionLog;
  private readonly retryDelaySeconds: number;
  private readonly parallelConcurrency: number;

  /**
   * @param retryDelaySeconds the first pause before a failed reaction is tried again (s)
   * @param oneConnection the database runs one transaction at a time (PGlite): the parallel
   *   reactions then run one at a time too
   */
  constructor(
    jobs: JobQueue,
    db: Database,
    log: ReactionLog,
    retryDelaySeconds: number,
    oneConnection = false,
  ) {
    this.jobs = jobs;
    this.db = db;
    this.log = log;
    this.retryDelaySeconds = retryDelaySeconds;
    this.parallelConcurrency = oneConnection ? 1 : PARALLEL_REACTION_CONCURRENCY;
  }

  /**
   * Registers the reaction `name` (unique per event; it names the jobs, keep it stable across
   * releases) to events of `type`, in order or `parallel` (see {@link ReactionOptions}). Register
   * while the application starts, before it is ready.
   * @throws when the name is taken for this event
   */
  register(
    type: string,
    name: string,
    handler: ReactionHandler<unknown>,
    options: ReactionOptions = {},
  ): void {
    let reactions = this.byEvent.get(type);
    if (!reactions) {
      reactions = new Map();
      this.byEvent.set(type, reactions);
    }
    if (reactions.has(name)) throw new Error(`reaction ${name} to ${type} is registered twice`);
    reactions.set(name, {
      handler,
      when: options.when,
      queue: options.parallel ? PARALLEL_REACTION_QUEUE : REACTION_QUEUE,
    });
  }

  /**
   * Writes one job per reaction of `type` (whose `when` accepts the payload) in the transaction
   * `tx`. Events without reactions write nothing.
   * @throws when the database refuses a job (the caller's transaction then fails)
   */
  async record(tx: Database, type: string, payload: unknown): Promise<void> {
    const reactions = this.byEvent.get(type);
    if (!reactions) return;
    const eventId = randomUUID();
    for (const [reaction, { when, queue }] of reactions) {
      if (when && !when(payload)) continue;
      const job: ReactionJob = { eventId, event: type, reaction, payload };
      await this.jobs.send(queue, job, { db: tx });
    }
  }

  /**
   * Starts this instance's workers of both queues; call once every module has registered its
   * reactions. A job runs its reaction whichever queue holds it (jobs recorded before a reaction
   * became parallel still run).
   */
  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    for (const [queue, concurrency] of [
      [REACTION_QUEUE, REACTION_CONCURRENCY],
      [PARALLEL_REACTION_QUEUE, this.parallelConcurrency],
    ] as const) {
      await this.work(queue, concurrency);
    }
    await this.jobs.every('reactions.prune', PRUNE_CRON, async () => {
      await this.db.execute(
        sql`delete from event_reactions where done_at < now() - make_interval(days => ${REACTION_MARKS_KEEP_DAYS})`,
      );
    });
  }

  /** Starts the worker of one reaction queue, `concurrency` jobs at a time. */
  private async work(queue: string, concurrency: number): Promise<void> {
    await this.jobs.work<ReactionJob>(
      queue,
      {
        retryLimit: retriesCovering(
          this.retryDelaySeconds,
          REACTION_RETRY_DELAY_MAX_SECONDS,
          REACTION_RETRY_WINDOW_SECONDS,
        ),
        retryDelay: this.retryDelaySeconds,
        retryBackoff: true,
        retryDelayMax: REACTION_RETRY_DELAY_MAX_SECONDS,
        expireInSeconds: REACTION_ATTEMPT_TIMEOUT_SECONDS,
        heartbeatSeconds: REACTION_HEARTBEAT_SECONDS,
        deleteAfterSeconds: REACTION_KEEP_FINISHED_SECONDS,
        notify: true,
        pollingIntervalSeconds: 1,
        localConcurrency: concurrency,
      },
      (job) => this.run(job.data, job.id, job.retryCount),
    );
  }

  /** Runs one reaction job; throws to have it retried. */
  private async run(job: ReactionJob, jobId: string, attempt: number): Promise<void> {
    const registered = this.byEvent.get(job.event)?.get(job.reaction);
    if (!registered) {
      throw new Error(`no reaction ${job.reaction} to ${job.event} is registered`);
    }
    const effects: (() => void | Promise<void>)[] = [];
    let ran: boolean;
    try {
      ran = await this.db.transaction(async (tx) => {
        const marked = await tx
          .insert(eventReactions)
          .values({ eventId: job.eventId, reaction: job.reaction })
          .onConflictDoNothing()
          .returning({ eventId: eventReactions.eventId });
        // Ran and committed before: a lost completion or a crash after the commit.
        if (marked.length === 0) return false;
        await registered.handler(job.payload, {
          tx,
          eventId: job.eventId,
          afterCommit: (effect) => effects.push(effect),
        });
        return true;
      });
    } catch (error) {
      const reason = rootMessage(error);
      this.log.warn(
        { jobId, event: job.event, reaction: job.reaction, attempt: attempt + 1, error: reason },
        'reaction failed, will retry',
      );
      // pg-boss keeps the message as the job's output, which ADMINs see: the database's own
      // words, not the failed statement with its parameters (names, texts) around it.
      throw new Error(reason);
    }
    if (!ran) return;
    for (const effect of effects) {
      try {
        await effect();
      } catch (error) {
        this.log.error(
          { err: error, event: job.event, reaction: job.reaction },
          'effect after a reaction failed',
        );
      }
    }
  }
}

/** The innermost cause's message (Drizzle wraps a database error in 'Failed query: …'), 300 characters. */
function rootMessage(error: unknown): string {
  let current = error;
  while (current instanceof Error && current.cause !== undefined) current = current.cause;
  return (current instanceof Error ? current.message : String(current)).slice(0, 300);
}

/** Reactions that failed 3 times or more, or for good (admin area); oldest first, at most 100. */
export async function listFailingReactions(jobs: JobQueue): Promise<FailingReaction[]> {
  const failing = await selectFailingJobs<ReactionJob>(
    jobs,
    REACTION_QUEUES,
    REACTION_FAILING_AFTER_ATTEMPTS,
  );
  return failing.map((job) => ({
    id: job.id,
    event: job.data.event ?? '',
    reaction: job.data.reaction ?? '',
    attempts: job.attempts,
    last_error: job.lastError,
    state: job.state,
    next_attempt_at: job.nextAttemptAt,
    created_at: job.createdAt,
  }));
}

/**
 * Tries a failing reaction again at once (admin area).
 * @returns false when no failing reaction has this id
 */
export async function retryReaction(jobs: JobQueue, id: string): Promise<boolean> {
  for (const queue of REACTION_QUEUES) {
    if (await retryFailingJob(jobs, queue, id)) return true;
  }
  return false;
}
