import type { Database } from './database';
import { destinationSearchKey } from './ledger-search';
import type { HoldWithdrawalResult, NewApproval, StoredApproval } from './approval-port';
import type { WithdrawalIntent } from './withdrawal-ledger-port';
import { insertRequest, loadDetails, REQUEST_COLUMNS, type RequestRow } from './sql-approval-rows';
import { RECORD_COLUMNS, toRecord, type WithdrawalRow } from './sql-withdrawal-rows';

// Holding a request for approval: what is recorded, in one transaction, when four eyes says a
// withdrawal or an address change must wait.

/**
 * A withdrawal held for approval: its record (awaiting_approval) and its request, in one
 * transaction; or the record a concurrent request of the same ref_id made.
 */
export function holdWithdrawal(
  db: Database,
  intent: WithdrawalIntent,
  approval: NewApproval,
): Promise<HoldWithdrawalResult> {
  return db.transaction(async (tx): Promise<HoldWithdrawalResult> => {
    // ON CONFLICT DO NOTHING waits for a concurrent insert of the same ref_id to commit:
    // exactly one request (in any instance) records the intent and its request for approval.
    const inserted = await tx.query<{ ref_id: string }>(
      `INSERT INTO withdrawals (ref_id, status, operator_subject, operator_name, request_hash,
         request, crypto_network, current_attempt, approval_id, destination_search)
       VALUES ($1, 'awaiting_approval', $2, $3, $4, $5::jsonb, $6, 0, $7, $8)
       ON CONFLICT (ref_id) DO NOTHING
       RETURNING ref_id`,
      [
        intent.refId,
        intent.operator.subject,
        intent.operator.name,
        intent.requestHash,
        JSON.stringify(intent.request),
        typeof intent.request.crypto_network === 'string' ? intent.request.crypto_network : null,
        approval.id,
        destinationSearchKey(intent.request.crypto_network, intent.request.destination_address),
      ],
    );
    if (inserted.length === 0) {
      const rows = await tx.query<WithdrawalRow>(
        `SELECT ${RECORD_COLUMNS} FROM withdrawals WHERE ref_id = $1`,
        [intent.refId],
      );
      if (!rows[0]) throw new Error(`withdrawal ${intent.refId} vanished`);
      return { inserted: false as const, record: toRecord(rows[0]) };
    }
    const row = await insertRequest(tx, approval);
    if (!row) throw new Error(`approval ${approval.id} was not recorded`);
    return { inserted: true as const, approval: (await loadDetails(tx, [row]))[0]! };
  });
}

/** An address change held for approval; or the one already pending for that address. */
export function holdAddress(
  db: Database,
  approval: NewApproval,
): Promise<{ inserted: boolean; approval: StoredApproval }> {
  return db.transaction(async (tx) => {
    const row = await insertRequest(tx, approval);
    if (row) return { inserted: true, approval: (await loadDetails(tx, [row]))[0]! };
    const pending = await tx.query<RequestRow>(
      `SELECT ${REQUEST_COLUMNS} FROM approval_requests
        WHERE target = $1 AND kind = 'address' AND status = 'pending'`,
      [approval.target],
    );
    if (!pending[0]) throw new Error(`approval for ${approval.target} vanished`);
    return { inserted: false, approval: (await loadDetails(tx, pending))[0]! };
  });
}
