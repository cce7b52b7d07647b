import type { ConsoleRecord, LedgerSide } from '#contract/activity';
import type { ElsewhereAlert } from '#contract/elsewhere-alerts';
import type { Transfer } from '#contract/withdrawals';

/** A ledger record as reconciliation sees it: the console's side, and how to match it. */
export interface LedgerMatch extends ConsoleRecord {
  transfer_id?: string;
  /** The transfer status the ledger last recorded (its refresher keeps it current). */
  transfer_status?: string;
}

/** Reads of the withdrawal ledger for Activity and reconciliation. */
export interface ActivityLedger {
  /** The ledger records that match these ref_ids or transfer ids (one query per call). */
  findConsoleRecords(
    refIds: readonly string[],
    transferIds: readonly string[],
  ): Promise<LedgerMatch[]>;
  /**
   * The ledger records submitted in [from, to] that say (or may say) a transfer exists: created,
   * unknown or submitting. Keyset paged by `afterSeq`, oldest first.
   */
  ledgerInWindow(
    from: string,
    to: string,
    afterSeq: number,
    limit: number,
  ): Promise<Array<LedgerSide & { seq: number }>>;
}

/** Where the watcher is in the service's list, and whether this instance may read now. */
export interface WatchPosition {
  createdAt?: string;
  /** Ids read at exactly `createdAt`: skipped when the next round asks from that instant again. */
  ids: string[];
}

/** The elsewhere watcher's state, shared by every instance on the same database. */
export interface ElsewhereWatchStore {
  /** The lease for one round (this instance's, or none while another holds it) and the position. */
  claimRound(holder: string, leaseMs: number): Promise<WatchPosition | undefined>;
  /** Moves the position on (only while `holder` holds the lease) and records the round's end. */
  advance(holder: string, position: WatchPosition): Promise<boolean>;
  release(holder: string): Promise<void>;
  /** Records a withdrawal made elsewhere; true when this call added it (once per transfer). */
  addAlert(transfer: Transfer): Promise<boolean>;
  /** Alerts not yet announced (or whose announcement was interrupted), claimed for `leaseMs`. */
  claimUnannounced(leaseMs: number, limit: number): Promise<Transfer[]>;
  markAnnounced(transferId: string): Promise<void>;
  listAlerts(
    limit: number,
  ): Promise<{ unacknowledged: number; items: ElsewhereAlert[]; watched_until?: string }>;
  acknowledge(transferId: string, by: { subject: string; name: string }): Promise<boolean>;
}
