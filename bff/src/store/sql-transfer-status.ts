import type { Database } from './database';
import type { DueStatusCheck, TransferStatusStore } from './transfer-status-port';
import { isoTime } from './sql-time';

/** Statuses after which a transfer never changes again: no more reads. */
const FINAL = `('COMPLETED', 'FAILED')`;

const ms = (value: number) => `${Math.max(1, Math.ceil(value))} milliseconds`;

export function createSqlTransferStatusStore(db: Database): TransferStatusStore {
  return {
    async recordLiveTransfer(refId, transfer, nextCheckInMs) {
      // Only the transfer this record created (same id) is replaced; a final one is never
      // overwritten by an older read that arrived late.
      await db.query(
        `UPDATE withdrawals
            SET transfer = $2::jsonb, status_checked_at = now(),
                status_next_check_at = CASE WHEN $4::text IN ${FINAL} THEN NULL
                                            ELSE now() + $5::interval END
          WHERE ref_id = $1 AND status = 'created' AND transfer->>'id' = $3
            AND COALESCE(transfer->>'status', '') NOT IN ${FINAL}`,
        [refId, JSON.stringify(transfer), transfer.id, String(transfer.status), ms(nextCheckInMs)],
      );
    },

    async claimDueChecks({ limit, leaseMs, maxChecks, maxAgeMs }) {
      // One statement: SKIP LOCKED lets instances claim disjoint rows at the same moment; moving
      // status_next_check_at forward is the claim (a crashed reader's rows come due again).
      const rows = await db.query<{
        ref_id: string;
        transfer_id: string;
        status_checks: number;
        created_at: unknown;
      }>(
        `UPDATE withdrawals
            SET status_next_check_at = now() + $2::interval, status_checks = status_checks + 1
          WHERE seq IN (
            SELECT seq FROM withdrawals
             WHERE status = 'created' AND transfer IS NOT NULL
               AND COALESCE(transfer->>'status', '') NOT IN ${FINAL}
               AND COALESCE(status_next_check_at, updated_at) <= now()
               AND status_checks < $3
               AND created_at > now() - $4::interval
             ORDER BY COALESCE(status_next_check_at, updated_at)
             LIMIT $1
             FOR UPDATE SKIP LOCKED)
          RETURNING ref_id, transfer->>'id' AS transfer_id, status_checks, created_at`,
        [limit, ms(leaseMs), maxChecks, ms(maxAgeMs)],
      );
      return rows.map((row): DueStatusCheck => ({
        refId: row.ref_id,
        transferId: row.transfer_id,
        checks: row.status_checks,
        createdAt: isoTime(row.created_at),
      }));
    },
  };
}
