// The withdrawal ledger as the features see it (sql-withdrawal-ledger.ts implements it): the
// write-ahead intent, each attempt's claim and what came of it.
import type {
  ListWithdrawalsQuery,
  WithdrawalAttempt,
  WithdrawalRecord,
} from '#contract/withdrawal-ledger';
import type { OperatorRef } from '#contract/operator-ref';
import type { Problem } from '#contract/problem';
import type { Transfer } from '#contract/withdrawals';

export interface WithdrawalIntent {
  refId: string;
  operator: OperatorRef;
  /** sha256 of the canonical JSON of the request: the same intent has the same hash. */
  requestHash: string;
  request: Record<string, unknown>;
  /** The body as it is sent upstream (the request with the console's attribution stamped). */
  sentRequest?: Record<string, unknown>;
}

export type WithdrawalOutcome =
  | {
      kind: 'created';
      transfer: Transfer;
      replayed: boolean;
      /** Request fields the created transfer does not match: the record is flagged. */
      mismatch?: string[];
    }
  | { kind: 'refused'; problem: Problem }
  | { kind: 'unknown'; problem: Problem };

/** Who holds the record while it calls the upstream, and for how long at most. */
export interface AttemptClaim {
  /** The BFF request id of the attempt (also sent upstream as X-Request-Id). */
  requestId: string;
  /**
   * How long the attempt may run (more than the upstream client's whole retry budget). Until then
   * no other request, here or in another instance, calls the upstream for this ref_id; after it
   * the holder is taken to have crashed and the record reads as unknown.
   */
  leaseMs: number;
}

export type RecordIntentResult =
  /** New: the record is "submitting" and this caller holds attempt 1. */
  | { inserted: true; record: WithdrawalRecord; attempt: number }
  /** Already recorded: nothing written; the caller compares the request hash. */
  | { inserted: false; record: WithdrawalRecord };

export interface WithdrawalLedger {
  /** Write-ahead: records the intent (and claims attempt 1) before any upstream call. */
  recordIntent(intent: WithdrawalIntent, claim: AttemptClaim): Promise<RecordIntentResult>;
  /**
   * Takes the record for a new attempt when nobody holds it (status unknown or refused, or a
   * "submitting" whose lease ran out): marks it "submitting", appends an attempt and returns its
   * number. Undefined when another attempt holds it or it is already created.
   */
  claim(refId: string, claim: AttemptClaim): Promise<number | undefined>;
  /**
   * Records the outcome of the attempt. The record's status changes only while the attempt still
   * holds it (a later attempt that took over after a lease ran out wins).
   */
  recordOutcome(
    refId: string,
    attempt: number,
    outcome: WithdrawalOutcome,
    upstreamStatus?: number,
  ): Promise<WithdrawalRecord>;
  get(refId: string): Promise<(WithdrawalRecord & { attempts: WithdrawalAttempt[] }) | undefined>;
  list(
    query: ListWithdrawalsQuery,
  ): Promise<{ withdrawals: WithdrawalRecord[]; next_cursor?: string }>;
  /**
   * After a crash or restart: records left "submitting" become "unknown". `all` when this process
   * is the database's only user (PGlite); otherwise only those whose lease ran out (another
   * instance may be submitting the rest right now). Returns how many.
   */
  markInterruptedAsUnknown(options?: { all?: boolean }): Promise<number>;
}
