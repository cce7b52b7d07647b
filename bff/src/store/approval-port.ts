// Requests for approval as the features see them (sql-approvals.ts and its sql-approval-* parts
// implement it): holds, decisions, their signatures, the outbox of approved sends.
import type {
  ApprovalKind,
  ApprovalPerson,
  ApprovalRequest,
  ApprovalStatus,
  ListApprovalsQuery,
} from '#contract/approvals';
import type { OperatorRef } from '#contract/operator-ref';
import type { WithdrawalRecord } from '#contract/withdrawal-ledger';
import type { AttemptClaim, WithdrawalIntent } from './withdrawal-ledger-port';

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
