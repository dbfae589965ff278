// The server survives its PostgreSQL and its Redis going away (a restart, a fail-over): it
// keeps running, answers 503 with a German detail meanwhile, loses no acknowledged write and
// recovers by itself. Runs on a PostgreSQL cluster and a Redis server of its own (started
// here on free ports), never on the machine's shared ones.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AuthResponse, SocketTicket } from '@marketplace/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { z } from 'zod';
import { buildApp } from '../src/app.ts';
import { loadConfig, withoutServerSettings } from '../src/config.ts';
import { openDatabase, rowCount, selectRows } from '../src/db/client.ts';
import { errorCatalogue } from '../src/lib/errors.ts';
import { bearer, type RegisteredMember, registerMember } from './helpers/accounts.ts';
import { adBody } from './helpers/marketplace.ts';
import {
  freePort,
  type OwnPostgres,
  type OwnRedis,
  startOwnPostgres,
  startOwnRedis,
  waitUntil,
} from './helpers/own-services.ts';
import { TestSocket } from './helpers/sockets.ts';

const mainFile = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/main.ts');
const JWT_SECRET = 'ein-gemeinsames-geheimnis-fuer-alle-instanzen';
const UNAVAILABLE = {
  detail: errorCatalogue.service_unavailable.detail,
  code: 'service_unavailable',
};
const METRICS_TOKEN = 'ein-langes-geheimes-metrik-token';
/** Ads per seller the traffic posts at most (the posting limit is 30 an hour). */
const ADS_PER_SELLER = 25;

let workDir: string;
let postgres: OwnPostgres;
let redis: OwnRedis;
/** Instance A: the real server process (`src/main.ts`). */
let child: ChildProcess;
let childOutput = '';
let baseA: string;
/** Instance B: built in this process on the same database and Redis. */
let appB: FastifyInstance;

beforeAll(async () => {
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marketplace-faults-'));
  postgres = await startOwnPostgres();
  redis = await startOwnRedis();
  const port = await freePort();
  baseA = `http://127.0.0.1:${port}`;
  child = spawn(process.execPath, [mainFile], {
    env: {
      ...withoutServerSettings(process.env),
      PORT: String(port),
      DATA_DIR: path.join(workDir, 'a'),
      DATABASE_URL: postgres.url,
      REDIS_URL: redis.url,
      JWT_SECRET,
      METRICS_TOKEN,
      SEED_DEMO: '0',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => {
    childOutput += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    childOutput += chunk.toString();
  });
  await waitUntil('instance A is ready', async () => {
    if (child.exitCode !== null) throw new Error(`instance A exited:\n${childOutput}`);
    return (await readyStatus(baseA)) === 200;
  });

  const handle = await openDatabase({ databaseUrl: postgres.url });
  const config = loadConfig({
    DATA_DIR: path.join(workDir, 'b'),
    SEED_DEMO: '0',
    LOG_LEVEL: 'silent',
    REDIS_URL: redis.url,
    JWT_SECRET,
  });
  appB = await buildApp(config, { database: handle, logger: false });
  await appB.ready();
}, 180_000);

afterAll(async () => {
  await appB?.close().catch(() => {});
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  await redis?.destroy();
  await postgres?.destroy();
  if (workDir) fs.rmSync(workDir, { recursive: true, force: true });
});

/** Status of instance A's readiness, or 0 when it does not answer at all. */
async function readyStatus(base: string): Promise<number> {
  try {
    return (await fetch(`${base}/api/health/ready`)).status;
  } catch {
    return 0;
  }
}

async function readyStatusB(): Promise<number> {
  return (await appB.inject({ url: '/api/health/ready' })).statusCode;
}

/** The `redis` field of readiness (`ok`, `off`, `degraded`), or the status code when not 200. */
async function redisReadiness(base: string): Promise<string> {
  try {
    const res = await fetch(`${base}/api/health/ready`);
    return res.status === 200 ? ((await res.json()) as { redis: string }).redis : String(res.status);
  } catch {
    return '0';
  }
}

async function redisReadinessB(): Promise<string> {
  const res = await appB.inject({ url: '/api/health/ready' });
  return res.statusCode === 200 ? (res.json() as { redis: string }).redis : String(res.statusCode);
}

function aliveA(): boolean {
  return child.exitCode === null && child.signalCode === null;
}

async function verifiedMember(nickname: string): Promise<RegisteredMember> {
  const member = await registerMember(appB, { nickname });
  await appB.database.db.execute(
    sql`update users set email_verified_at = now() where id = ${member.user.id}::uuid`,
  );
  return member;
}

/**
 * Requests against instance A while the test breaks things: reads the ad list and, while it
 * has a budget of ads to post, posts ads (cycling sellers, within the posting limit), one after
 * the other. Every answer must be a success or a 503 with the German detail; the ids of
 * acknowledged ads are kept to be found again afterwards.
 */
class Traffic {
  readonly acknowledged: string[] = [];
  readonly unexpected: string[] = [];
  unavailable = 0;
  reads = 0;
  private running = true;
  /** Ads still to be acknowledged; refused attempts (503) keep trying. */
  private budget = 0;
  private readonly done: Promise<void>;
  private readonly posted = new Map<string, number>();

  private readonly sellers: AuthResponse[];

  constructor(sellers: AuthResponse[]) {
    this.sellers = sellers;
    this.done = this.loop();
  }

  private async loop(): Promise<void> {
    while (this.running) {
      const seller =
        this.budget > 0
          ? this.sellers.find((s) => (this.posted.get(s.user.id) ?? 0) < ADS_PER_SELLER)
          : undefined;
      if (seller) {
        const acknowledged = this.acknowledged.length;
        await this.request(
          'POST',
          '/api/listings',
          seller.access_token,
          adBody({ title: 'Fahrrad im Test' }),
        );
        if (this.acknowledged.length > acknowledged) {
          this.budget -= 1;
          this.posted.set(seller.user.id, (this.posted.get(seller.user.id) ?? 0) + 1);
        }
      }
      await this.request('GET', '/api/listings?limit=5');
    }
  }

  private async request(method: string, url: string, token?: string, body?: unknown): Promise<void> {
    let res: Response;
    try {
      res = await fetch(`${baseA}${url}`, {
        method,
        headers: { ...(token ? bearer(token) : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
    } catch (error) {
      this.unexpected.push(`${method} ${url}: ${String(error)}`);
      return;
    }
    const text = await res.text();
    if (res.status === 503) {
      this.unavailable += 1;
      if (JSON.stringify(JSON.parse(text)) !== JSON.stringify(UNAVAILABLE)) {
        this.unexpected.push(`${method} ${url}: 503 ${text}`);
      }
    } else if (method === 'POST' && res.status === 201) {
      this.acknowledged.push((JSON.parse(text) as { id: string }).id);
    } else if (method === 'GET' && res.status === 200) {
      this.reads += 1;
    } else {
      this.unexpected.push(`${method} ${url}: ${res.status} ${text}`);
    }
  }

  /** Lets the traffic post `count` more ads (kept trying through an outage). */
  allow(count: number): void {
    this.budget += count;
  }

  /** Lets the traffic post `count` more ads and waits until they have been acknowledged. */
  async moreWrites(count: number): Promise<void> {
    const target = this.acknowledged.length + count;
    this.budget += count;
    await waitUntil(`${count} more acknowledged ads`, () => this.acknowledged.length >= target);
  }

  async stop(): Promise<void> {
    this.running = false;
    await this.done;
  }
}

async function ticketFor(member: AuthResponse): Promise<string> {
  const res = await appB.inject({
    method: 'POST',
    url: '/api/realtime/ticket',
    headers: bearer(member.access_token),
  });
  expect(res.statusCode).toBe(201);
  return (res.json() as SocketTicket).ticket;
}

/** Follows `member` through instance B as a new member; answers the follower. */
async function followThroughB(member: AuthResponse, nickname: string): Promise<RegisteredMember> {
  const follower = await verifiedMember(nickname);
  const res = await appB.inject({
    method: 'POST',
    url: `/api/follow/${member.user.id}`,
    headers: bearer(follower.access_token),
  });
  expect(res.statusCode).toBe(201);
  return follower;
}

describe('PostgreSQL and Redis going away under a running server', () => {
  it('keeps serving, answers 503 meanwhile, loses no acknowledged write and recovers', async () => {
    const sellers = await Promise.all(
      ['Sina', 'Theo', 'Uwe', 'Vera', 'Wim', 'Xenia', 'Yuri', 'Zora'].map((name) => verifiedMember(name)),
    );
    const watched = await verifiedMember('Alma');
    const socket = await TestSocket.connect(baseA.replace('http', 'ws'), await ticketFor(watched));
    const storySocket = new WebSocket(
      `${baseA.replace('http', 'ws')}/ws/stories?token=${encodeURIComponent(await ticketFor(watched))}`,
    );
    const storySocketClosed = new Promise<number>((resolve) =>
      storySocket.on('close', (code) => resolve(code)),
    );
    await new Promise((resolve, reject) => {
      storySocket.once('open', resolve);
      storySocket.once('error', reject);
    });
    let renewed: TestSocket | undefined;
    const traffic = new Traffic(sellers);
    try {
      // A live event crosses from B to A over Redis before anything breaks.
      const first = await followThroughB(watched, 'Bodo');
      expect(await socket.next('new_follower')).toMatchObject({ follower_id: first.user.id });
      await traffic.moreWrites(5);

      // 1. PostgreSQL restarts under traffic (every pooled connection is ended).
      traffic.allow(10);
      await postgres.restart();
      await traffic.moreWrites(5);
      expect(aliveA(), childOutput).toBe(true);
      expect(await readyStatus(baseA)).toBe(200);

      // 2. PostgreSQL is away for a while: 503 with the German detail, readiness 503.
      traffic.allow(10);
      await postgres.stop();
      await waitUntil('instance A not ready without PostgreSQL', async () => {
        expect(aliveA(), childOutput).toBe(true);
        return (await readyStatus(baseA)) === 503;
      });
      const notReady = await fetch(`${baseA}/api/health/ready`);
      expect(await notReady.json()).toEqual(UNAVAILABLE);
      expect(await readyStatusB()).toBe(503);
      const during = await fetch(`${baseA}/api/listings`, {
        method: 'POST',
        headers: { ...bearer(sellers[0]?.access_token ?? ''), 'content-type': 'application/json' },
        body: JSON.stringify(adBody()),
      });
      expect(during.status).toBe(503);
      expect(await during.json()).toEqual(UNAVAILABLE);
      const unavailableBefore = traffic.unavailable;
      await waitUntil('traffic sees 503s', () => traffic.unavailable > unavailableBefore);
      // Liveness stays what it was: the process answers, the database does not.
      expect((await fetch(`${baseA}/api/health`)).status).toBe(503);
      expect(aliveA(), childOutput).toBe(true);

      // 3. PostgreSQL is back: both instances become ready and writes succeed again by themselves.
      await postgres.start();
      await waitUntil('instance A ready again', async () => (await readyStatus(baseA)) === 200);
      await waitUntil('instance B ready again', async () => (await readyStatusB()) === 200);
      await traffic.moreWrites(5);

      // 4. Redis goes away: both instances stay ready and say they are degraded (a load balancer
      // keeps them); writes still succeed (their events are in-process).
      await redis.stop();
      await waitUntil(
        'instance A degraded without Redis',
        async () => (await redisReadiness(baseA)) === 'degraded',
      );
      await waitUntil(
        'instance B degraded without Redis',
        async () => (await redisReadinessB()) === 'degraded',
      );
      expect(await readyStatus(baseA)).toBe(200);
      await traffic.moreWrites(3);
      const unseen = await followThroughB(watched, 'Carla');
      expect(aliveA(), childOutput).toBe(true);

      // 5. Redis is back: both resubscribe; A's socket, which missed the gap's events, closes with
      // 1012 so its client reconnects, and a live event crosses from B to the new socket on A.
      await redis.start();
      await waitUntil('instance A ready after Redis', async () => (await redisReadiness(baseA)) === 'ok');
      await waitUntil('instance B ready after Redis', async () => (await redisReadinessB()) === 'ok');
      expect((await socket.closed).code).toBe(1012);
      expect(await storySocketClosed).toBe(1012);
      renewed = await TestSocket.connect(baseA.replace('http', 'ws'), await ticketFor(watched));
      const after = await followThroughB(watched, 'Dora');
      expect(await renewed.next('new_follower')).toMatchObject({ follower_id: after.user.id });
      // The follow made while Redis was away is stored: the member sees it in the list.
      const followers = await fetch(`${baseA}/api/follow/followers`, {
        headers: bearer(watched.access_token),
      });
      expect(followers.status).toBe(200);
      expect(JSON.stringify(await followers.json())).toContain(unseen.user.id);
      await traffic.moreWrites(3);

      // The pool opened new connections after the restarts; /metrics reports them.
      const scraped = await (await fetch(`${baseA}/metrics`, { headers: bearer(METRICS_TOKEN) })).text();
      const pooled = [...scraped.matchAll(/^db_pool_connections\{state="(?:idle|in_use)"\} (\d+)$/gm)];
      expect(pooled).toHaveLength(2);
      expect(pooled.reduce((sum, match) => sum + Number(match[1]), 0)).toBeGreaterThan(0);
      expect(scraped).toMatch(
        /^http_requests_total\{method="POST",route="\/api\/listings",status="503"\} [1-9]/m,
      );
    } finally {
      await traffic.stop();
      socket.close();
      storySocket.close();
      renewed?.close();
    }

    // Every acknowledged ad is stored; nothing but successes and German 503s was answered.
    expect(traffic.unexpected).toEqual([]);
    expect(traffic.unavailable).toBeGreaterThan(0);
    expect(traffic.reads).toBeGreaterThan(0);
    const ids = traffic.acknowledged;
    const [stored] = await selectRows(
      appB.database.db,
      z.object({ n: rowCount }),
      sql`select count(*)::int as n from listings where id in (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`,
    );
    expect(stored?.n).toBe(ids.length);
    expect(aliveA(), childOutput).toBe(true);
    expect(childOutput).not.toContain('shutting down after an error');
  }, 300_000);
});
