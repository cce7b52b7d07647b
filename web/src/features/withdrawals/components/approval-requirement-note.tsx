import {
  needsUsdValue,
  withdrawalApprovalRequirement,
  withdrawalQuantity,
  type ApprovalPolicy,
} from '#contract/approvals';
import { isDecimalString } from '#contract/decimal';
import { formatUsd, usdValueOf } from '#contract/usd-value';
import { Notice } from '#web/components/ui/notice';
import { useUsdPrice } from '../api/usd-price-api';

interface ApprovalRequirementNoteProps {
  policy: ApprovalPolicy | undefined;
  asset: string;
  amount?: string;
  total?: string;
  /**
   * The BFF's forecast (issue 42 item C): its tiers and rolling limits with the window as it
   * stands. Given (`null`: it holds nothing), it is what is said; absent, the static rule alone.
   */
  forecast?: { approvals: number; reason: string } | null | undefined;
}

/**
 * Says before submit whether the four-eyes policy will hold this withdrawal, with the contract's
 * one rule (the BFF applies the same, at the same prices), so "Awaiting approval" afterwards is
 * no surprise: the rule that holds it, and its USD value when a USD rule asks it.
 */
export function ApprovalRequirementNote({
  policy,
  asset,
  amount,
  total,
  forecast,
}: ApprovalRequirementNoteProps) {
  const valued = policy !== undefined && asset !== '' && needsUsdValue(policy, asset);
  const usd = useUsdPrice(asset, valued);
  if (forecast === null) return null;
  if (forecast !== undefined) return <RequirementNotice requirement={forecast} />;
  // While the price is on its way nothing is said (a USD rule would otherwise fail safe).
  if (!policy || asset === '' || !usd.settled) return null;
  const quantity = withdrawalQuantity({ amount, total });
  // An amount still being typed ("1.", "abc") is not a decimal yet: nothing to say.
  if (quantity !== undefined && !isDecimalString(quantity)) return null;
  let requirement;
  try {
    const usdValue =
      quantity === undefined
        ? undefined
        : usdValueOf(asset, quantity, usd.price !== undefined ? { [asset]: usd.price } : {});
    requirement = withdrawalApprovalRequirement(policy, { asset, amount, total }, usdValue);
  } catch {
    // Not a decimal the arithmetic takes (a negative, an exponent): nothing to say.
    return null;
  }
  if (!requirement) return null;
  return <RequirementNotice requirement={requirement} />;
}

function RequirementNotice({
  requirement,
}: {
  requirement: { approvals: number; reason: string; usd_value?: string | undefined };
}) {
  const count = requirement.approvals === 1 ? '1 approval' : `${requirement.approvals} approvals`;
  return (
    <Notice tone="info" title={`This withdrawal needs ${count} (${requirement.reason})`}>
      {requirement.usd_value !== undefined && (
        <>Worth {formatUsd(requirement.usd_value)} at the service’s price. </>
      )}
      Submitting records it as awaiting approval: nothing is sent to the service until{' '}
      {requirement.approvals === 1 ? 'another operator approves' : 'two other operators approve'}{' '}
      it.
    </Notice>
  );
}
