// Runs on PGlite only: the server processes here use the embedded database.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { withoutServerSettings } from '../src/config.ts';

const mainFile = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/main.ts');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marketplace-life-'));

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

interface Started {
  child: ChildProcess;
  port: number;
  output: () => string;
}

async function start(env: Record<string, string> = {}): Promise<Started> {
  const port = await freePort();
  let output = '';
  const child = spawn(process.execPath, [mainFile], {
    env: {
      ...withoutServerSettings(process.env),
      PORT: String(port),
      DATA_DIR: dataDir,
      SEED_DEMO: '0',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (c: Buffer) => {
    output += c.toString();
  });
  child.stderr?.on('data', (c: Buffer) => {
    output += c.toString();
  });
  return { child, port, output: () => output };
}

/**
 * Waits (`vi.waitFor`, up to 60 s) until the process answers `/api/health` with 200.
 * @throws at once when it exits first, else when it is not healthy in time; with its output
 */
async function waitHealthy(s: Started): Promise<void> {
  const exitedEarly = await vi
    .waitFor(
      async () => {
        if (s.child.exitCode !== null) return true;
        // Refused while the process is still starting.
        const res = await fetch(`http://127.0.0.1:${s.port}/api/health`);
        if (!res.ok) throw new Error(`/api/health answered ${res.status}`);
        return false;
      },
      { timeout: 60_000, interval: 200 },
    )
    .catch((error: unknown) => {
      throw new Error(`not healthy (${String(error)}):\n${s.output()}`);
    });
  if (exitedEarly) throw new Error(`exited early:\n${s.output()}`);
}

function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

afterAll(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
});

// Each test starts whole server processes (migrations on a fresh embedded database, up to 60 s
// until healthy): the default 30 s per test is too short on a busy 2-core machine.
describe('server process on the embedded database', { timeout: 180_000 }, () => {
  it('refuses a second server on the same DATA_DIR with one clear line', async () => {
    const first = await start();
    await waitHealthy(first);
    const second = await start();
    expect(await exited(second.child)).toBe(1);
    expect(second.output()).toContain(`DATA_DIR ${dataDir} wird bereits`);
    first.child.kill('SIGTERM');
    expect(await exited(first.child)).toBe(0);
    expect(first.output()).toContain('shutting down');
    expect(fs.existsSync(path.join(dataDir, 'server.pid'))).toBe(false);
  });

  it('starts again after being killed, with its data', async () => {
    const first = await start();
    await waitHealthy(first);
    first.child.kill('SIGKILL');
    await exited(first.child);
    const again = await start();
    await waitHealthy(again);
    const res = await fetch(`http://127.0.0.1:${again.port}/api/categories/all`);
    expect(((await res.json()) as { categories: unknown[] }).categories).toHaveLength(14);
    again.child.kill('SIGINT');
    expect(await exited(again.child)).toBe(0);
  });

  it('stops with one line naming a bad variable', async () => {
    const bad = await start({ PORT: 'achtzig' });
    expect(await exited(bad.child)).toBe(1);
    expect(bad.output().trim().split('\n')).toHaveLength(1);
    expect(bad.output()).toContain('PORT');
  });
});
