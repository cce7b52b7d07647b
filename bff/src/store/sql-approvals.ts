import type { ListApprovalsQuery } from '#contract/approvals';
import type { Database } from './database';
import { INSTANCE_ID } from './instance-id';
import { selectKeysetPage } from './keyset-page';
import type { ApprovalStore } from './approval-port';
import { decideApproval } from './sql-approval-decision';
import { selectDestinationRecord } from './sql-destination-record';
import { holdAddress, holdWithdrawal } from './sql-approval-hold';
import { claimDueSends, recordSent, releaseSendClaims } from './sql-approval-sends';
import { selectSignatures } from './sql-approval-signatures';
import {
  closeRequest,
  loadDetails,
  recordEvent,
  REQUEST_COLUMNS,
  selectApproval,
  selectStates,
  SORT_KEY,
  type RequestRow,
} from './sql-approval-rows';
import { isoTime } from './sql-time';

// The approval store on SQL: requests held, listed, decided, sent and expired. What a hold
// records is in sql-approval-hold.ts, what a decision enforces in sql-approval-decision.ts.

/** `owner` names this instance in the leases it takes (claimed_by), as the ledger does. */
export function createSqlApprovalStore(db: Database, owner = INSTANCE_ID): ApprovalStore {
  return {
    holdWithdrawal: (intent, approval) => holdWithdrawal(db, intent, approval),

    holdAddress: (approval) => holdAddress(db, approval),

    get: (id) => selectApproval(db, id),

    states: (ids) => selectStates(db, ids),

    async list(query: ListApprovalsQuery) {
      const { rows, next_cursor } = await selectKeysetPage<RequestRow>(db, {
        select: `SELECT ${REQUEST_COLUMNS} FROM approval_requests`,
        key: SORT_KEY,
        positionOf: (row) => row.sort_key,
        limit: query.limit ?? 50,
        cursor: query.cursor,
        filter: (add) => {
          if (query.status !== undefined) add((p) => `status = ${p}`, query.status);
          if (query.kind !== undefined) add((p) => `kind = ${p}`, query.kind);
          if (query.initiator !== undefined)
            add((p) => `initiator_subject = ${p}`, query.initiator);
          if (query.target !== undefined) add((p) => `target = ${p}`, query.target);
          if (query.older_than_minutes !== undefined) {
            const minutes = `${query.older_than_minutes} minutes`;
            add((p) => `created_at <= now() - ${p}::interval`, minutes);
          }
        },
      });
      return {
        requests: (await loadDetails(db, rows)).map((s) => s.approval),
        ...(next_cursor ? { next_cursor } : {}),
      };
    },

    decide: (id, decision) => decideApproval(db, id, decision, owner),

    signatures: (id) => selectSignatures(db, id),

    recordSent: (id, outcome, detail) => recordSent(db, id, outcome, detail),

    claimDueSends: (options) => claimDueSends(db, options, owner),

    releaseSendClaims: () => releaseSendClaims(db),

    async expireDue() {
      const ids = await db.transaction(async (tx) => {
        // SKIP LOCKED: a request being decided right now is that decision's to settle.
        const rows = await tx.query<RequestRow>(
          `SELECT ${REQUEST_COLUMNS} FROM approval_requests
            WHERE status = 'pending' AND expires_at <= now()
            ORDER BY seq LIMIT 200 FOR UPDATE SKIP LOCKED`,
        );
        for (const row of rows) {
          await closeRequest(tx, row, 'expired');
          await recordEvent(tx, row.id, 'expired');
        }
        return rows.map((r) => r.id);
      });
      if (ids.length === 0) return [];
      const rows = await db.query<RequestRow>(
        `SELECT ${REQUEST_COLUMNS} FROM approval_requests WHERE id = ANY($1) ORDER BY seq`,
        [ids],
      );
      return loadDetails(db, rows);
    },

    destinationHold: (network, canonicalAddress) =>
      selectDestinationRecord(db, network, canonicalAddress),

    async startCoolingOff(key, minutes) {
      const rows = await db.query<{ receivable_from: unknown }>(
        `UPDATE address_book SET receivable_from = now() + $2::interval WHERE key = $1
         RETURNING receivable_from`,
        [key, `${minutes} minutes`],
      );
      return rows[0] ? isoTime(rows[0].receivable_from) : undefined;
    },
  };
}
