// Live transfer status on the ledger records (sql-transfer-status.ts implements it).
import type { Transfer } from '#contract/withdrawals';

/** A created withdrawal whose transfer is due for a status read. */
export interface DueStatusCheck {
  refId: string;
  transferId: string;
  /** Reads claimed so far, this one included (drives the backoff). */
  checks: number;
  createdAt: string;
}

/** Live transfer status kept on the ledger records (companion read, transfer:read_transfer). */
export interface TransferStatusStore {
  /**
   * Keeps the transfer as just read on its created record (same transfer id), unless the record
   * already holds a final status. The next read is due in `nextCheckInMs` unless it is final.
   */
  recordLiveTransfer(refId: string, transfer: Transfer, nextCheckInMs: number): Promise<void>;
  /**
   * Claims up to `limit` created records whose transfer is not final and whose read is due, and
   * pushes their next read `leaseMs` ahead: on a shared database each is claimed by one instance.
   */
  claimDueChecks(options: {
    limit: number;
    leaseMs: number;
    maxChecks: number;
    maxAgeMs: number;
  }): Promise<DueStatusCheck[]>;
}
