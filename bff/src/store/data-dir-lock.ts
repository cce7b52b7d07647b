import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { INSTANCE } from './instance-id';

/** The lock file, inside the data directory (so it travels with a mounted volume). */
export const LOCK_FILE = 'bff.lock';

interface LockOwner {
  pid: number;
  host: string;
  started_at: string;
}

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly owner: LockOwner | undefined,
  ) {
    const who = owner
      ? `process ${owner.pid} on host ${owner.host} (started ${owner.started_at})`
      : 'another process (its lock file cannot be read)';
    super(
      `DATA_DIR ${dataDir} is in use by ${who}. One process per embedded data directory: stop ` +
        `that process, give this one another DATA_DIR, or set DATABASE_URL (PostgreSQL) to run ` +
        `several instances. If that process is gone, delete ${join(dataDir, LOCK_FILE)}.`,
    );
    this.name = 'DataDirLockedError';
  }
}

interface DataDirLock {
  /** Removes the lock file, if it is still ours. */
  release(): void;
}

function readText(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

function parseOwner(text: string | undefined): LockOwner | undefined {
  try {
    const owner = JSON.parse(text ?? '') as Partial<LockOwner>;
    if (typeof owner.pid === 'number' && typeof owner.host === 'string')
      return { pid: owner.pid, host: owner.host, started_at: String(owner.started_at ?? '?') };
  } catch {
    // Unreadable or half-written: treated as held (never take a lock we cannot judge).
  }
  return undefined;
}

/** The lock files this process holds (a second open in the same process is refused too). */
const held = new Set<string>();

/** A lock is stale when its process is provably gone: same host, and that pid is not running. */
function isStale(owner: LockOwner, path: string): boolean {
  if (owner.host !== INSTANCE.host) return false;
  // Our own pid in a lock we do not hold: a previous run (a container's pid 1 restarted).
  if (owner.pid === process.pid) return !held.has(path);
  try {
    process.kill(owner.pid, 0);
    return false;
  } catch (error) {
    // EPERM: it runs, as another user. ESRCH: no such process.
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/**
 * Takes the data directory for this process: an exclusive lock file with our pid, host and start
 * time, created atomically (O_EXCL). A live holder is a DataDirLockedError naming it; a stale lock
 * (its process is gone, e.g. after kill -9) is replaced. Two processes on one PGlite directory
 * would each keep their own copy of the ledger and diverge.
 */
export function lockDataDir(dataDir: string): DataDirLock {
  const path = join(dataDir, LOCK_FILE);
  const content = JSON.stringify({
    pid: INSTANCE.pid,
    host: INSTANCE.host,
    started_at: INSTANCE.startedAt,
  });
  for (let tries = 0; ; tries++) {
    try {
      const fd = openSync(path, 'wx', 0o600);
      try {
        writeSync(fd, content);
      } finally {
        closeSync(fd);
      }
      held.add(path);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const text = readText(path);
      const owner = parseOwner(text);
      if (tries > 0 || !owner || !isStale(owner, path))
        throw new DataDirLockedError(dataDir, owner);
      // The holder is gone: remove its lock (only if it is still that one: a racing starter may
      // have replaced it already) and try once more; a starter that won the race is reported.
      try {
        if (readText(path) === text) unlinkSync(path);
      } catch {
        // Already removed by a racing starter.
      }
    }
  }
  return {
    release() {
      held.delete(path);
      try {
        if (readFileSync(path, 'utf8') === content) unlinkSync(path);
      } catch {
        // Already gone.
      }
    },
  };
}
