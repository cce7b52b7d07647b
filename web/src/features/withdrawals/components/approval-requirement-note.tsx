import { withdrawalApprovalRequirement, type ApprovalPolicy } from '#contract/approvals';
import { Notice } from '#web/components/ui/notice';

export interface ApprovalRequirementNoteProps {
  policy: ApprovalPolicy | undefined;
  asset: string;
  amount?: string;
  total?: string;
}

/**
 * Says before submit whether the four-eyes policy will hold this withdrawal, with the contract's
 * one rule (the BFF applies the same), so "Awaiting approval" afterwards is no surprise.
 */
export function ApprovalRequirementNote({
  policy,
  asset,
  amount,
  total,
}: ApprovalRequirementNoteProps) {
  if (!policy || asset === '') return null;
  let requirement;
  try {
    requirement = withdrawalApprovalRequirement(policy, { asset, amount, total });
  } catch {
    // An amount still being typed ("1.", "abc") is not a decimal yet: nothing to say.
    return null;
  }
  if (!requirement) return null;
  const count = requirement.approvals === 1 ? '1 approval' : `${requirement.approvals} approvals`;
  return (
    <Notice tone="info" title={`This withdrawal needs ${count} (${requirement.reason})`}>
      Submitting records it as awaiting approval: nothing is sent to the service until{' '}
      {requirement.approvals === 1 ? 'another operator approves' : 'two other operators approve'}{' '}
      it.
    </Notice>
  );
}
