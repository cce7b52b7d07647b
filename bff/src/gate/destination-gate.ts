import type { ApprovalPolicy } from '#contract/approvals';
import { CONSOLE_PROBLEM_TYPES } from '#contract/problem';
import { HttpProblem } from '#bff/http/http-problem';
import type { DestinationRegistry, DestinationView } from './destination-registry';

/** 409 Destination Not Approved: held for an address approver, or cooling off after one. */
function notApproved(view: DestinationView, network: string, address: string): HttpProblem {
  const detail =
    view.approvalId !== undefined
      ? `The destination ${address} (${network}) awaits approval by an address approver: withdrawals to it are refused until its request ${view.approvalId} is approved.`
      : `The destination ${address} (${network}) was approved recently and can receive withdrawals from ${view.receivableFrom} (cooling-off).`;
  return new HttpProblem({
    // The SPA knows this refusal by its type (never by the title).
    type: CONSOLE_PROBLEM_TYPES.destinationNotApproved,
    title: 'Destination Not Approved',
    status: 409,
    detail,
    ...(view.approvalId !== undefined ? { approval_id: view.approvalId } : {}),
    ...(view.receivableFrom !== undefined ? { receivable_from: view.receivableFrom } : {}),
  });
}

/** 409 Destination Rejected: an address approver refused to save it; it receives nothing. */
function rejected(view: DestinationView, network: string, address: string): HttpProblem {
  const rejection = view.rejection;
  const reason = rejection?.reason ? ` ("${rejection.reason}")` : '';
  return new HttpProblem({
    type: CONSOLE_PROBLEM_TYPES.destinationRejected,
    title: 'Destination Rejected',
    status: 409,
    detail: `An address approver rejected saving the destination ${address} (${network})${reason}: withdrawals to it are refused.`,
    ...(rejection ? { approval_id: rejection.approvalId } : {}),
  });
}

/**
 * 409 Destination Not Allowlisted: the policy sends withdrawals only to approved destinations.
 * The console's choice is to offer saving the address for approval (`save_address`, the SPA's
 * link to the address editor), then sending this same withdrawal again.
 */
function notAllowlisted(view: DestinationView, network: string, address: string): HttpProblem {
  const unread =
    view.serviceHeld === 'unread'
      ? ' (the service’s saved addresses could not be read to check it there)'
      : '';
  return new HttpProblem({
    type: CONSOLE_PROBLEM_TYPES.destinationNotAllowlisted,
    title: 'Destination Not Allowlisted',
    status: 409,
    detail: `Withdrawals go only to approved destinations, and ${address} (${network}) is neither in the address book nor saved at the service${unread}. Save it for approval; once approved, submit this withdrawal again.`,
    save_address: { crypto_network: network, address },
  });
}

/**
 * The one destination check of every path that moves money (a submit, the last approval): a
 * destination held for approval or cooling off, or one an approver rejected, is refused; with the
 * policy's allowlist on, so is any destination that is not approved. Undefined when it may.
 */
export async function destinationRefusal(
  registry: DestinationRegistry,
  policy: ApprovalPolicy | undefined,
  request: { crypto_network: string; destination_address: string },
): Promise<HttpProblem | undefined> {
  const network = request.crypto_network;
  const address = request.destination_address;
  const allowlist = policy?.destinations.allowlist === true;
  const view = await registry.view(network, address, { askService: allowlist });
  switch (view.state) {
    case 'pending':
    case 'cooling_off':
      return notApproved(view, network, address);
    case 'rejected':
      return rejected(view, network, address);
    case 'unknown':
      return allowlist ? notAllowlisted(view, network, address) : undefined;
    case 'approved':
      return undefined;
  }
}
