// Batch withdrawals as the features see them (sql-withdrawal-batches.ts implements it).
import type {
  ListWithdrawalBatchesQuery,
  ListWithdrawalBatchesResponse,
} from '#contract/withdrawal-batches';
import type { NewApproval } from './approval-port';

/** Who uploaded a batch: its rows are submitted as theirs, by the BFF's sender. */
export interface BatchOperator {
  subject: string;
  name: string;
  email?: string;
  roles: string[];
}

/** One row of a batch as stored (contract/withdrawal-batches.ts BatchRow, with its lease). */
export interface StoredBatchRow {
  row: number;
  line: number;
  refId: string;
  state: string;
  /** The request; an invalid row's as the file spelled it (its state keeps it from being sent). */
  request?: Record<string, unknown>;
  errors: Array<{ line: number; column?: string; message: string }>;
  transferId?: string;
  reason?: string;
  approvalId?: string;
}

export interface StoredBatch {
  id: string;
  status: string;
  createdAt: string;
  operator: BatchOperator;
  fileErrors: Array<{ line: number; column?: string; message: string }>;
  approvalId?: string;
  batchHash?: string;
  requirement?: { approvals: number; reason: string };
  requestId?: string;
}

/** What a sender took: the row, and the batch's operator and approval it is sent under. */
export interface ClaimedBatchRow extends StoredBatchRow {
  batchId: string;
  operator: BatchOperator;
  batchApprovalId?: string;
  batchHash?: string;
  requestId?: string;
}

/** What came of sending one row (created, refused, unknown, held by the policy on its own). */
export interface BatchRowOutcome {
  state: 'created' | 'refused' | 'unknown' | 'held';
  transferId?: string;
  reason?: string;
  approvalId?: string;
}

/** Batch withdrawals (issue 28): the file's rows and their state, claimed with a lease. */
export interface WithdrawalBatchStore {
  /** The batch and its rows, unless a batch of this id exists (the same file): then nothing. */
  create(batch: StoredBatch, rows: StoredBatchRow[]): Promise<{ inserted: boolean }>;
  get(id: string): Promise<{ batch: StoredBatch; rows: StoredBatchRow[] } | undefined>;
  /** The batches newest first, a page at a time, each with its rows tallied (no rows themselves). */
  list(query: ListWithdrawalBatchesQuery): Promise<ListWithdrawalBatchesResponse>;
  /** A row of a draft dropped (it will not be sent); false when the batch is no longer a draft. */
  dropRow(id: string, row: number): Promise<boolean>;
  /**
   * Submits a draft, in one transaction: with an approval, the batch awaits it and its request
   * for approval is written; without, the batch is sending. False when it was no draft.
   */
  submit(
    id: string,
    fields: { batchHash: string; requirement?: { approvals: number; reason: string } },
    approval?: NewApproval,
  ): Promise<boolean>;
  /** A conditional status change (pause, resume, cancel, approved, not sent, done). */
  transition(id: string, from: string[], to: string): Promise<boolean>;
  /**
   * Cancelled (or not sent: its approval was refused): its rows not yet taken are cancelled too,
   * in one transaction.
   */
  cancel(id: string, from: string[], to?: 'cancelled' | 'not_sent'): Promise<boolean>;
  /** The batch's status alone (the sender asks it before each row). */
  statusOf(id: string): Promise<string | undefined>;
  /** Batches waiting for their approval: the sender looks at each request's status. */
  awaitingApproval(): Promise<Array<{ id: string; approvalId: string }>>;
  /**
   * Takes up to `limit` rows due (ready, or sending under a lease that ran out) of sending
   * batches, each for `leaseMs` (FOR UPDATE SKIP LOCKED: one instance each).
   */
  claimRows(options: { limit: number; leaseMs: number }): Promise<ClaimedBatchRow[]>;
  /** What came of a row this instance holds; false when the hold was lost. */
  recordRow(batchId: string, row: number, outcome: BatchRowOutcome): Promise<boolean>;
  /** A row put back (busy service; paused or cancelled meanwhile) for after `delayMs`. */
  releaseRow(batchId: string, row: number, delayMs: number): Promise<void>;
  /** Unknown rows (one, or all) to be checked again: sent again with the same ref_id. */
  checkAgain(id: string, row?: number): Promise<number>;
  /** Sending batches with no row left to send: done. Their ids. */
  finishDone(): Promise<string[]>;
  /** After a restart of the database's only user: every row held is due now. How many. */
  releaseClaims(): Promise<number>;
}
