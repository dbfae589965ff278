import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { withoutServerSettings } from '../../../server/src/config.ts';

/** The repository's root folder. */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/**
 * How long the server may take to answer /api/health after its start (ms): a start with demo
 * data (400 ads with photos, stories, events, news) on a busy 2-core machine takes over a minute.
 */
export const SERVER_START_MS = 150_000;

/** A running server process on a fresh DATA_DIR. */
export interface RunningServer {
  /** Where it listens, e.g. `http://127.0.0.1:40123` (no trailing slash). */
  baseUrl: string;
  /** Its DATA_DIR: database, media and the dev outbox of `.eml` files. */
  dataDir: string;
  /** Everything the process printed so far, for assertions and failure reports. */
  output(): string;
  /** Ends the process (SIGTERM) and resolves once it has exited; nothing when it has already. */
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
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
 * Starts `apps/server/src/main.ts` with Node's own type stripping, as `npm start` does (without
 * the build step: the tests' command builds first), on a free port and a fresh DATA_DIR (or
 * `env.DATA_DIR`), with `SEED_DEMO=0` unless `env` says otherwise, and resolves once /api/health
 * answers 200. Throws with the process's output when it exits first or does not answer within
 * {@link SERVER_START_MS}.
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = env.DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'marketplace-e2e-'));
  let log = '';
  const child: ChildProcess = spawn(process.execPath, [path.join(repoRoot, 'apps/server/src/main.ts')], {
    cwd: path.join(repoRoot, 'apps/server'),
    env: {
      ...withoutServerSettings(process.env),
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => {
    log += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    log += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + SERVER_START_MS;
  // The process gives no signal of its own when it is ready: ask /api/health until it answers.
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${log}`);
    const healthy = await fetch(`${baseUrl}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (healthy) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not answer within ${SERVER_START_MS / 1000} s:\n${log}`);
    }
    await Promise.race([sleep(250), exited]);
  }
  return {
    baseUrl,
    dataDir,
    output: () => log,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      await exited;
    },
  };
}
