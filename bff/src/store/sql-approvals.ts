import type { ListApprovalsQuery } from '#contract/approvals';
import type { Database } from './database';
import { INSTANCE_ID } from './instance-id';
import { selectKeysetPage } from './keyset-page';
import { likeStartingWith } from './like-pattern';
import type { ApprovalStore } from './ports';
import { decideApproval } from './sql-approval-decision';
import { holdAddress, holdWithdrawal } from './sql-approval-hold';
import {
  closeRequest,
  loadDetails,
  recordEvent,
  REQUEST_COLUMNS,
  selectApproval,
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

    async recordSent(id, outcome, detail) {
      await db.transaction(async (tx) => {
        await tx.query(`UPDATE approval_requests SET outcome = $2 WHERE id = $1`, [id, outcome]);
        await recordEvent(tx, id, 'sent', { detail: detail.slice(0, 500) });
      });
    },

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

    async destinationHold(network, canonicalAddress) {
      const destination = `${network}:${canonicalAddress}`;
      // One round trip on every submit: a pending change of this address (any identity), and
      // the latest cooling-off of its address book entries.
      const rows = await db.query<{ approval_id: string | null; receivable_from: unknown }>(
        `SELECT
           (SELECT id FROM approval_requests
             WHERE destination = $1 AND status = 'pending' AND expires_at > now()
             ORDER BY seq LIMIT 1) AS approval_id,
           (SELECT max(receivable_from) FROM address_book
             WHERE key LIKE $2 AND receivable_from > now()) AS receivable_from`,
        [destination, likeStartingWith(`${destination}:`)],
      );
      const row = rows[0];
      return {
        ...(row?.approval_id ? { approvalId: row.approval_id } : {}),
        ...(row?.receivable_from !== null && row?.receivable_from !== undefined
          ? { receivableFrom: isoTime(row.receivable_from) }
          : {}),
      };
    },

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
