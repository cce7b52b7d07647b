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

export interface WithdrawalIntent {
  refId: string;
  operator: OperatorRef;
  /** sha256 of the canonical JSON of the request: the same intent has the same hash. */
  requestHash: string;
  request: Record<string, unknown>;
}

export type WithdrawalOutcome =
  | { kind: 'created'; transfer: Transfer; replayed: boolean }
  | { kind: 'refused'; problem: Problem }
  | { kind: 'unknown'; problem: Problem };

export interface WithdrawalLedger {
  /**
   * Write-ahead: records the intent before any upstream call. When the ref_id is already recorded
   * nothing is written and the existing record is returned (the caller compares the hash).
   */
  recordIntent(intent: WithdrawalIntent): Promise<{ inserted: boolean; record: WithdrawalRecord }>;
  /** Marks the record "submitting" again and appends an attempt; returns the attempt number. */
  startAttempt(refId: string, requestId: string): Promise<number>;
  /** Records the outcome of the attempt and the record's new status. */
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
  /** After a crash or restart: records left "submitting" become "unknown". Returns how many. */
  markInterruptedAsUnknown(): Promise<number>;
}

export interface AddressBook {
  /** Keeps the upstream's answer as the current state of its key and appends it to the history. */
  recordSaved(address: CryptoDestinationAddress, operator: OperatorRef): Promise<AddressBookEntry>;
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

export interface Store {
  ledger: WithdrawalLedger;
  addressBook: AddressBook;
  audit: AuditLog;
  close(): Promise<void>;
}
