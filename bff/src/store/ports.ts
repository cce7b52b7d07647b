// The BFF's durable record, as the features see it. Implemented on SQL (PGlite or PostgreSQL) in
// this folder; features depend on these interfaces only.
import type {
  AddressBookEntry,
  AuditEvent,
  ListAddressesQuery,
  ListAuditQuery,
  ListWithdrawalsQuery,
  OperatorRef,
  WithdrawalAttempt,
  WithdrawalRecord,
} from '../../../contract/ledger';
import type { Problem } from '../../../contract/problem';
import type { Transfer } from '../../../contract/withdrawals';
import type { CryptoDestinationAddress } from '../../../contract/destination-addresses';
import type { Store as RateLimitStore } from 'express-rate-limit';

export interface WithdrawalIntent {
  refId: string;
  operator: OperatorRef;
  /** sha256 of the canonical JSON of the request: the same intent has the same hash. */
  requestHash: string;
  request: Record<string, unknown>;
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

export interface AddressBook {
  /**
   * Keeps the upstream's answer as the current state of its key and appends it to the history.
   * `request` gives the network and identity when the answer does not echo them.
   */
  recordSaved(
    address: CryptoDestinationAddress,
    operator: OperatorRef,
    request?: { crypto_network?: string; identity_id?: string },
  ): Promise<AddressBookEntry>;
  find(
    network: string,
    address: string,
    identityId?: string,
  ): Promise<AddressBookEntry | undefined>;
  list(query: ListAddressesQuery): Promise<AddressBookEntry[]>;
  history(
    key: string,
  ): Promise<
    Array<{ version: number; at: string; operator: OperatorRef; address: CryptoDestinationAddress }>
  >;
}

export type NewAuditEvent = Omit<AuditEvent, 'id' | 'at'>;

export interface AuditLog {
  /** Append-only: there is no update or delete. */
  append(event: NewAuditEvent): Promise<AuditEvent>;
  list(query: ListAuditQuery): Promise<{ events: AuditEvent[]; next_cursor?: string }>;
}

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

export interface Store {
  /** Absent in stores that keep no ledger (some tests): live status is then read, not kept. */
  transferStatus?: TransferStatusStore;
  ledger: WithdrawalLedger;
  addressBook: AddressBook;
  audit: AuditLog;
  /**
   * The write limit's counters, when several instances share the database (PostgreSQL); absent,
   * each process counts in memory (PGlite: one process per data directory anyway). A factory:
   * express-rate-limit refuses one store object shared by two limiters (two apps on one store).
   */
  writeLimits?: () => RateLimitStore;
  /** For /readyz: resolves when the database answers a trivial query (absent in test doubles). */
  ping?(): Promise<void>;
  close(): Promise<void>;
}
