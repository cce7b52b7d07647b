// The BFF's durable record, as the features see it. Implemented on SQL (PGlite or PostgreSQL) in
// this folder; features depend on these interfaces only.
import type { AddressBookEntry, ListAddressesQuery } from '#contract/address-book';
import type {
  AddressImportRow,
  AddressImportSummary,
  ImportRowKind,
} from '#contract/address-import';
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
import type {
  ListWithdrawalBatchesQuery,
  ListWithdrawalBatchesResponse,
} from '#contract/withdrawal-batches';
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
  /** The entry with this key (archived or not). */
  get(key: string): Promise<AddressBookEntry | undefined>;
  list(query: ListAddressesQuery): Promise<AddressBookEntry[]>;
  /** Archives (or brings back) the entry with this key; undefined when the book has none. */
  setArchived(
    key: string,
    archived: boolean,
    operator: OperatorRef,
  ): Promise<AddressBookEntry | undefined>;
  /**
   * Keeps `memo` (undefined clears it) with the entry of this key when it is on one of
   * `networks` (those that use a memo); undefined when the book has no such entry.
   */
  setMemo(
    key: string,
    memo: string | undefined,
    networks: readonly string[],
  ): Promise<AddressBookEntry | undefined>;
  /** Entries after `afterKey` in key order (the export reads the book page by page). */
  page(
    afterKey: string,
    limit: number,
    archived?: ListAddressesQuery['archived'],
  ): Promise<AddressBookEntry[]>;
  history(
    key: string,
  ): Promise<
    Array<{ version: number; at: string; operator: OperatorRef; address: CryptoDestinationAddress }>
  >;
}

/** One row of an address file, checked, as the preview stores it. */
export interface NewImportRow {
  line: number;
  kind: ImportRowKind;
  crypto_network?: string | undefined;
  address?: string | undefined;
  /** "NETWORK:canonical:identity": a second row of one destination is an error. */
  destinationKey?: string | undefined;
  /** The look-alike probe (contract/networks/look-alike.ts). */
  probe?: string | undefined;
  request?: Record<string, unknown> | undefined;
  errors: AddressImportRow['errors'];
  diff: AddressImportRow['diff'];
  look_alikes: AddressImportRow['look_alikes'];
}

/** Address-file imports: the preview's rows wait here for apply (issue 28 item 2). */
export interface AddressImportStore {
  create(id: string, operator: OperatorRef): Promise<void>;
  addRow(importId: string, row: NewImportRow): Promise<void>;
  /** Several rows at once, in line order (the preview writes its rows in batches). */
  addRows(importId: string, rows: readonly NewImportRow[]): Promise<void>;
  /** Rows of the file with this look-alike probe (at most 20). */
  sameProbe(
    importId: string,
    probe: string,
  ): Promise<Array<{ line: number; crypto_network: string; address: string }>>;
  /** The line of the file's row of this destination, if one came earlier. */
  lineOf(importId: string, destinationKey: string): Promise<number | undefined>;
  finishPreview(importId: string): Promise<void>;
  get(importId: string): Promise<AddressImportSummary | undefined>;
  rows(
    importId: string,
    options: { afterLine?: number; limit: number; pending?: boolean },
  ): Promise<AddressImportRow[]>;
  /** Marks it applying; false when it is not previewed (or applying after a crash). */
  claim(importId: string): Promise<boolean>;
  setOutcome(
    importId: string,
    line: number,
    outcome: { outcome: string; detail?: string; approvalId?: string },
  ): Promise<void>;
  finishApply(importId: string): Promise<void>;
}

export type NewAuditEvent = Omit<AuditEvent, 'id' | 'at'> & {
  /** The operator's display name: the operator filter finds events by it (not returned). */
  operator_name?: string | undefined;
};

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

/**
 * A request's state alone (no payload, votes or history): what a feature that holds changes for
 * approval shows of each (an address file's held rows) without reading every request whole.
 */
export interface ApprovalState {
  id: string;
  status: ApprovalStatus;
  /** Who closed it: the last approval of an approved one, who rejected or cancelled it. */
  decided_by?: OperatorRef;
  decided_at?: string;
  /** pending: when it expires unless decided. */
  expires_at?: string;
  /** After approval: what sending it came to (created, updated, refused, unknown). */
  outcome?: string;
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

/**
 * The passkey assertion a decision was signed with, verified before the decision was taken and
 * stored with it (so it can be re-verified later: the challenge is derived again from the request
 * id, the decision, the request hash and the nonce).
 */
export interface DecisionSignature {
  credentialId: string;
  keyName: string;
  requestHash: string;
  nonce: string;
  origin: string;
  rpId: string;
  /** base64url, as the authenticator gave them. */
  authenticatorData: string;
  clientDataJSON: string;
  signature: string;
  userHandle?: string;
}

/** A decision's signature as stored (ApprovalStore.signatures). */
export interface StoredDecisionSignature extends DecisionSignature {
  approvalId: string;
  decision: 'approve' | 'reject';
  operatorSubject: string;
  at: string;
}

export type Decision =
  | {
      kind: 'approve';
      operator: ApprovalPerson;
      attribution: string;
      /** The verified passkey assertion, stored with the vote. */
      signature?: DecisionSignature;
      /**
       * Withdrawals: the body to send, given every approver's attribution (this one last); asked
       * for only when this is the last approval needed.
       */
      sentRequest?: (approverAttributions: string[]) => Record<string, unknown>;
      /** The approver's hold on the send (and on the withdrawal's attempt): its lease. */
      claim?: AttemptClaim;
    }
  | { kind: 'reject'; operator: ApprovalPerson; reason: string; signature?: DecisionSignature }
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
  /** The address book holds it in use (for some identity; archived entries are out of use). */
  inBook?: boolean;
  /** The address book holds it, but only archived (every entry of it): out of use. */
  archived?: boolean;
  /** The book's entries of it in use: each one's identity and the memo it keeps (if any). */
  bookEntries?: BookDestinationEntry[];
  /** The latest decided request to save it as new was rejected: which, and why. */
  rejection?: { approvalId: string; reason?: string };
}

/** One entry of the address book for a destination, as the gate reads it. */
export interface BookDestinationEntry {
  identityId?: string;
  /** The destination memo the book keeps with it (memo networks). */
  memo?: string;
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
  /** The states of these requests, in one read (ids unknown to the store are left out). */
  states(ids: readonly string[]): Promise<ApprovalState[]>;
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
   * change, its cooling-off, whether the address book holds it (in use, or only archived) and the
   * memos its entries keep, and the latest decided change of it when an address approver
   * rejected that one.
   */
  destinationHold(network: string, canonicalAddress: string): Promise<DestinationRecord>;
  /** An approved address change is cooling off: no withdrawal to it before `minutes` from now. */
  startCoolingOff(key: string, minutes: number): Promise<string | undefined>;
  /** The passkey signatures of a request's decisions, oldest first (for re-verifying them). */
  signatures?(id: string): Promise<StoredDecisionSignature[]>;
}

/** One registered passkey as stored (the public key only: the private one never leaves it). */
export interface StoredPasskey {
  id: string;
  personKey: string;
  owner: OperatorRef;
  name: string;
  /** COSE public key, base64url. */
  publicKey: string;
  counter: number;
  transports: string[];
  createdAt: string;
  lastUsedAt?: string;
  revokedAt?: string;
}

/** A single-use challenge with a short lifetime. */
interface NewChallenge {
  nonce: string;
  purpose: 'register' | 'decision';
  personKey: string;
  approvalId?: string;
  decision?: 'approve' | 'reject';
  requestHash?: string;
  ttlMs: number;
}

export type TakenChallenge =
  | { taken: true; challenge: Omit<NewChallenge, 'ttlMs'> & { expiresAt: string } }
  | { taken: false; why: 'unknown' | 'used' | 'expired' };

/** Approvers' passkeys and the single-use challenges their registrations and decisions answer. */
export interface PasskeyStore {
  issueChallenge(challenge: NewChallenge): Promise<{ expiresAt: string }>;
  /** Marks the challenge used, once: only the first caller gets it, and only before it expires. */
  takeChallenge(nonce: string): Promise<TakenChallenge>;
  add(key: Omit<StoredPasskey, 'createdAt' | 'lastUsedAt' | 'revokedAt'>): Promise<StoredPasskey>;
  /** The keys (not revoked) of a person, under any of their identifiers (contract/identity.ts). */
  listFor(personIdentifiers: string[]): Promise<StoredPasskey[]>;
  /** A key by credential id, revoked ones included. */
  get(id: string): Promise<StoredPasskey | undefined>;
  rename(id: string, name: string): Promise<StoredPasskey | undefined>;
  revoke(id: string, by: string): Promise<StoredPasskey | undefined>;
  /**
   * Records a use: the counter moves to `counter` only if it increases (or both are 0, an
   * authenticator that keeps none); false when it would not (a cloned key, a replay).
   */
  recordUse(id: string, counter: number): Promise<boolean>;
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

export interface Store {
  /** Absent in stores that keep no approvals (some tests and benchmarks): nothing is held. */
  approvals?: ApprovalStore;
  /** Absent in stores that keep no passkeys (test doubles): a policy requiring them refuses. */
  passkeys?: PasskeyStore;
  /** Batch withdrawals (absent in test doubles: the batch routes answer 404). */
  withdrawalBatches?: WithdrawalBatchStore;
  /** Absent in stores that keep no window (test doubles): a rolling limit then holds everything. */
  withdrawalWindow?: WithdrawalWindow;
  /** Absent in stores that keep no ledger (some tests): live status is then read, not kept. */
  transferStatus?: TransferStatusStore;
  ledger: WithdrawalLedger;
  addressBook: AddressBook;
  /** Absent in stores without it (test doubles): the import routes answer 503. */
  addressImports?: AddressImportStore;
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
