import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import type { Database } from '../db/client.ts';
import type { ReactionHandler, Reactions } from '../jobs/reactions.ts';

/**
 * The domain events of the marketplace (ARCHITECTURE.md "modules", "realtime"): what happened,
 * published by the module that owns the change after its transaction has committed. Payloads
 * are plain JSON (they cross instances through Redis). Modules add their own events by
 * declaration merging:
 *
 * ```ts
 * declare module '../../realtime/event-bus.ts' {
 *   interface DomainEvents { 'message.created': { conversationId: string; messageId: string } }
 * }
 * ```
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by the modules through declaration merging
export interface DomainEvents {}

export type EventType = keyof DomainEvents & string;

/** A subscriber; a thrown error or rejected promise is logged and never reaches the publisher. */
export type EventHandler<K extends EventType> = (payload: DomainEvents[K]) => void | Promise<void>;

/** How a durable reaction to events of `K` is registered (`ReactionOptions` of `jobs/reactions.ts`). */
export interface ReactOptions<K extends EventType> {
  /** Records a job only for payloads it answers true. */
  when?: (payload: DomainEvents[K]) => boolean;
  /** Order-independent: runs several at a time on the parallel queue. */
  parallel?: boolean;
}

/** Announces an event from inside {@link EventBus.transaction}. */
export type Emit = <K extends EventType>(type: K, payload: DomainEvents[K]) => void;

/**
 * The one event bus of a server instance (ARCHITECTURE.md "realtime", docs/decisions/0006 and
 * 0022-durable-reactions.md). A change and its events go together through
 * {@link EventBus.transaction}; three kinds of subscribers hear of them:
 *
 * - `react` reactions are durable: what they write (notifications, mails, audit rows, files) is
 *   recorded as a job in the transaction of the change and run by the job queue afterwards, on
 *   any instance, retried until it succeeds, and at most once in effect.
 * - `on` handlers run once, in the instance that published, right after the commit: live
 *   messages to sockets on every instance (`realtime.deliver`), lost if the process dies then;
 *   clients fetch what they missed when they reconnect. Nothing that must not be lost goes here.
 * - `onEveryInstance` handlers run in every instance that shares the bus (with `REDIS_URL`
 *   through Redis pub/sub; otherwise in this process): per-process state such as answer caches
 *   and the sockets an instance holds.
 *
 * `publish` calls the local handlers before it resolves (so a caller that awaits it sees their
 * effects), and hands the event to Redis for the other instances.
 */
export interface EventBus {
  /**
   * Runs `work` in one transaction of `db`; the events it emits are recorded for their durable
   * reactions in that transaction and published (`on`, `onEveryInstance`) after the commit, in
   * the order emitted. When `work` throws, nothing is committed, recorded or published.
   * @returns what `work` returned
   */
  transaction<T>(db: Database, work: (tx: Database, emit: Emit) => Promise<T>): Promise<T>;
  /**
   * Announces an event after its change committed, to the `on` and `onEveryInstance` handlers
   * only: durable reactions never run from here, only from {@link EventBus.transaction} (the demo
   * data announces its ads to the caches this way without notifying anyone). A change whose
   * event has reactions goes through `transaction`; `reactions-emitted.test.ts` checks that no
   * source publishes such an event.
   */
  publish<K extends EventType>(type: K, payload: DomainEvents[K]): Promise<void>;
  /**
   * Registers the durable reaction `name` to `type` (see the interface). With `when`, only
   * payloads it accepts are recorded. With `parallel`, the reaction's result does not depend on
   * the order of the events and its jobs run several at a time (`ReactionOptions`,
   * docs/decisions/0042-parallel-reactions.md); otherwise one at a time, in the order recorded.
   * Register while the application starts.
   * @throws when `name` is registered for `type` already
   */
  react<K extends EventType>(
    type: K,
    name: string,
    handler: ReactionHandler<DomainEvents[K]>,
    options?: ReactOptions<K>,
  ): void;
  on<K extends EventType>(type: K, handler: EventHandler<K>): () => void;
  onEveryInstance<K extends EventType>(type: K, handler: EventHandler<K>): () => void;
  /** Resolves when this instance receives events from the others (at once in-process). */
  ready(): Promise<void>;
  /**
   * Whether events cross to the other instances right now (readiness): Redis answers PING and
   * the subscription is live. Always true in-process; resolves false instead of throwing.
   */
  healthy(): Promise<boolean>;
  /**
   * Calls `listener` each time the connection to the other instances is back after a loss (with
   * `REDIS_URL`: the subscription to Redis is live again). Events published by others meanwhile
   * never arrived here, so whoever holds state from them (sockets) starts afresh. Never called
   * in-process. Answers a function that removes the listener.
   */
  onReconnected(listener: () => void): () => void;
  close(): Promise<void>;
}

type AnyHandler = (payload: unknown) => void | Promise<void>;

/** The wire format between instances on the Redis channel. */
interface Envelope {
  origin: string;
  type: string;
  payload: unknown;
}

/** Redis channel that carries the events between instances. */
export const EVENT_CHANNEL = 'marketplace:events';

class HandlerTable {
  private readonly handlers = new Map<string, Set<AnyHandler>>();

  add(type: string, handler: AnyHandler): () => void {
    let set = this.handlers.get(type);
    if (!set) {
      set = new Set();
      this.handlers.set(type, set);
    }
    set.add(handler);
    return () => set.delete(handler);
  }

  /** Calls every handler of `type`; one that fails is logged, the others still run. */
  async run(type: string, payload: unknown, log: FastifyBaseLogger): Promise<void> {
    const set = this.handlers.get(type);
    if (!set || set.size === 0) return;
    await Promise.all(
      [...set].map(async (handler) => {
        try {
          await handler(payload);
        } catch (error) {
          log.error({ err: error, event: type }, 'event handler failed');
        }
      }),
    );
  }
}

/** In-process bus: one server instance, no Redis. */
export class LocalEventBus implements EventBus {
  protected readonly once = new HandlerTable();
  protected readonly everywhere = new HandlerTable();
  /** Listeners of `onReconnected`. */
  protected readonly reconnected = new Set<() => void>();

  protected readonly log: FastifyBaseLogger;
  private readonly reactions: Reactions;

  constructor(log: FastifyBaseLogger, reactions: Reactions) {
    this.log = log;
    this.reactions = reactions;
  }

  async transaction<T>(db: Database, work: (tx: Database, emit: Emit) => Promise<T>): Promise<T> {
    const emitted: { type: EventType; payload: unknown }[] = [];
    const emit: Emit = (type, payload) => {
      emitted.push({ type, payload });
    };
    const result = await db.transaction(async (tx) => {
      const answer = await work(tx, emit);
      for (const event of emitted) await this.reactions.record(tx, event.type, event.payload);
      return answer;
    });
    for (const event of emitted) {
      await this.announce(event.type, event.payload as DomainEvents[typeof event.type]);
    }
    return result;
  }

  async publish<K extends EventType>(type: K, payload: DomainEvents[K]): Promise<void> {
    await this.announce(type, payload);
  }

  /** Runs the `on` and `onEveryInstance` handlers of a committed event (and sends it to Redis). */
  protected async announce<K extends EventType>(type: K, payload: DomainEvents[K]): Promise<void> {
    await Promise.all([this.once.run(type, payload, this.log), this.everywhere.run(type, payload, this.log)]);
  }

  react<K extends EventType>(
    type: K,
    name: string,
    handler: ReactionHandler<DomainEvents[K]>,
    options: ReactOptions<K> = {},
  ): void {
    const { when, parallel } = options;
    this.reactions.register(type, name, handler as ReactionHandler<unknown>, {
      when: when && ((payload) => when(payload as DomainEvents[K])),
      parallel,
    });
  }

  on<K extends EventType>(type: K, handler: EventHandler<K>): () => void {
    return this.once.add(type, handler as AnyHandler);
  }

  onEveryInstance<K extends EventType>(type: K, handler: EventHandler<K>): () => void {
    return this.everywhere.add(type, handler as AnyHandler);
  }

  async ready(): Promise<void> {}

  async healthy(): Promise<boolean> {
    return true;
  }

  onReconnected(listener: () => void): () => void {
    this.reconnected.add(listener);
    return () => this.reconnected.delete(listener);
  }

  async close(): Promise<void> {}
}

/** Longest wait between two attempts to reach Redis again (ms): back within a second of its return. */
const REDIS_RETRY_MAX_MS = 1_000;
/** How long a readiness PING to Redis may take (ms). */
const REDIS_PING_TIMEOUT_MS = 2_000;

/**
 * Bus across instances: local handlers run as in `LocalEventBus`; the event also goes to the
 * Redis channel, and events other instances put there run this instance's `onEveryInstance`
 * handlers. Redis pub/sub delivers at most once to connected instances: state that must not
 * be lost lives in the database, and clients fetch what they missed after reconnecting.
 */
export class RedisEventBus extends LocalEventBus {
  private readonly instanceId = randomUUID();
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  private readonly subscribed: Promise<void>;
  /** Resolves when the publisher's first connection is ready. */
  private readonly published: Promise<void>;

  constructor(redisUrl: string, log: FastifyBaseLogger, reactions: Reactions) {
    super(log, reactions);
    // ioredis reconnects by itself, here at most a second apart, and subscribes the channel
    // again when it is back (`autoResubscribe`). The publisher queues nothing while Redis is
    // away: a publish then fails at once (logged; the change itself is in the database) instead
    // of holding the request that made it.
    const retryStrategy = (attempt: number) => Math.min(attempt * 100, REDIS_RETRY_MAX_MS);
    this.publisher = new Redis(redisUrl, { retryStrategy, enableOfflineQueue: false });
    this.subscriber = new Redis(redisUrl, { retryStrategy, autoResubscribe: true });
    for (const [name, client] of [
      ['publisher', this.publisher],
      ['subscriber', this.subscriber],
    ] as const) {
      // One line when a connection is lost and one when it is back, not one per attempt.
      let lost = false;
      client.on('error', (error: Error) => {
        if (lost) return;
        lost = true;
        log.warn({ err: error, connection: name }, 'redis connection lost; reconnecting');
      });
      client.on('ready', () => {
        if (!lost) return;
        lost = false;
        log.info({ connection: name }, 'redis connection is back');
      });
    }
    this.subscriber.on('message', (_channel: string, message: string) => {
      let envelope: Envelope;
      try {
        envelope = JSON.parse(message) as Envelope;
      } catch {
        log.warn('unreadable event on the redis channel');
        return;
      }
      if (envelope.origin === this.instanceId || typeof envelope.type !== 'string') return;
      void this.everywhere.run(envelope.type, envelope.payload, log);
    });
    // A subscription that dropped (Redis restarted, the network broke) missed every event of the
    // gap: once it is live again, the listeners start afresh (sockets close with 1012).
    let dropped = false;
    this.subscriber.on('close', () => {
      if (this.subscriber.status !== 'end') dropped = true;
    });
    this.subscriber.on('ready', () => {
      if (!dropped) return;
      dropped = false;
      this.subscriber.subscribe(EVENT_CHANNEL).then(
        () => {
          for (const listener of [...this.reconnected]) {
            try {
              listener();
            } catch (error) {
              log.error({ err: error }, 'reconnect listener failed');
            }
          }
        },
        (error: unknown) => log.warn({ err: error }, 'redis subscription not renewed'),
      );
    });
    this.subscribed = this.subscriber.subscribe(EVENT_CHANNEL).then(() => undefined);
    this.published = new Promise<void>((resolve) => {
      if (this.publisher.status === 'ready') resolve();
      else this.publisher.once('ready', () => resolve());
    });
  }

  protected override async announce<K extends EventType>(type: K, payload: DomainEvents[K]): Promise<void> {
    const envelope: Envelope = { origin: this.instanceId, type, payload };
    await Promise.all([
      super.announce(type, payload),
      this.publisher.publish(EVENT_CHANNEL, JSON.stringify(envelope)).catch((error: unknown) => {
        this.log.error({ err: error, event: type }, 'event not sent to the other instances');
      }),
    ]);
  }

  override async ready(): Promise<void> {
    await Promise.all([this.subscribed, this.published]);
  }

  override async healthy(): Promise<boolean> {
    if (this.publisher.status !== 'ready' || this.subscriber.status !== 'ready') return false;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), REDIS_PING_TIMEOUT_MS);
    });
    try {
      return await Promise.race([
        this.publisher.ping().then(
          (answer) => answer === 'PONG',
          () => false,
        ),
        timeout,
      ]);
    } finally {
      clearTimeout(timer);
    }
  }

  override async close(): Promise<void> {
    // QUIT only over a live connection; one that is still reconnecting just stops trying.
    await Promise.allSettled(
      [this.subscriber, this.publisher].map(async (client) => {
        if (client.status === 'ready') await client.quit();
        else client.disconnect();
      }),
    );
  }
}

/**
 * The bus for a configuration: Redis with `REDIS_URL`, else in-process; durable reactions go to
 * `reactions`.
 */
export function createEventBus(
  redisUrl: string | undefined,
  log: FastifyBaseLogger,
  reactions: Reactions,
): EventBus {
  return redisUrl ? new RedisEventBus(redisUrl, log, reactions) : new LocalEventBus(log, reactions);
}
