import { createRequire } from 'node:module';
import rateLimit, { type FastifyRateLimitStore } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import ipaddr from 'ipaddr.js';
import type { Config } from '../config.ts';
import { rateLimitedError } from '../lib/errors.ts';

/** The window the limit counts in (ms). */
export const PUBLIC_READ_WINDOW_MS = 60_000;

/** The detail of a refused read; `rateLimitedError` adds the wait. */
export const PUBLIC_READ_LIMITED = 'Zu viele Anfragen von deiner Adresse.';

/**
 * Reads that do not count: the probes of a load balancer and of monitoring, the files an
 * image or a video element loads (each page shows dozens), the API's own description, and
 * sockets (which have limits of their own, docs/decisions/0021-one-socket-gateway.md).
 */
const UNCOUNTED_PREFIXES = [
  '/api/health',
  '/api/images/',
  '/api/stories/media/',
  '/api/docs',
  '/ws',
  '/metrics',
] as const;

/** The web app's files and the addresses a browser or crawler asks for once per visit. */
const UNCOUNTED_ROUTES = new Set(['/*', '/index.html', '/manifest.webmanifest', '/robots.txt']);

type IncrCallback = Parameters<FastifyRateLimitStore['incr']>[1];
interface CountingStore {
  incr(key: string, callback: IncrCallback, timeWindow?: number, max?: number): void;
}
interface StoreOptions {
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
  cache?: number;
}
/** @fastify/rate-limit's own store in memory (an LRU map of counts per key). */
const LocalStore = createRequire(import.meta.url)('@fastify/rate-limit/store/LocalStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  cache?: number,
) => CountingStore;

/**
 * @fastify/rate-limit's memory store, answering each count as it was when that request was
 * counted. The store itself hands every caller the same entry object, which later counts
 * change before the callers read it: a burst of parallel requests then all read the burst's
 * final count, and every one of them is refused.
 */
class MemoryStore implements FastifyRateLimitStore {
  private readonly store: CountingStore;

  /** @param options the plugin's settings (`continueExceeding`, `exponentialBackoff`, `cache`) */
  constructor(options: StoreOptions) {
    this.store = new LocalStore(
      options.continueExceeding ?? false,
      options.exponentialBackoff ?? false,
      options.cache,
    );
  }

  /** Counts a request of `key`; the plugin passes the window (ms) and the limit too. */
  incr(key: string, callback: IncrCallback, timeWindow?: number, max?: number): void {
    this.store.incr(
      key,
      (error, result) => callback(error, result && { current: result.current, ttl: result.ttl }),
      timeWindow,
      max,
    );
  }

  /** The store of a route with settings of its own. */
  child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): MemoryStore {
    return new MemoryStore(routeOptions as StoreOptions);
  }
}

/**
 * Whether a request to `route` counts as a public read: every GET (and its HEAD) of the API
 * and of the pages, except {@link UNCOUNTED_PREFIXES} and {@link UNCOUNTED_ROUTES}.
 */
export function countsAsRead(route: Pick<RouteOptions, 'method' | 'url'>): boolean {
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  if (!methods.every((method) => method === 'GET' || method === 'HEAD')) return false;
  if (UNCOUNTED_ROUTES.has(route.url)) return false;
  return !UNCOUNTED_PREFIXES.some((prefix) => route.url === prefix || route.url.startsWith(prefix));
}

/**
 * Who a request is counted for: its address (`request.ip`, the client's behind a trusted
 * proxy), an IPv6 address by its /64 network, the block a provider gives one connection, so
 * that one client cannot spread its reads over the addresses of its own network.
 */
export function readerOf(request: Pick<FastifyRequest, 'ip'>): string {
  if (!ipaddr.isValid(request.ip)) return request.ip;
  const address = ipaddr.process(request.ip);
  if (address.kind() === 'ipv4') return address.toString();
  const parts = (address as ipaddr.IPv6).parts.slice(0, 4);
  return `${parts.map((part) => part.toString(16)).join(':')}::/64`;
}

/**
 * The first line against floods of expensive reads (docs/decisions/0032-a-limit-in-front-of-public-reads.md):
 * `@fastify/rate-limit` in front of every API GET and page (`countsAsRead`), at most
 * `config.publicReadsPerMinute` per address (`readerOf`) and minute, counted in Redis when
 * `REDIS_URL` is set (one count for all instances), else in this process. Beyond it a read
 * answers 429 `{ detail, code: 'rate_limited' }` with `Retry-After` (s) and changes nothing.
 * When Redis cannot be reached reads are served uncounted (the readiness reports Redis as
 * degraded meanwhile). The business quotas (posting, reports, registrations, failed logins)
 * are counted in the database by their modules, not here. Registered before the modules, so
 * that their routes get the limit.
 */
async function publicReadLimit(
  app: FastifyInstance,
  options: { config: Pick<Config, 'publicReadsPerMinute' | 'redisUrl'> },
) {
  const max = options.config.publicReadsPerMinute;
  if (max === 0) return;
  // Decided once per route as it is registered: `false` keeps the limit's hook off the route.
  app.addHook('onRoute', (route) => {
    if (route.config?.rateLimit !== undefined || countsAsRead(route)) return;
    route.config = { ...route.config, rateLimit: false };
  });
  // As @fastify/rate-limit advises: fail fast while Redis is away, and never queue the counts.
  const redis = options.config.redisUrl
    ? new Redis(options.config.redisUrl, {
        connectTimeout: 500,
        maxRetriesPerRequest: 1,
        enableOfflineQueue: false,
        lazyConnect: false,
      })
    : null;
  redis?.on('error', () => {
    // Reconnects by itself; the event bus logs Redis outages.
  });
  if (redis) app.addHook('onClose', async () => void redis.disconnect());
  await app.register(rateLimit, {
    global: true,
    max,
    timeWindow: PUBLIC_READ_WINDOW_MS,
    keyGenerator: readerOf,
    skipOnError: true,
    nameSpace: 'public-reads:',
    ...(redis ? { redis } : { store: MemoryStore }),
    addHeadersOnExceeding: {
      'x-ratelimit-limit': false,
      'x-ratelimit-remaining': false,
      'x-ratelimit-reset': false,
    },
    addHeaders: {
      'x-ratelimit-limit': false,
      'x-ratelimit-remaining': false,
      'x-ratelimit-reset': false,
      'retry-after': true,
    },
    errorResponseBuilder: (_request, context) =>
      rateLimitedError(PUBLIC_READ_LIMITED, Math.ceil(context.ttl / 1000)),
  });
}

export default fp(publicReadLimit, { name: 'public-read-limit', dependencies: ['error-handler'] });
