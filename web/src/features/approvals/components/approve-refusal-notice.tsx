import type { ApprovalRequest } from '#contract/approvals';
import { Notice } from '#web/components/ui/notice';

/**
 * Why Approve is not offered although this approver may decide: what the BFF would refuse it for
 * (an approval is never spent on a withdrawal the service would refuse), and the way forward.
 */
export function ApproveRefusalNotice({ request }: { request: ApprovalRequest }) {
  const refusal = request.approve_refusal;
  if (!refusal || request.status !== 'pending') return null;
  return (
    <Notice tone="warning" title={`Cannot be approved now: ${refusal.title}`}>
      <p>{refusal.detail}.</p>
      <p>
        Once the beneficiary is saved on the destination address, this request can be approved as it
        is. Or reject it, saying why.
      </p>
    </Notice>
  );
}
