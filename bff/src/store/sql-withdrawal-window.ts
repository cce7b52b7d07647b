import type { Database, SqlParam } from './database';
import type { WindowEntry, WindowQuery, WindowUsage, WithdrawalWindow } from './ports';

// Any constant works; it only has to be the same in every BFF instance sharing a database.
const LIMITS_LOCK_KEY = 712_027;

/**
 * An entry whose ledger record is not written yet still counts this long: the submit that
 * decided it is writing it (a crash in between leaves it counted no longer than this).
 */
const UNRECORDED_GRACE = '10 minutes';

/** Sent or held: a record the service refused, or one never sent (rejected, expired), is not. */
const COUNTED = `(l.ref_id IS NULL AND w.at > now() - interval '${UNRECORDED_GRACE}'
  OR l.status NOT IN ('refused', 'not_sent'))`;

/** What one window already holds, per asset, this ref_id aside. */
async function usageOf(
  tx: Pick<Database, 'query'>,
  entry: WindowEntry,
  window: WindowQuery,
): Promise<WindowUsage> {
  const params: SqlParam[] = [`${window.minutes} minutes`, entry.refId];
  let scope = '';
  if (window.per === 'initiator') {
    params.push(entry.initiator);
    scope = 'AND w.initiator = $3';
  } else if (window.per === 'destination') {
    params.push(entry.destination);
    scope = 'AND w.destination = $3';
  }
  const rows = await tx.query<{ asset: string; total: string }>(
    `SELECT w.asset, sum(w.quantity)::text AS total
       FROM withdrawal_window w LEFT JOIN withdrawals l ON l.ref_id = w.ref_id
      WHERE w.at > now() - $1::interval AND w.ref_id <> $2 AND ${COUNTED} ${scope}
      GROUP BY w.asset`,
    params,
  );
  return { ...window, sums: Object.fromEntries(rows.map((row) => [row.asset, row.total])) };
}

export function createSqlWithdrawalWindow(db: Database): WithdrawalWindow {
  return {
    async recentAssets(minutes) {
      const rows = await db.query<{ asset: string }>(
        `SELECT DISTINCT asset FROM withdrawal_window WHERE at > now() - $1::interval`,
        [`${minutes} minutes`],
      );
      return rows.map((row) => row.asset);
    },

    async usage(entry, windows) {
      const usage: WindowUsage[] = [];
      for (const window of windows) usage.push(await usageOf(db, entry, window));
      return usage;
    },

    admit(entry, windows, decide) {
      return db.transaction(async (tx) => {
        // One lock for every limit (per initiator, per destination, the whole console): two
        // decisions never read the window at once, on any instance. It is held for two or
        // three short statements; prices are read before it is taken.
        await tx.query('SELECT pg_advisory_xact_lock($1)', [LIMITS_LOCK_KEY]);
        const usage: WindowUsage[] = [];
        for (const window of windows) usage.push(await usageOf(tx, entry, window));
        const decided = decide(usage);
        // Counted whatever was decided (sent or held). A replay keeps its first time; a try
        // again of one the service refused is a new send, counted from now.
        await tx.query(
          `INSERT INTO withdrawal_window (ref_id, initiator, destination, asset, quantity)
           VALUES ($1, $2, $3, $4, $5::numeric)
           ON CONFLICT (ref_id) DO UPDATE SET at = now()
             WHERE EXISTS (SELECT 1 FROM withdrawals
                            WHERE ref_id = $1 AND status IN ('refused', 'not_sent'))`,
          [entry.refId, entry.initiator, entry.destination, entry.asset, entry.quantity],
        );
        return decided;
      });
    },
  };
}
