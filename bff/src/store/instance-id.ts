import { hostname } from 'node:os';

/**
 * This process, as it names itself in the ledger's leases and in a data directory's lock file:
 * host, pid and start time (a pid alone is reused, across restarts and in containers).
 */
export const INSTANCE = {
  host: hostname(),
  pid: process.pid,
  startedAt: new Date().toISOString(),
} as const;

export const INSTANCE_ID = `${INSTANCE.host}:${INSTANCE.pid}:${INSTANCE.startedAt}`;
