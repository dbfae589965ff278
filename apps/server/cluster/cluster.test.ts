import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { chromium } from 'playwright-core';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
// The browser tests' Chromium and its flags (headless, no traffic beyond the pages under test).
import { CHROMIUM_ARGS, chromePath } from '../../web/e2e/helpers/chromium.ts';
import { linkToken, mailsTo } from '../test/helpers/accounts.ts';

// Two instances of the server as an operator runs them (README "Several instances"): one
// PostgreSQL database, one Redis, one S3 bucket, nginx in front with deploy/nginx.conf. Every
// part is real: PostgreSQL at CLUSTER_DATABASE_URL (default: the test server on 127.0.0.1), and
// redis-server, nginx and an S3 server (s3rver) started here on free ports.

const ROOT = path.resolve(import.meta.dirname, '../../..');
const BASE_URL = process.env.CLUSTER_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const ADMIN = { email: 'admin@cluster.example', password: 'Kiesel-Wald-2026' };
const STEP_MS = 60_000;

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'marketplace-cluster-'));
const databaseName = `cluster_${randomBytes(6).toString('hex')}`;
const processes: ChildProcess[] = [];
let s3: S3rver;
let nginxPort: number;
let instances: { url: string; dataDir: string; process: ChildProcess }[] = [];
let redisPort: number;
let redis: ChildProcess;

/** Starts the instances' Redis on `redisPort`, keeping nothing on disk (again after a stop). */
function startRedis(): ChildProcess {
  return start('redis-server', [
    '--port',
    String(redisPort),
    '--bind',
    '127.0.0.1',
    '--save',
    '',
    '--appendonly',
    'no',
  ]);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Polls `url` (`vi.waitFor`, every 200 ms, up to two steps) until it answers 200 (a process that
 * is still starting refuses connections).
 * @throws at once when `child` exits first, else when `url` does not answer 200 in time
 */
async function waitFor(url: string, child?: ChildProcess): Promise<void> {
  const exited = await vi.waitFor(
    async () => {
      if (child && child.exitCode !== null) return true;
      const res = await fetch(url).catch(() => null);
      if (!res?.ok) throw new Error(`${url} did not answer 200 in time (last: ${res?.status ?? 'refused'})`);
      return false;
    },
    { timeout: STEP_MS * 2, interval: 200 },
  );
  if (exited) throw new Error(`${url}: the process exited with ${child?.exitCode}`);
}

function start(command: string, args: string[], env: Record<string, string> = {}): ChildProcess {
  const child = spawn(command, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  processes.push(child);
  return child;
}

async function startInstance(index: number, env: Record<string, string>) {
  const port = await freePort();
  const dataDir = path.join(work, `data-${index}`);
  const child = start(process.execPath, ['apps/server/src/main.ts'], {
    ...env,
    PORT: String(port),
    DATA_DIR: dataDir,
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/api/health`, child);
  return { url, dataDir, process: child };
}

async function call<T>(base: string, method: string, apiPath: string, body?: unknown, token?: string) {
  const res = await fetch(`${base}${apiPath}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
}

/**
 * The token of the verification mail to `to` in the instances' outboxes (SMTP_URL unset),
 * waiting for it (`vi.waitFor`, up to one step): the mail is a job of the shared queue, which any
 * instance may run, so it lands in the outbox of whichever instance sent it.
 */
async function verificationToken(dataDirs: readonly string[], to: string): Promise<string> {
  const mail = await vi.waitFor(
    () => {
      const found = dataDirs
        .flatMap((dataDir) => mailsTo(dataDir, to))
        .find((candidate) => candidate.text.includes('/verify-email?token='));
      if (!found) throw new Error(`no verification mail to ${to}`);
      return found;
    },
    { timeout: STEP_MS, interval: 200 },
  );
  return linkToken(mail, 'verify-email');
}

/**
 * Registers, confirms and logs in a new member through the instance at `base` (its mail is a
 * job any instance may send).
 * @returns the member's access token
 */
async function newMember(base: string, nickname: string): Promise<string> {
  const email = `${nickname.toLowerCase().replace(/[^a-z]/g, '')}.${randomUUID()}@cluster.example`;
  const registered = await call(base, 'POST', '/api/auth/register', {
    email,
    password: ADMIN.password,
    nickname,
    first_name: null,
    last_name: null,
  });
  expect(registered.status).toBe(202);
  const verified = await call(base, 'POST', '/api/auth/verify-email', {
    token: await verificationToken(
      instances.map((instance) => instance.dataDir),
      email,
    ),
  });
  expect(verified.status).toBe(200);
  const login = await call<{ access_token: string }>(base, 'POST', '/api/auth/login', {
    email,
    password: ADMIN.password,
  });
  expect(login.status).toBe(200);
  return login.body.access_token;
}

beforeAll(async () => {
  const admin = new pg.Client({ connectionString: BASE_URL });
  await admin.connect();
  await admin.query(`create database ${databaseName}`);
  await admin.end();
  const databaseUrl = new URL(BASE_URL);
  databaseUrl.pathname = `/${databaseName}`;

  redisPort = await freePort();
  redis = startRedis();
  s3 = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: path.join(work, 's3'),
    configureBuckets: [{ name: 'medien', configs: [] }],
  });
  const { port: s3Port } = await s3.run();

  const env = {
    DATABASE_URL: databaseUrl.toString(),
    REDIS_URL: `redis://127.0.0.1:${redisPort}`,
    S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
    S3_BUCKET: 'medien',
    S3_REGION: 'eu-central-1',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    JWT_SECRET: randomBytes(32).toString('hex'),
    SEED_DEMO: '0',
    TRUST_PROXY: '1',
    LOG_LEVEL: 'warn',
    // Every request comes from this one address; the limit of reads across instances has its
    // own test (test/public-read-limit-instances.postgres.test.ts).
    PUBLIC_READ_LIMIT: '0',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
  };
  // One after the other: the first runs the migrations.
  const first = await startInstance(1, env);
  const second = await startInstance(2, env);
  instances = [first, second];

  nginxPort = await freePort();
  const upstream = instances
    .map((instance) => `    server ${new URL(instance.url).host} max_fails=1 fail_timeout=5s;`)
    .join('\n');
  const config = fs
    .readFileSync(path.join(ROOT, 'deploy/nginx.conf'), 'utf8')
    .replace(/(upstream marketplace \{\n)(?:.*\n)*?(\s+keepalive)/, `$1${upstream}\n$2`)
    .replace('listen 8080;', `listen 127.0.0.1:${nginxPort};`);
  expect(config).toContain(upstream);
  const prefix = path.join(work, 'nginx');
  fs.mkdirSync(path.join(prefix, 'logs'), { recursive: true });
  fs.copyFileSync('/etc/nginx/mime.types', path.join(prefix, 'mime.types'));
  fs.writeFileSync(path.join(prefix, 'nginx.conf'), config);
  execFileSync(
    'nginx',
    ['-t', '-p', prefix, '-c', path.join(prefix, 'nginx.conf'), '-g', `pid ${prefix}/nginx.pid;`],
    {
      stdio: 'pipe',
    },
  );
  start('nginx', [
    '-p',
    prefix,
    '-c',
    path.join(prefix, 'nginx.conf'),
    '-g',
    `daemon off; pid ${prefix}/nginx.pid;`,
  ]);
  await waitFor(`http://127.0.0.1:${nginxPort}/api/health`);
}, 600_000);

afterAll(async () => {
  for (const child of processes.reverse()) if (child.exitCode === null) child.kill('SIGTERM');
  await Promise.all(
    processes.map((child) =>
      child.exitCode === null ? new Promise((resolve) => child.once('exit', resolve)) : null,
    ),
  );
  await s3?.close();
  const admin = new pg.Client({ connectionString: BASE_URL });
  await admin.connect();
  await admin.query(`drop database if exists ${databaseName} with (force)`);
  await admin.end();
  fs.rmSync(work, { recursive: true, force: true });
}, 120_000);

describe('two instances behind nginx on one PostgreSQL, Redis and S3 bucket', () => {
  let token = '';
  let adminId = '';
  const viaNginx = () => `http://127.0.0.1:${nginxPort}`;

  /**
   * Starts (or finds) the conversation of the member with `buyerToken` with the administrator,
   * through the instance at `base`.
   * @returns a function that sends one message of the member's there and expects it stored (201)
   */
  async function conversationWithAdmin(base: string, buyerToken: string) {
    const conversation = await call<{ id: string }>(
      base,
      'POST',
      '/api/chat/conversations',
      { user_id: adminId },
      buyerToken,
    );
    expect([200, 201]).toContain(conversation.status);
    const write = async (content: string) => {
      const sent = await call(
        base,
        'POST',
        `/api/chat/conversations/${conversation.body.id}/messages`,
        { client_id: randomUUID(), content },
        buyerToken,
      );
      expect(sent.status).toBe(201);
    };
    return Object.assign(write, { conversationId: conversation.body.id });
  }

  it('a member logs in through nginx and the token works on both instances', async () => {
    const login = await call<{ access_token: string; user: { id: string } }>(
      viaNginx(),
      'POST',
      '/api/auth/login',
      ADMIN,
    );
    expect(login.status).toBe(200);
    token = login.body.access_token;
    adminId = login.body.user.id;
    for (const instance of instances) {
      const me = await call<{ email: string }>(instance.url, 'GET', '/api/me', undefined, token);
      expect(me.status).toBe(200);
      expect(me.body.email).toBe(ADMIN.email);
    }
  });

  it('a photo uploaded through one instance is served by the other', async () => {
    const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#48c' } })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([photo], { type: 'image/jpeg' }), 'foto.jpg');
    const res = await fetch(`${instances[0]?.url}/api/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(res.status).toBe(201);
    const { url } = (await res.json()) as { url: string };
    const served = await fetch(`${instances[1]?.url}${url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).format).toBe('webp');
  });

  it('a chat message sent through instance B reaches the socket held on instance A', async () => {
    const [a, b] = instances as [(typeof instances)[0], (typeof instances)[0]];
    const ticket = await call<{ ticket: string }>(a.url, 'POST', '/api/realtime/ticket', undefined, token);
    expect(ticket.status).toBe(201);
    const socket = new WebSocket(
      `${a.url.replace('http', 'ws')}/ws/notifications?token=${ticket.body.ticket}`,
    );
    const received: { type: string; preview?: string }[] = [];
    const connected = new Promise<void>((resolve, reject) => {
      socket.on('message', (data) => {
        const message = JSON.parse(String(data)) as { type: string };
        received.push(message);
        if (message.type === 'connected') resolve();
      });
      socket.once('error', reject);
    });
    await connected;

    const write = await conversationWithAdmin(b.url, await newMember(b.url, 'Käufer-Kim'));
    await write('Hallo über Instanz B');
    await expect
      .poll(() => received.find((message) => message.type === 'new_message')?.preview, { timeout: STEP_MS })
      .toBe('Hallo über Instanz B');
    socket.close();
  });

  it('a message sent while Redis is away shows in the conversation open on the other instance once Redis is back, without a reload', async () => {
    const [a, b] = instances as [(typeof instances)[0], (typeof instances)[0]];
    const write = await conversationWithAdmin(b.url, await newMember(b.url, 'Käufer-Uta'));
    await write('Ist das Sofa noch da?');
    const site = await call<{ terms_version: string }>(a.url, 'GET', '/api/site');
    // The seller accepts the AGB first (the start made the account; it has accepted none).
    const me = await call<unknown>(
      a.url,
      'POST',
      '/api/me/terms',
      { version: site.body.terms_version },
      token,
    );
    expect(me.status).toBe(200);

    // The seller has the conversation open in a browser served by instance A; the buyer writes
    // through instance B.
    const browser = await chromium.launch({ executablePath: chromePath, args: CHROMIUM_ARGS });
    try {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'de-DE' });
      await context.addInitScript(
        ([storedToken, user]) => {
          localStorage.setItem('auth.token', storedToken);
          localStorage.setItem('auth.user', user);
        },
        [token, JSON.stringify(me.body)] as const,
      );
      const page = await context.newPage();
      let socketsOpened = 0;
      page.on('websocket', (socket) => {
        if (socket.url().includes('/ws/notifications')) socketsOpened += 1;
      });
      await page.goto(`${a.url}/chat?conversation=${write.conversationId}`);
      const messages = page.getByRole('list', { name: 'Nachrichten' });
      await messages.getByText('Ist das Sofa noch da?', { exact: true }).waitFor({ timeout: STEP_MS });
      await expect.poll(() => socketsOpened, { timeout: STEP_MS }).toBeGreaterThan(0);
      await page.evaluate(() => {
        (globalThis as { sameDocument?: boolean }).sameDocument = true;
      });
      // Live while Redis is there.
      await write('Ja, mit Kissen.');
      await messages.getByText('Ja, mit Kissen.', { exact: true }).waitFor({ timeout: STEP_MS });
      const socketsBefore = socketsOpened;

      redis.kill('SIGTERM');
      await new Promise((resolve) => (redis.exitCode === null ? redis.once('exit', resolve) : resolve(null)));
      for (const instance of instances) {
        await expect
          .poll(
            async () => (await call<{ redis: string }>(instance.url, 'GET', '/api/health/ready')).body.redis,
            {
              timeout: STEP_MS,
            },
          )
          .toBe('degraded');
      }
      // Stored and acknowledged, though no instance can tell another.
      await write('Kann ich es Samstag abholen?');

      redis = startRedis();
      for (const instance of instances) {
        await expect
          .poll(
            async () => (await call<{ redis: string }>(instance.url, 'GET', '/api/health/ready')).body.redis,
            {
              timeout: STEP_MS,
            },
          )
          .toBe('ok');
      }
      // Instance A closes its sockets with 1012 when its subscription is live again; the app
      // opens a new one and reads what it missed (the message may also come sooner, from a
      // reaction that instance A ran itself).
      await messages.getByText('Kann ich es Samstag abholen?', { exact: true }).waitFor({ timeout: STEP_MS });
      await expect.poll(() => socketsOpened, { timeout: STEP_MS }).toBeGreaterThan(socketsBefore);
      expect(await page.evaluate(() => (globalThis as { sameDocument?: boolean }).sameDocument)).toBe(true);
      // And live again afterwards.
      await write('Ja, ab 10 Uhr.');
      await messages.getByText('Ja, ab 10 Uhr.', { exact: true }).waitFor({ timeout: STEP_MS });
    } finally {
      await browser.close();
    }
  });

  it('stopping instance A with SIGTERM under load loses no request: nginx moves on to B', async () => {
    const [a] = instances as [(typeof instances)[0]];
    const statuses: number[] = [];
    let stopped = false;
    const worker = async () => {
      for (let i = 0; i < 60; i += 1) {
        const res = await fetch(`${viaNginx()}/api/listings?limit=5`).catch(() => null);
        statuses.push(res?.status ?? 0);
        await res?.arrayBuffer();
        if (statuses.length === 40 && !stopped) {
          stopped = true;
          a.process.kill('SIGTERM');
        }
      }
    };
    await Promise.all(Array.from({ length: 6 }, worker));
    expect(stopped).toBe(true);
    await new Promise((resolve) =>
      a.process.exitCode === null ? a.process.once('exit', resolve) : resolve(null),
    );
    expect(statuses).toHaveLength(360);
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
  });
});
