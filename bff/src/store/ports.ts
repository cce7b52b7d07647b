// The BFF's durable record, as the features see it. Implemented on SQL (PGlite or PostgreSQL) in
// this folder; features depend on these interfaces only.
import type { AddressBookEntry, ListAddressesQuery } from '#contract/address-book';
import type { AuditEvent, ListAuditQuery } from '#contract/audit';
import type {
  ListWithdrawalsQuery,
  WithdrawalAttempt,
  WithdrawalRecord,
} from '#contract/withdrawal-ledger';
import type { OperatorRef } from '#contract/operator-ref';
import type {
  ApprovalKind,
  ApprovalPerson,
  ApprovalRequest,
  ApprovalStatus,
  ListApprovalsQuery,
} from '#contract/approvals';
import type { Problem } from '#contract/problem';
import type { Transfer } from '#contract/withdrawals';
import type { CryptoDestinationAddress } from '#contract/destination-addresses';
import type { Store as RateLimitStore } from 'express-rate-limit';

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
  /** The entry whose saved address has this service id (a PUT by `id` names only that). */
  findById(id: string): Promise<AddressBookEntry | undefined>;
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

/** A request for approval as stored: the public shape and what only the BFF uses. */
export interface StoredApproval {
  approval: ApprovalRequest;
  /** How the initiator is named in the withdrawal's metadata (APPROVAL_ATTRIBUTION). */
  initiatorAttribution: string;
  /** How each approver is named in the metadata, in the order they approved. */
  approverAttributions: string[];
  /** The console request id of the initiating request. */
  requestId: string;
}

export interface NewApproval {
  id: string;
  kind: ApprovalKind;
  target: string;
  /** "NETWORK:canonical address" of a held address: withdrawals to it are refused meanwhile. */
  destination?: string;
  initiator: ApprovalPerson;
  initiatorAttribution: string;
  requestId: string;
  requiredApprovals: number;
  reason: string;
  /** kind withdrawal: the request body; kind address: { request, change, diff }. */
  payload: Record<string, unknown>;
  ttlMinutes: number;
}

export type HoldWithdrawalResult =
  | { inserted: true; approval: StoredApproval }
  /** The ref_id is already in the ledger: nothing written; the caller compares the hash. */
  | { inserted: false; record: WithdrawalRecord };

/** Why a decision was not taken (the request is left as it was, except an expiry). */
type DecisionRefusal =
  | { refused: 'not_found' }
  | { refused: 'not_pending'; status: ApprovalStatus }
  /** Its time ran out: it is now expired (recorded by this call). */
  | { refused: 'expired'; approval: StoredApproval }
  | { refused: 'self' }
  | { refused: 'twice' }
  | { refused: 'not_initiator' };

export type Decision =
  | {
      kind: 'approve';
      operator: ApprovalPerson;
      attribution: string;
      /**
       * Withdrawals: the body to send, given every approver's attribution (this one last); asked
       * for only when this is the last approval needed.
       */
      sentRequest?: (approverAttributions: string[]) => Record<string, unknown>;
      /** The approver's hold on the send (and on the withdrawal's attempt): its lease. */
      claim?: AttemptClaim;
    }
  | { kind: 'reject'; operator: ApprovalPerson; reason: string }
  | { kind: 'cancel'; operator: ApprovalPerson; reason?: string };

export type DecisionResult =
  | DecisionRefusal
  | {
      refused?: undefined;
      approval: StoredApproval;
      /** The last approval of a withdrawal: the ledger record is now "submitting", held by this attempt. */
      send?: { attempt: number; body: Record<string, unknown> };
    };

/** The console's own records of one destination (ApprovalStore.destinationHold). */
export interface DestinationRecord {
  /** A change of it waits for an address approver. */
  approvalId?: string;
  /** Approved recently: cooling off until this instant. */
  receivableFrom?: string;
  /** The address book holds it (for some identity). */
  inBook?: boolean;
  /** The latest decided request to save it as new was rejected: which, and why. */
  rejection?: { approvalId: string; reason?: string };
}

export interface ApprovalStore {
  /**
   * Write-ahead for a held withdrawal: the ledger record ("awaiting_approval", nothing sent) and
   * its request for approval, in one transaction; nothing written when the ref_id is known.
   */
  holdWithdrawal(intent: WithdrawalIntent, approval: NewApproval): Promise<HoldWithdrawalResult>;
  /** A held address change; the pending one of the same target when there is one already. */
  holdAddress(approval: NewApproval): Promise<{ inserted: boolean; approval: StoredApproval }>;
  get(id: string): Promise<StoredApproval | undefined>;
  list(query: ListApprovalsQuery): Promise<{ requests: ApprovalRequest[]; next_cursor?: string }>;
  /**
   * Takes a decision under the request's row lock: one decision at a time per request, on every
   * instance. The last approval of a withdrawal moves its ledger record from "awaiting_approval"
   * to "submitting" in the same transaction (the one conditional update that lets exactly one
   * approver send it). The last approval of any request also marks its send due, held by this
   * approver for the claim's lease (the outbox: claimDueSends finishes it if this one stops).
   * A request whose time ran out is expired instead.
   */
  decide(id: string, decision: Decision): Promise<DecisionResult>;
  /**
   * What came of sending an approved request (appended to its history): the send is no longer
   * due, whoever sent it.
   */
  recordSent(id: string, outcome: string, detail: string): Promise<void>;
  /**
   * The outbox of approved sends: takes up to `limit` approved requests whose send is due and
   * nobody holds (the approving request's lease ran out: it stopped before recording what came
   * of it), each for `leaseMs`. On a shared database each is taken by one instance. `tries`
   * counts the takes, the approval's own included.
   */
  claimDueSends(options: {
    limit: number;
    leaseMs: number;
  }): Promise<Array<{ stored: StoredApproval; tries: number }>>;
  /**
   * After a restart of the database's only user (PGlite): every send still held was held by a
   * process that is gone, so it is due now. Returns how many.
   */
  releaseSendClaims(): Promise<number>;
  /** Expires every pending request whose time ran out (their withdrawals: not_sent). */
  expireDue(): Promise<StoredApproval[]>;
  /**
   * What the console's own records say of a destination (any identity), in one read: a held
   * change, its cooling-off, whether the address book holds it, and the latest decided change of
   * it when an address approver rejected that one.
   */
  destinationHold(network: string, canonicalAddress: string): Promise<DestinationRecord>;
  /** An approved address change is cooling off: no withdrawal to it before `minutes` from now. */
  startCoolingOff(key: string, minutes: number): Promise<string | undefined>;
}

/** One withdrawal as the policy's rolling limits count it. */
export interface WindowEntry {
  refId: string;
  /** The initiator's person key (contract/identity.ts). */
  initiator: string;
  /** "NETWORK:canonical address". */
  destination: string;
  asset: string;
  /** Its amount (or total), in its asset. */
  quantity: string;
}

/** A window one limit reads: whose withdrawals, over how many minutes. */
export interface WindowQuery {
  per: 'initiator' | 'destination' | 'console';
  minutes: number;
}

/** What a window holds already (sent or held, this ref_id aside): the quantity per asset. */
export interface WindowUsage extends WindowQuery {
  sums: Record<string, string>;
}

/** The withdrawals the rolling limits count (four eyes' rolling_limits). */
export interface WithdrawalWindow {
  /** The assets withdrawn in the last `minutes` (their prices are read before `admit`). */
  recentAssets(minutes: number): Promise<string[]>;
  /**
   * Under one lock across instances, in one transaction: reads what each window holds, lets
   * `decide` judge, and counts this withdrawal in (whatever was decided). Two concurrent
   * submits never both judge a window without the other.
   */
  admit<T>(
    entry: WindowEntry,
    windows: WindowQuery[],
    decide: (usage: WindowUsage[]) => T,
  ): Promise<T>;
}

export interface Store {
  /** Absent in stores that keep no approvals (some tests and benchmarks): nothing is held. */
  approvals?: ApprovalStore;
  /** Absent in stores that keep no window (test doubles): a rolling limit then holds everything. */
  withdrawalWindow?: WithdrawalWindow;
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
