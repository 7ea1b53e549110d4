import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
}

const LOCK_FILE = 'fhp.lock';
/** Directories this process holds: a second open in the same process must fail too. */
const heldHere = new Set<string>();

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else; it is alive all the same.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readPid(path: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(path, 'utf8').trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * PGlite is one connection over files: two processes on one DATA_DIR corrupt it. Takes an
 * exclusive lock file holding our pid; a lock left by a dead process is taken over. Returns the
 * release function.
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, LOCK_FILE);
  const refuse = (pid: number) =>
    new DataDirLockedError(
      `DATA_DIR ${dataDir} is in use by another running server (pid ${pid}). ` +
        'Stop it, or set DATA_DIR to another folder (or DATABASE_URL to use PostgreSQL).',
    );
  if (heldHere.has(dataDir)) throw refuse(process.pid);

  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      // 'wx' fails when the file exists, so two racing processes cannot both win.
      const fd = openSync(path, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      heldHere.add(dataDir);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        heldHere.delete(dataDir);
        if (readPid(path) === process.pid) rmSync(path, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = readPid(path);
      if (owner !== undefined && owner !== process.pid && isAlive(owner)) throw refuse(owner);
      // Stale (dead owner, unreadable, or our own pid from a crashed earlier life): take it over.
      rmSync(path, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not take the lock on DATA_DIR ${dataDir}; another server may be starting.`);
}
