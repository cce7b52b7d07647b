import type { Database, SqlParam } from './database';
import type { PersonIdentity } from '#contract/identity';
import { COUNTED, couldBeThisPerson, personParams } from './sql-withdrawal-window';
import type { WindowUsageReader } from './window-usage-port';

type SumRow = { asset: string; total: string };

const bySums = (rows: readonly SumRow[]) =>
  Object.fromEntries(rows.map((row) => [row.asset, row.total]));

/** The rolling limits' window as it stands, counted as the gate counts it (COUNTED). */
export function createSqlWindowUsage(db: Database): WindowUsageReader {
  return {
    async sums(minutes, initiator?: PersonIdentity) {
      // A person is one person however a login spells them: the gate's own rule (issue 37).
      const params: SqlParam[] = [`${minutes} minutes`];
      if (initiator !== undefined) params.push(...personParams(initiator));
      const rows = await db.query<SumRow>(
        `SELECT w.asset, sum(w.quantity)::text AS total
           FROM withdrawal_window w LEFT JOIN withdrawals l ON l.ref_id = w.ref_id
          WHERE w.at > now() - $1::interval AND ${COUNTED}
                ${initiator !== undefined ? `AND ${couldBeThisPerson(2)}` : ''}
          GROUP BY w.asset`,
        params,
      );
      return bySums(rows);
    },

    async byDestination(minutes, limit) {
      const rows = await db.query<SumRow & { destination: string }>(
        `WITH recent AS (
           SELECT w.destination, max(w.at) AS last_at
             FROM withdrawal_window w LEFT JOIN withdrawals l ON l.ref_id = w.ref_id
            WHERE w.at > now() - $1::interval AND ${COUNTED}
            GROUP BY w.destination ORDER BY last_at DESC LIMIT $2)
         SELECT w.destination, w.asset, sum(w.quantity)::text AS total, max(r.last_at) AS last_at
           FROM withdrawal_window w JOIN recent r ON r.destination = w.destination
           LEFT JOIN withdrawals l ON l.ref_id = w.ref_id
          WHERE w.at > now() - $1::interval AND ${COUNTED}
          GROUP BY w.destination, w.asset
          ORDER BY max(r.last_at) DESC, w.destination, w.asset`,
        [`${minutes} minutes`, limit],
      );
      const grouped = new Map<string, SumRow[]>();
      for (const row of rows)
        grouped.set(row.destination, [...(grouped.get(row.destination) ?? []), row]);
      return [...grouped].map(([destination, sums]) => ({ destination, sums: bySums(sums) }));
    },
  };
}
