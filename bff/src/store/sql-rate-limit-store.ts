import type { Options, Store as RateLimitStore } from 'express-rate-limit';
import type { Database } from './database';
import { isoTime } from './sql-time';

interface HitsRow {
  hits: number;
  reset_at: unknown;
}

/** Expired windows are deleted once every this many increments (cheap: an indexed range). */
const SWEEP_EVERY = 500;

/**
 * express-rate-limit's store on the ledger's database (table rate_limit_hits): a fixed window per
 * key, counted by one atomic upsert, so every instance sharing the database counts the same hits.
 * The database's clock decides the window (instances' clocks may differ).
 */
export function createSqlRateLimitStore(db: Database, prefix = 'write:'): RateLimitStore {
  let windowMs = 60_000;
  let increments = 0;
  const interval = () => `${windowMs} milliseconds`;

  const sweep = () =>
    db.query(`DELETE FROM rate_limit_hits WHERE reset_at < now()`).catch(() => {
      // Best effort: the next sweep (or a reset window) takes care of it.
    });

  return {
    prefix,
    localKeys: false,
    init(options: Options) {
      windowMs = options.windowMs;
    },
    async increment(key) {
      if (++increments % SWEEP_EVERY === 0) void sweep();
      const rows = await db.query<HitsRow>(
        `INSERT INTO rate_limit_hits AS r (key, hits, reset_at)
         VALUES ($1, 1, now() + $2::interval)
         ON CONFLICT (key) DO UPDATE SET
           hits = CASE WHEN r.reset_at <= now() THEN 1 ELSE r.hits + 1 END,
           reset_at = CASE WHEN r.reset_at <= now() THEN now() + $2::interval ELSE r.reset_at END
         RETURNING hits, reset_at`,
        [prefix + key, interval()],
      );
      const row = rows[0]!;
      return { totalHits: row.hits, resetTime: new Date(isoTime(row.reset_at)) };
    },
    async get(key) {
      const rows = await db.query<HitsRow>(
        `SELECT hits, reset_at FROM rate_limit_hits WHERE key = $1 AND reset_at > now()`,
        [prefix + key],
      );
      const row = rows[0];
      return row ? { totalHits: row.hits, resetTime: new Date(isoTime(row.reset_at)) } : undefined;
    },
    async decrement(key) {
      await db.query(
        `UPDATE rate_limit_hits SET hits = hits - 1 WHERE key = $1 AND hits > 0 AND reset_at > now()`,
        [prefix + key],
      );
    },
    async resetKey(key) {
      await db.query(`DELETE FROM rate_limit_hits WHERE key = $1`, [prefix + key]);
    },
  };
}
