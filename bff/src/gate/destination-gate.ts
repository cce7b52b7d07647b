import { canonicalAddress } from '#contract/networks/canonical-address';
import { CONSOLE_PROBLEM_TYPES } from '#contract/problem';
import { HttpProblem } from '#bff/http/http-problem';
import type { ApprovalStore } from '#bff/store/ports';

/**
 * A withdrawal may not go to an address whose saving (or Travel Rule change) still waits for
 * approval, nor to one cooling off after its approval: 409 Destination Not Approved, in words,
 * with the request to look at or the instant it can receive. Undefined when it may.
 */
export async function destinationRefusal(
  approvals: ApprovalStore,
  request: { crypto_network: string; destination_address: string },
): Promise<HttpProblem | undefined> {
  const network = request.crypto_network;
  const hold = await approvals.destinationHold(
    network,
    canonicalAddress(network, request.destination_address),
  );
  if (hold.approvalId === undefined && hold.receivableFrom === undefined) return undefined;
  const detail =
    hold.approvalId !== undefined
      ? `The destination ${request.destination_address} (${network}) awaits approval by an address approver: withdrawals to it are refused until its request ${hold.approvalId} is approved.`
      : `The destination ${request.destination_address} (${network}) was approved recently and can receive withdrawals from ${hold.receivableFrom} (cooling-off).`;
  return new HttpProblem({
    // The SPA knows this refusal by its type (never by the title).
    type: CONSOLE_PROBLEM_TYPES.destinationNotApproved,
    title: 'Destination Not Approved',
    status: 409,
    detail,
    ...(hold.approvalId !== undefined ? { approval_id: hold.approvalId } : {}),
    ...(hold.receivableFrom !== undefined ? { receivable_from: hold.receivableFrom } : {}),
  });
}
