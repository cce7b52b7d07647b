import {
  foldedPerson,
  personIdentifiers,
  personKey,
  type PersonIdentity,
} from '#contract/identity';
import type { Database, SqlParam } from './database';
import type {
  WindowEntry,
  WindowQuery,
  WindowUsage,
  WithdrawalWindow,
} from './withdrawal-window-port';

// Any constant works; it only has to be the same in every BFF instance sharing a database.
const LIMITS_LOCK_KEY = 712_027;

/**
 * An entry whose ledger record is not written yet still counts this long: the submit that
 * decided it is writing it (a crash in between leaves it counted no longer than this).
 */
const UNRECORDED_GRACE = '10 minutes';

/**
 * Sent or held: a record the service refused, or one never sent (rejected, expired), is not.
 * The Policy page's read of the windows (sql-window-usage.ts) counts the same.
 */
export const COUNTED = `(l.ref_id IS NULL AND w.at > now() - interval '${UNRECORDED_GRACE}'
  OR l.status NOT IN ('refused', 'not_sent'))`;

/**
 * The entry could be the person of $3 (their folded identifiers), $4 (they carry a user id) and
 * $5 (an e-mail): contract/identity.ts couldBeSamePerson in SQL. Sharing an identifier (one
 * namespace), or two logins that cannot be compared (one with a user id only, the other with an
 * e-mail only). So a login with and one without the e-mail, or an e-mail-only one, count as one.
 * An entry written by an instance of the previous version (during a rolling restart) has neither
 * column: it counts for its person key, as it did there.
 */
const COULD_BE_THIS_PERSON = `(CASE
  WHEN w.initiator_user_id IS NULL AND w.initiator_email IS NULL THEN w.initiator = ANY($3)
  ELSE w.initiator_user_id = ANY($3) OR w.initiator_email = ANY($3)
    OR NOT ((w.initiator_user_id IS NOT NULL AND $4::boolean)
         OR (w.initiator_email IS NOT NULL AND $5::boolean))
  END)`;

/** COULD_BE_THIS_PERSON with its three parameters from $first on (another query's numbering). */
export function couldBeThisPerson(first: number): string {
  return COULD_BE_THIS_PERSON.replaceAll('$3', `$${first}`)
    .replaceAll('$4', `$${first + 1}`)
    .replaceAll('$5', `$${first + 2}`);
}

/** The three parameters of COULD_BE_THIS_PERSON for a person, in order. */
export function personParams(person: PersonIdentity): SqlParam[] {
  const folded = foldedPerson(person);
  return [personIdentifiers(person), folded.userId !== undefined, folded.email !== undefined];
}

/** What one window already holds, per asset, this ref_id aside. */
async function usageOf(
  tx: Pick<Database, 'query'>,
  entry: WindowEntry,
  window: WindowQuery,
): Promise<WindowUsage> {
  const params: SqlParam[] = [`${window.minutes} minutes`, entry.refId];
  let scope = '';
  if (window.per === 'initiator') {
    params.push(...personParams(entry.initiator));
    scope = `AND ${COULD_BE_THIS_PERSON}`;
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
        const person = foldedPerson(entry.initiator);
        await tx.query(
          `INSERT INTO withdrawal_window (ref_id, initiator, initiator_user_id, initiator_email,
             destination, asset, quantity)
           VALUES ($1, $2, $3, $4, $5, $6, $7::numeric)
           ON CONFLICT (ref_id) DO UPDATE SET at = now()
             WHERE EXISTS (SELECT 1 FROM withdrawals
                            WHERE ref_id = $1 AND status IN ('refused', 'not_sent'))`,
          [
            entry.refId,
            personKey(entry.initiator),
            person.userId ?? null,
            person.email ?? null,
            entry.destination,
            entry.asset,
            entry.quantity,
          ],
        );
        return decided;
      });
    },
  };
}
