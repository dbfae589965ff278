import { type ChildProcess, execFile, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Redis } from 'ioredis';
import pg from 'pg';
import { vi } from 'vitest';

/**
 * A PostgreSQL cluster and a Redis server of a test's own, on free ports in a temporary folder,
 * so that the test can stop and restart them without touching the machine's shared servers.
 * Uses Debian's binaries (/usr/lib/postgresql/<version>/bin, redis-server on PATH); a missing
 * binary fails the test with a clear line (CI installs them in `.ci/run`).
 */

/** How long a server may take to come up or go down on a busy machine (ms). */
const SERVICE_WAIT_MS = 60_000;

/** Answers a port of 127.0.0.1 that nobody listens on right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/**
 * Polls `check` (`vi.waitFor`, every 100 ms) until it answers true. An error thrown by `check`
 * (a process that exited, a failed assertion) ends the wait at once and is thrown.
 * @throws naming `what` when it does not within `timeoutMs`
 */
export async function waitUntil(
  what: string,
  check: () => Promise<boolean> | boolean,
  timeoutMs = SERVICE_WAIT_MS,
): Promise<void> {
  let failure: { error: unknown } | undefined;
  await vi.waitFor(
    async () => {
      let holds: boolean;
      try {
        holds = await check();
      } catch (error) {
        failure = { error };
        return; // stops the waiting; thrown below
      }
      if (!holds) throw new Error(`not within ${timeoutMs} ms`);
    },
    { timeout: timeoutMs, interval: 100, message: what },
  );
  if (failure) throw failure.error;
}

/** The newest PostgreSQL server binaries Debian installed. */
function postgresBinDir(): string {
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root)
    ? fs
        .readdirSync(root)
        .filter((name) => fs.existsSync(path.join(root, name, 'bin', 'pg_ctl')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions.length === 0) {
    throw new Error(`no PostgreSQL server binaries under ${root}/*/bin: install Debian's postgresql package`);
  }
  return path.join(root, versions[0] as string, 'bin');
}

const run = promisify(execFile);

/**
 * Runs a PostgreSQL tool as the `postgres` OS user when we are root (initdb refuses root),
 * without blocking the test's event loop (the servers under test keep serving meanwhile).
 */
async function asPostgres(tool: string, args: string[]): Promise<void> {
  const [command, commandArgs] =
    process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', tool, ...args]] : [tool, args];
  try {
    await run(command, commandArgs, { timeout: SERVICE_WAIT_MS });
  } catch (error) {
    const { stderr, stdout } = error as { stderr?: string; stdout?: string };
    throw new Error(
      `${path.basename(tool)} ${args.join(' ')} failed: ${String(error)}\n${stdout ?? ''}${stderr ?? ''}`,
    );
  }
}

export interface OwnPostgres {
  /** `postgres://postgres@127.0.0.1:<port>/postgres` */
  url: string;
  /** `pg_ctl restart -m fast`: ends every connection, comes back on the same port. */
  restart(): Promise<void>;
  /** `pg_ctl stop -m fast`. */
  stop(): Promise<void>;
  /** `pg_ctl start` (waits until it accepts connections). */
  start(): Promise<void>;
  /** Stops the cluster and removes its folder. */
  destroy(): Promise<void>;
}

/** Creates and starts a PostgreSQL cluster in a temporary folder owned by `postgres`. */
export async function startOwnPostgres(): Promise<OwnPostgres> {
  const bin = postgresBinDir();
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'marketplace-pg-'));
  const dataDir = path.join(dir, 'data');
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    fs.chownSync(dir, uid, gid);
  }
  await asPostgres(path.join(bin, 'initdb'), [
    '-D',
    dataDir,
    '-U',
    'postgres',
    '-A',
    'trust',
    '--no-sync',
    '-E',
    'UTF8',
  ]);
  const pgCtl = path.join(bin, 'pg_ctl');
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -k ${dir}`;
  const log = path.join(dir, 'server.log');
  const start = () => asPostgres(pgCtl, ['-D', dataDir, '-l', log, '-o', options, '-w', '-t', '60', 'start']);
  await start();
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  await waitUntil('own PostgreSQL accepts connections', async () => {
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.query('select 1');
      return true;
    } catch {
      return false;
    } finally {
      await client.end().catch(() => {});
    }
  });
  let stopped = false;
  return {
    url,
    restart: () =>
      asPostgres(pgCtl, ['-D', dataDir, '-l', log, '-o', options, '-m', 'fast', '-w', '-t', '60', 'restart']),
    stop: () => asPostgres(pgCtl, ['-D', dataDir, '-m', 'fast', '-w', '-t', '60', 'stop']),
    start,
    async destroy() {
      if (stopped) return;
      stopped = true;
      try {
        await asPostgres(pgCtl, ['-D', dataDir, '-m', 'immediate', '-w', '-t', '60', 'stop']);
      } catch {
        // already stopped
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface OwnRedis {
  /** `redis://127.0.0.1:<port>` */
  url: string;
  /** Ends the server (SIGTERM) and waits until it has exited. */
  stop(): Promise<void>;
  /** Starts it again on the same port and waits until it answers PING. */
  start(): Promise<void>;
  destroy(): Promise<void>;
}

/** Starts `redis-server --port <free> --save ''` (nothing written to disk). */
export async function startOwnRedis(): Promise<OwnRedis> {
  const port = await freePort();
  const url = `redis://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;
  const answers = async () => {
    const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    client.on('error', () => {});
    try {
      await client.connect();
      return (await client.ping()) === 'PONG';
    } catch {
      return false;
    } finally {
      client.disconnect();
    }
  };
  const start = async () => {
    const started = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      {
        stdio: 'ignore',
      },
    );
    const failed = new Promise<never>((_, reject) => {
      started.once('error', (error) =>
        reject(
          new Error(`redis-server could not be started (${error.message}): install Debian's redis-server`),
        ),
      );
    });
    child = started;
    await Promise.race([waitUntil('own Redis answers PING', answers), failed]);
  };
  const stop = async () => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGTERM');
    await exited;
  };
  await start();
  return { url, start, stop, destroy: stop };
}
