import fs from 'node:fs';
import path from 'node:path';

/** Thrown when another running process holds the data folder. */
export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes the data folder for this process by writing its PID to `<dataDir>/server.pid`
 * (created exclusively). The embedded database has no lock of its own, and two processes
 * writing one PGlite folder would corrupt it. A PID file left by a killed process is
 * recognised (no such process) and taken over, so a start after a crash recovers.
 * @returns a function that releases the lock (idempotent)
 * @throws DataDirLockedError naming the folder and the PID of the running server
 */
export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'server.pid');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, `${process.pid}\n`, { flag: 'wx' });
      let released = false;
      return () => {
        if (released) return;
        released = true;
        try {
          if (fs.readFileSync(file, 'utf8').trim() === String(process.pid)) fs.unlinkSync(file);
        } catch {
          // already gone
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number.parseInt(fs.readFileSync(file, 'utf8'), 10);
      if (Number.isInteger(holder) && holder !== process.pid && isAlive(holder)) {
        throw new DataDirLockedError(
          `DATA_DIR ${dataDir} wird bereits von einem anderen Serverprozess (PID ${holder}) benutzt; beende ihn oder wähle ein anderes DATA_DIR`,
        );
      }
      fs.rmSync(file, { force: true }); // stale: its process is gone
    }
  }
  throw new DataDirLockedError(`DATA_DIR ${dataDir} konnte nicht gesperrt werden`);
}
