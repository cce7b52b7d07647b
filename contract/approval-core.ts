import { z } from 'zod';
import { OperatorRefSchema } from './operator-ref';

// What an approval request says of who may decide it (zod and the operator reference only): the
// navigation's pending count reads this on every page, and it must not pull the withdrawal and
// address schemas (and with them the address checksums, about 15 KB brotli) into the first load.
// contract/approvals.ts re-exports it and builds the whole request on it.

export const APPROVAL_KINDS = ['withdrawal', 'address', 'withdrawal_batch'] as const;
export const ApprovalKindSchema = z.enum(APPROVAL_KINDS);
export type ApprovalKind = z.infer<typeof ApprovalKindSchema>;

export const APPROVAL_STATUSES = [
  'pending',
  'approved',
  'rejected',
  'cancelled',
  'expired',
] as const;
export const ApprovalStatusSchema = z.enum(APPROVAL_STATUSES);
export type ApprovalStatus = z.infer<typeof ApprovalStatusSchema>;

/**
 * A person on a request (its initiator, each approver): their reference, and the e-mail their
 * login carried when it carried one, so both sides tell people apart by one rule (identity.ts).
 */
const ApprovalPersonSchema = OperatorRefSchema.extend({ email: z.string().optional() });
export type ApprovalPerson = z.infer<typeof ApprovalPersonSchema>;

/**
 * The fields of a request that decide what an operator may do with it (who initiated it, who
 * approved it already, its kind, status and expiry): the start of ApprovalRequestSchema.
 */
export const ApprovalDecisionFactsSchema = z.object({
  id: z.string(),
  kind: ApprovalKindSchema,
  status: ApprovalStatusSchema,
  initiator: ApprovalPersonSchema,
  expires_at: z.string(),
  approvals: z.array(z.object({ operator: ApprovalPersonSchema, at: z.string() })),
});
export type ApprovalDecisionFacts = z.infer<typeof ApprovalDecisionFactsSchema>;

/**
 * GET /api/approvals read for the decision facts alone (the navigation's pending count): the
 * rest of each request is left unread (zod drops the keys it does not list).
 */
export const ListApprovalDecisionFactsResponseSchema = z.object({
  requests: z.array(ApprovalDecisionFactsSchema),
  next_cursor: z.string().optional(),
});
