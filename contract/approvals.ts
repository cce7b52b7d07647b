import { z } from 'zod';
import {
  ApprovalDecisionFactsSchema,
  ApprovalKindSchema,
  ApprovalStatusSchema,
} from './approval-core';
import { foldIdentifier } from './identity';
import { OperatorRefSchema } from './operator-ref';
import { DecisionPasskeySchema } from './passkeys';
import { checkSafeText } from './safe-text';
import { METADATA_MAX_PAIRS } from './withdrawals';
import { SentOutcomeSchema } from './withdrawal-outcome';

// Four eyes: the BFF holds a withdrawal or an address change until enough other people approve
// it. The service sees one machine identity, so the policy, the approvals and their history live
// in the BFF; who initiated and who approved a transfer travel upstream in its metadata.

// ---- Policy (APPROVAL_POLICY / APPROVAL_POLICY_FILE): in approval-policy.ts, kept lean ----

export * from './approval-policy';

// ---- Kinds, statuses, people and what decides a request: in approval-core.ts, kept lean ----

export * from './approval-core';

// ---- Attribution stamped on each withdrawal's metadata ----

/** Metadata keys the console writes on every withdrawal (the service allows 6 pairs in all). */
export const ATTRIBUTION_KEYS = {
  initiator: 'aoc_initiated_by',
  approvers: 'aoc_approved_by',
  requestId: 'aoc_request_id',
} as const;
export const RESERVED_METADATA_KEYS: readonly string[] = Object.values(ATTRIBUTION_KEYS);

/**
 * The reserved key a metadata key spells in any case, width, surrounding space or invisible
 * character (`AOC_APPROVED_BY`, `Aoc_Approved_By`, ` aoc_approved_by`, `aoc\u200b_approved_by`),
 * else undefined: a reader of the service's record would take any of them for the console's
 * attribution. Folded by identity.ts's foldIdentifier, the one home of that normalisation.
 */
export function reservedMetadataKey(key: string): string | undefined {
  const folded = foldIdentifier(key);
  return RESERVED_METADATA_KEYS.find((reserved) => reserved === folded);
}
/** How many metadata pairs remain for the operator's own keys. */
export const OPERATOR_METADATA_PAIRS = METADATA_MAX_PAIRS - RESERVED_METADATA_KEYS.length;

// ---- Requests and their history ----

const APPROVAL_EVENT_KINDS = [
  'requested',
  'approved',
  'rejected',
  'cancelled',
  'expired',
  /** The last approval sent it upstream (the outcome is in `detail`). */
  'sent',
] as const;

const ApprovalEventSchema = z.object({
  kind: z.enum(APPROVAL_EVENT_KINDS),
  at: z.string(),
  /** Absent for what the BFF did itself (expiry, sending). */
  operator: OperatorRefSchema.optional(),
  reason: z.string().optional(),
  detail: z.string().optional(),
  /** The passkey the decision was signed with (approvals_require_passkey, or signed anyway). */
  signed_with: z.object({ credential_id: z.string(), key_name: z.string() }).optional(),
});
export type ApprovalEvent = z.infer<typeof ApprovalEventSchema>;

/** One changed field of an address change: dotted path, before and after (absent: not set). */
const AddressDiffEntrySchema = z.object({
  path: z.string(),
  before: z.unknown().optional(),
  after: z.unknown().optional(),
});
export type AddressDiffEntry = z.infer<typeof AddressDiffEntrySchema>;

/**
 * What an address request changes: a new destination, its Travel Rule data, the book's
 * destination memo (the address and memo together say who is credited), or bringing an archived
 * entry back into use.
 */
const AddressChangeSchema = z.enum(['new', 'travel_rule', 'memo', 'restore']);
export type AddressChange = z.infer<typeof AddressChangeSchema>;

/** The decision facts (id, kind, status, initiator, expires_at, approvals) and the rest. */
export const ApprovalRequestSchema = ApprovalDecisionFactsSchema.extend({
  /** The withdrawal's ref_id, the address book key of the address, or the batch id. */
  target: z.string(),
  created_at: z.string(),
  decided_at: z.string().optional(),
  required_approvals: z.number().int().min(1),
  /** Why approval is needed, in words ("BTC above 0.5", "new address"). */
  reason: z.string(),
  history: z.array(ApprovalEventSchema),
  /** kind withdrawal: the POST /api/withdrawals body exactly as it will be sent (without stamps). */
  withdrawal: z.record(z.string(), z.unknown()).optional(),
  /**
   * kind address: what changes, and of which destination. `new` and `travel_rule`: `request` is
   * the PUT /api/addresses body, saved upstream once approved. `memo` (the book's destination
   * memo) and `restore` (an archived entry brought back into use) change only the console's
   * book: `request` names the destination (crypto_network, address, identity_id), nothing is
   * sent upstream.
   */
  address: z
    .object({
      request: z.record(z.string(), z.unknown()),
      change: AddressChangeSchema,
      diff: z.array(AddressDiffEntrySchema),
      /**
       * The destination memo the book keeps with the entry once this change is approved ('' clears
       * it): a memo change's new memo, or an address file's row's (issue 28 item 2); the console's
       * own, never sent upstream.
       */
      memo: z.string().optional(),
    })
    .optional(),
  /**
   * kind withdrawal_batch: the batch as approved (contract/withdrawal-batches.ts,
   * BatchApprovalSummarySchema: its id, the hash of every row, totals and USD value).
   */
  batch: z.record(z.string(), z.unknown()).optional(),
  /** After the last approval of a withdrawal: the ledger status it reached (created, refused…). */
  outcome: z.string().optional(),
  /**
   * GET /api/approvals/:id of a pending withdrawal: why Approve would be refused now (the BFF's
   * own check, e.g. the service would refuse it for missing Travel Rule data), so the page offers
   * no Approve that can only fail. Computed when read, never stored.
   */
  approve_refusal: z.object({ title: z.string(), detail: z.string() }).optional(),
});
export type ApprovalRequest = z.infer<typeof ApprovalRequestSchema>;

const ListApprovalsQueryObject = z.strictObject({
  status: ApprovalStatusSchema.optional(),
  kind: ApprovalKindSchema.optional(),
  initiator: z.string().min(1).max(200).optional(),
  /** Only requests at least this many minutes old. */
  older_than_minutes: z.coerce.number().int().min(0).max(525_600).optional(),
  target: z.string().min(1).max(512).optional(),
  limit: z.coerce.number().int().min(1).max(200).optional(),
  cursor: z.string().min(1).max(512).optional(),
});
/** GET /api/approvals: pending first, then newest first. */
export const ListApprovalsQuerySchema = ListApprovalsQueryObject.superRefine(checkSafeText);
export type ListApprovalsQuery = z.infer<typeof ListApprovalsQuerySchema>;

export const ListApprovalsResponseSchema = z.object({
  requests: z.array(ApprovalRequestSchema),
  next_cursor: z.string().optional(),
});

/**
 * POST /api/approvals/:id/approve (the body may be empty). With the fee quote feature, the
 * approver's fresh quote: the withdrawal is sent with this fee_id instead of the initiator's.
 * `null`: no fresh quote could be had, and the initiator's (hours old, most likely expired, so
 * refused with 403 Expired) is left out: the network fee at the time of sending applies.
 */
export const ApproveApprovalRequestSchema = z
  .strictObject({
    fee_id: z.string().trim().min(1).max(128).nullable().optional(),
    /** The approver's passkey signature (required when the policy says approvals_require_passkey). */
    passkey: DecisionPasskeySchema.optional(),
  })
  .superRefine(checkSafeText);

/** POST /api/approvals/:id/reject (a reason is required); /cancel takes an optional one. */
export const RejectApprovalRequestSchema = z
  .strictObject({
    reason: z.string().trim().min(1, 'Say why').max(500),
    passkey: DecisionPasskeySchema.optional(),
  })
  .superRefine(checkSafeText);
export const CancelApprovalRequestSchema = z
  .strictObject({ reason: z.string().trim().max(500).optional() })
  .superRefine(checkSafeText);

/**
 * The answer of POST /api/withdrawals or PUT /api/addresses when the change waits for approval
 * (HTTP 202), and of every decision (approve / reject / cancel: HTTP 200).
 */
export const HeldForApprovalResponseSchema = z.object({
  approval: ApprovalRequestSchema,
  /** Set when the last approval sent a withdrawal: the created transfer, or the problem. */
  submission: z
    .object({
      outcome: SentOutcomeSchema,
      transfer: z.record(z.string(), z.unknown()).optional(),
      /** kind address: the saved address as the service answered it (outcome created). */
      address: z.record(z.string(), z.unknown()).optional(),
      problem: z.record(z.string(), z.unknown()).optional(),
    })
    .optional(),
});
export type HeldForApprovalResponse = z.infer<typeof HeldForApprovalResponseSchema>;
/** What the last approval's send came to (a withdrawal sent, an address saved). */
export type ApprovalSubmission = NonNullable<HeldForApprovalResponse['submission']>;
