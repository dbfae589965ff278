import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Config } from '../config.ts';
import { AppError } from '../lib/errors.ts';

/** Route label of requests that matched no route (unknown paths; keeps the label set small). */
const UNMATCHED_ROUTE = 'unmatched';

/** Upper bounds of the request duration buckets, in seconds. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** Whether `header` is `Bearer <token>`, compared in constant time. */
function bearerMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header?.startsWith('Bearer ') ? header.slice(7) : '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * `GET /metrics` in the Prometheus text format (README "Configuration"), only when the
 * operator sets `METRICS_TOKEN`: without it the route does not exist (404); with it a scrape
 * must send `Authorization: Bearer <METRICS_TOKEN>` (else 401). Counts and times every request
 * by method, route pattern (never the raw address) and status, and reports the open
 * `/ws/notifications` sockets of this instance, the database pool's connections (PostgreSQL),
 * the reads of each cache by how they were answered (`cache_reads_total`, `app.caches`), and
 * Node's own figures, among them the event-loop lag (`nodejs_eventloop_lag_*`). Each app keeps
 * its own registry.
 */
async function metrics(app: FastifyInstance, options: { config: Config }) {
  const token = options.config.metricsToken;
  if (!token) return;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'Answered HTTP requests by method, route pattern and status.',
    labelNames,
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from receiving a request to answering it, by method, route pattern and status.',
    labelNames,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  new Gauge({
    name: 'realtime_open_sockets',
    help: 'Open /ws/notifications sockets held by this instance.',
    registers: [registry],
    collect() {
      this.set(app.hasDecorator('realtime') ? app.realtime.hub.size : 0);
    },
  });
  new Gauge({
    name: 'db_pool_connections',
    help: 'PostgreSQL pool connections of this instance by state (in use, idle); none on PGlite.',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const use = app.database.poolUse();
      this.set({ state: 'in_use' }, use ? use.total - use.idle : 0);
      this.set({ state: 'idle' }, use ? use.idle : 0);
    },
  });
  new Gauge({
    name: 'db_pool_waiting_requests',
    help: 'Queries waiting for a free PostgreSQL pool connection.',
    registers: [registry],
    collect() {
      this.set(app.database.poolUse()?.waiting ?? 0);
    },
  });

  new Counter({
    name: 'cache_reads_total',
    help: 'Reads of each cache of this instance by how they were answered: hit (fresh), stale (aged, while one refresh runs), shared (a computation under way), miss (computed).',
    labelNames: ['cache', 'result'],
    registers: [registry],
    collect() {
      this.reset();
      for (const [cache, counts] of app.caches.entries()) {
        for (const [result, reads] of Object.entries(counts)) this.inc({ cache, result }, reads);
      }
    },
  });

  app.addHook('onResponse', async (request, reply) => {
    const labels = {
      method: request.method,
      route: request.routeOptions.url ?? UNMATCHED_ROUTE,
      status: String(reply.statusCode),
    };
    requests.inc(labels);
    durations.observe(labels, reply.elapsedTime / 1000);
  });

  app.get('/metrics', { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
    if (!bearerMatches(request.headers.authorization, token)) throw new AppError('unauthorized');
    return reply.type(registry.contentType).send(await registry.metrics());
  });
}

export default fp(metrics, { name: 'metrics', dependencies: ['database'] });
