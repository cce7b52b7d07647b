import type { ApprovalPolicy } from '#contract/approvals';
import { isMemoNetwork } from '#contract/memo-required';
import { CONSOLE_PROBLEM_TYPES } from '#contract/problem';
import { HttpProblem } from '#bff/http/http-problem';
import type { BookDestinationEntry } from '#bff/store/approval-port';
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
 * 409 Destination Archived: the address book holds this destination only archived (taken out of
 * use); bringing it back is a destination change like a new address.
 */
function archived(network: string, address: string): HttpProblem {
  return new HttpProblem({
    type: CONSOLE_PROBLEM_TYPES.destinationArchived,
    title: 'Destination Archived',
    status: 409,
    detail: `The destination ${address} (${network}) is archived in the address book: withdrawals to it are refused until it is brought back (which waits for an address approver when the policy holds address changes).`,
    // Which destination (the SPA links to it among the archived addresses, to bring it back).
    destination: { crypto_network: network, address },
  });
}

/** What a withdrawal names of its destination (the memo and identity matter on a memo network). */
interface WithdrawalDestination {
  crypto_network: string;
  destination_address: string;
  memo?: string | undefined;
  identity_id?: string | undefined;
}

/**
 * The memos the book approved for this withdrawal ('' for none): its identity's entry when the
 * book holds one, else every entry of the address (each an approved address and memo).
 */
function approvedMemos(entries: readonly BookDestinationEntry[], identityId?: string): string[] {
  const own = entries.filter((e) => (e.identityId ?? '') === (identityId ?? ''));
  return [...new Set((own.length > 0 ? own : entries).map((e) => e.memo ?? ''))];
}

/**
 * 422 Destination Memo Differs: on a memo network the address and the memo together say who is
 * credited (an exchange's deposit address and its customer's tag), so a book address with
 * another memo is a destination nobody approved. Names the `memo` field.
 */
function memoDiffers(request: WithdrawalDestination, memos: readonly string[]): HttpProblem {
  const { crypto_network: network, destination_address: address } = request;
  const only = memos.length === 1 ? memos[0] : undefined;
  const kept =
    only === undefined
      ? `none of the memos the address book keeps for ${address} (${network}) is this one`
      : only === ''
        ? `the address book keeps no memo for ${address} (${network})`
        : `the address book keeps the memo “${only}” for ${address} (${network})`;
  const message =
    only === undefined
      ? 'Differs from the memos of the approved destination'
      : only === ''
        ? 'The approved destination has no memo: send it without one'
        : `Differs from the memo of the approved destination (“${only}”)`;
  return new HttpProblem({
    type: CONSOLE_PROBLEM_TYPES.destinationMemoDiffers,
    title: 'Destination Memo Differs',
    status: 422,
    detail: `The memo differs from the approved destination's: ${kept}, and withdrawals go only to approved destinations. Send it with the book's memo, or change the memo in the address book (which waits for an address approver when the policy holds address changes).`,
    errors: [{ path: 'memo', message }],
  });
}

/** With the allowlist on: a book address on a memo network receives only with its approved memo. */
function memoRefusal(view: DestinationView, request: WithdrawalDestination) {
  if (!view.inBook || !isMemoNetwork(request.crypto_network)) return undefined;
  const memos = approvedMemos(view.bookEntries, request.identity_id);
  return memos.includes(request.memo ?? '') ? undefined : memoDiffers(request, memos);
}

/**
 * The one destination check of every path that moves money (a submit, a batch row, the last
 * approval): a destination held for approval or cooling off, one an approver rejected, or one the
 * book holds only archived, is refused; with the policy's allowlist on, so is any destination
 * that is not approved, and a book address on a memo network with a memo other than the book's.
 * Undefined when it may.
 */
export async function destinationRefusal(
  registry: DestinationRegistry,
  policy: ApprovalPolicy | undefined,
  request: WithdrawalDestination,
): Promise<HttpProblem | undefined> {
  const allowlist = policy?.destinations.allowlist === true;
  const view = await registry.view(request.crypto_network, request.destination_address, {
    askService: allowlist,
  });
  return refusalOf(view, policy, request);
}

/** destinationRefusal on a view already read (a batch asks each memo of one destination). */
export function refusalOf(
  view: DestinationView,
  policy: ApprovalPolicy | undefined,
  request: WithdrawalDestination,
): HttpProblem | undefined {
  const network = request.crypto_network;
  const address = request.destination_address;
  const allowlist = policy?.destinations.allowlist === true;
  switch (view.state) {
    case 'pending':
    case 'cooling_off':
      return notApproved(view, network, address);
    case 'rejected':
      return rejected(view, network, address);
    case 'archived':
      return archived(network, address);
    case 'unknown':
      return allowlist ? notAllowlisted(view, network, address) : undefined;
    case 'approved':
      return allowlist ? memoRefusal(view, request) : undefined;
  }
}
