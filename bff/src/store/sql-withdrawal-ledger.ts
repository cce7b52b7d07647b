import type { ListWithdrawalsQuery } from '#contract/withdrawal-ledger';
import type { Database } from './database';
import { selectKeysetPage } from './keyset-page';
import type { RecordIntentResult, WithdrawalLedger } from './withdrawal-ledger-port';
import { INSTANCE_ID } from './instance-id';
import { destinationSearchKey } from './ledger-search';
import { ledgerFilters } from './sql-ledger-filters';
import {
  claimAttempt,
  markInterruptedAsUnknown,
  recordAttemptOutcome,
} from './sql-withdrawal-attempts';
import {
  leaseInterval,
  RECORD_COLUMNS,
  selectRecord,
  toAttempt,
  toRecord,
  type AttemptRow,
  type WithdrawalRow,
} from './sql-withdrawal-rows';

/** `owner` names this instance in the leases it takes (claimed_by). */
/** A record by its ref_id, and the ledger's pages. */
function sqlLedgerReads(
  db: Database,
): Pick<WithdrawalLedger, 'get' | 'list' | 'markInterruptedAsUnknown'> {
  return {
    async get(refId) {
      const rows = await db.query<WithdrawalRow & { lapsed: boolean }>(
        `SELECT ${RECORD_COLUMNS}, (status = 'submitting' AND claimed_until < now()) AS lapsed
           FROM withdrawals WHERE ref_id = $1`,
        [refId],
      );
      const row = rows[0];
      if (!row) return undefined;
      const attempts = (
        await db.query<AttemptRow>(
          `SELECT number, started_at, finished_at, result, upstream_status, detail, request_id
             FROM withdrawal_attempts WHERE ref_id = $1 ORDER BY number`,
          [refId],
        )
      ).map(toAttempt);
      // The attempt of a lapsed lease reads as the record does: its outcome was never recorded.
      const last = attempts[attempts.length - 1];
      if (row.lapsed && last && last.result === undefined) {
        last.result = 'unknown';
        last.detail = 'interrupted: no outcome was recorded';
      }
      return { ...toRecord(row), attempts };
    },

    async list(query: ListWithdrawalsQuery) {
      const { rows, next_cursor } = await selectKeysetPage<WithdrawalRow>(db, {
        select: `SELECT ${RECORD_COLUMNS} FROM withdrawals`,
        key: 'withdrawals.seq',
        positionOf: (row) => row.seq,
        limit: query.limit ?? 50,
        cursor: query.cursor,
        // A date range is read newest first by time (index (created_at, seq), migration 018).
        ...(query.from !== undefined || query.to !== undefined
          ? { byTime: { time: 'created_at', table: 'withdrawals' } }
          : {}),
        filter: (add) => ledgerFilters(query, add),
      });
      return { withdrawals: rows.map(toRecord), ...(next_cursor ? { next_cursor } : {}) };
    },

    markInterruptedAsUnknown: (options) => markInterruptedAsUnknown(db, options),
  };
}

export function createSqlWithdrawalLedger(db: Database, owner = INSTANCE_ID): WithdrawalLedger {
  return {
    async recordIntent(intent, claim): Promise<RecordIntentResult> {
      // One statement (one round trip, one commit): the record and its attempt 1 together.
      // ON CONFLICT DO NOTHING waits for a concurrent insert of the same ref_id to commit and
      // then writes nothing: exactly one request (in any instance) creates the record.
      const rows = await db.query<WithdrawalRow>(
        `WITH inserted AS (
           INSERT INTO withdrawals (ref_id, status, operator_subject, operator_name, request_hash,
             request, crypto_network, current_attempt, claimed_until, claimed_by, sent_request,
             destination_search)
           VALUES ($1, 'submitting', $2, $3, $4, $5::jsonb, $6, 1, now() + $7::interval, $9,
             $10::jsonb, $11)
           ON CONFLICT (ref_id) DO NOTHING
           RETURNING *
         ), attempt AS (
           INSERT INTO withdrawal_attempts (ref_id, number, request_id)
           SELECT ref_id, 1, $8 FROM inserted
         )
         SELECT ${RECORD_COLUMNS} FROM inserted`,
        [
          intent.refId,
          intent.operator.subject,
          intent.operator.name,
          intent.requestHash,
          JSON.stringify(intent.request),
          typeof intent.request.crypto_network === 'string' ? intent.request.crypto_network : null,
          leaseInterval(claim),
          claim.requestId,
          owner,
          intent.sentRequest ? JSON.stringify(intent.sentRequest) : null,
          destinationSearchKey(intent.request.crypto_network, intent.request.destination_address),
        ],
      );
      if (rows[0]) return { inserted: true, record: toRecord(rows[0]), attempt: 1 };
      const existing = await selectRecord(db, intent.refId);
      if (!existing) throw new Error(`withdrawal ${intent.refId} vanished`);
      return { inserted: false, record: existing };
    },

    claim: (refId, claim) => claimAttempt(db, refId, claim, owner),

    recordOutcome: (refId, attempt, outcome, upstreamStatus) =>
      recordAttemptOutcome(db, refId, attempt, outcome, upstreamStatus),

    ...sqlLedgerReads(db),
  };
}
