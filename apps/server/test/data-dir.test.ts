import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from '../src/lib/data-dir-lock.ts';

const dirs: string[] = [];
function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'marketplace-dir-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('data folder lock', () => {
  it('refuses a second holder while the first runs, and frees on release', () => {
    const dir = tempDir();
    const release = lockDataDir(dir);
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    // Simulate another live server process holding the folder.
    release();
    try {
      fs.writeFileSync(path.join(dir, 'server.pid'), `${child.pid}\n`);
      expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
      expect(() => lockDataDir(dir)).toThrow(`PID ${child.pid}`);
    } finally {
      child.kill('SIGKILL');
    }
  });

  it('takes over the lock of a killed process', async () => {
    const dir = tempDir();
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    fs.writeFileSync(path.join(dir, 'server.pid'), `${child.pid}\n`);
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));
    const release = lockDataDir(dir);
    expect(fs.readFileSync(path.join(dir, 'server.pid'), 'utf8').trim()).toBe(String(process.pid));
    release();
    expect(fs.existsSync(path.join(dir, 'server.pid'))).toBe(false);
  });
});
