import type { Request } from 'express';
import type { DecisionPasskey } from '#contract/passkeys';
import type { Operator } from '#bff/auth/operator';
import type { ApprovalAuditAction } from '#bff/four-eyes/approval-audit';
import type { DecisionIntent } from '#bff/four-eyes/decision-challenge';
import { relyingPartyFor } from '#bff/four-eyes/relying-party';
import { decisionSignature, PasskeyRefusal } from '#bff/gate/passkey-gate';
import type { DecisionSignature, StoredApproval } from '#bff/store/approval-port';
import type { ApprovalService } from './approval-service';

/**
 * The passkey check of an approval or rejection (gate/passkey-gate.ts), before anything is
 * counted: the verified signature to store with the decision, or undefined when the policy needs
 * none and none was sent. A refusal is audited (`refused-passkey:<rule>`) and thrown (403).
 */
export async function signedDecision(
  service: ApprovalService,
  args: {
    req: Request;
    operator: Operator;
    stored: StoredApproval;
    intent: DecisionIntent;
    passkey: DecisionPasskey | undefined;
    action: ApprovalAuditAction;
    requestId: string;
  },
): Promise<DecisionSignature | undefined> {
  const { deps } = service;
  const { operator, stored, intent, passkey } = args;
  try {
    if (!passkey && !deps.config.approvalPolicy.approvals_require_passkey) return undefined;
    return await decisionSignature({
      store: deps.store.passkeys,
      policy: deps.config.approvalPolicy,
      operator,
      approval: stored.approval,
      intent,
      passkey,
      rp: relyingPartyFor(deps.config, args.req),
    });
  } catch (error) {
    if (error instanceof PasskeyRefusal)
      await service.audit(
        args.action,
        operator,
        stored.approval,
        `refused-passkey:${error.rule}`,
        args.requestId,
        passkey?.assertion.id,
      );
    throw error;
  }
}
