import type { ApprovalPolicy, HeldForApprovalResponse } from '#contract/approvals';
import { canonicalJson } from '#contract/canonical-json';
import type { PutCryptoDestinationAddressRequest } from '#contract/destination-addresses';
import { samePerson } from '#contract/identity';
import { canonicalAddress } from '#contract/networks/canonical-address';
import { AWAITING_APPROVAL } from '#contract/withdrawal-outcome';
import { approvalPerson, type Operator } from '#bff/auth/operator';
import { auditApproval } from '#bff/four-eyes/approval-audit';
import type { ApprovalNotifier } from '#bff/four-eyes/approval-webhook';
import { attributionOf } from '#bff/four-eyes/attribution';
import { newApprovalId } from '#bff/four-eyes/new-approval-id';
import { addressChangeHold } from '#bff/gate/address-gate';
import type { DestinationRegistry } from '#bff/gate/destination-registry';
import { HttpProblem } from '#bff/http/http-problem';
import type { Logger } from '#bff/logger';
import { addressBookKey } from '#bff/store/address-key';
import type { AddressBook, ApprovalStore, AuditLog } from '#bff/store/ports';
import type { AddressPutAudit } from './address-put-audit';

interface AddressChangeHoldDeps {
  logger: Logger;
  store?: { addressBook: AddressBook; audit: AuditLog; approvals?: ApprovalStore } | undefined;
  config?: { approvalPolicy?: ApprovalPolicy; approvalAttribution?: 'subject' | 'email' };
  approvalNotifier?: ApprovalNotifier | undefined;
  /** Resolves a PUT by `id` to the destination it changes (the same gate as by address). */
  destinations?: DestinationRegistry | undefined;
}

/**
 * Holds the PUT for an address approver when the gate says the policy asks it (answered 202):
 * one pending change per address; the same change asked again by the same person answers the
 * same request. Undefined when it may be saved now. `memo`: an address file's row's destination
 * memo, which waits with it (the approver reads it) and is kept once the approval saves it.
 */
export function createAddressChangeHold(deps: AddressChangeHoldDeps, audit: AddressPutAudit) {
  return async function holdAddressChange(
    request: PutCryptoDestinationAddressRequest,
    operator: Operator,
    requestId: string,
    memo?: { memo: string | undefined },
  ): Promise<HeldForApprovalResponse | undefined> {
    const store = deps.store;
    const approvals = store?.approvals;
    const policy = deps.config?.approvalPolicy;
    if (!approvals || !policy || !store) return undefined;
    const change = await addressChangeHold(
      policy,
      { addressBook: store.addressBook, destinations: deps.destinations },
      request,
    ).catch(async (error: unknown) => {
      // A PUT by an id nobody knows: refused, and the attempt is in the audit trail.
      if (error instanceof HttpProblem) await audit(operator, requestId, request, 'refused');
      throw error;
    });
    if (!change) return undefined;
    // By (network, address), or by an `id` the registry resolved: the same target and destination.
    const network = change.destination?.crypto_network;
    const address = change.destination?.address;
    const identityId = change.destination?.identity_id;
    const named = network !== undefined && address !== undefined;
    const held = await approvals.holdAddress({
      id: newApprovalId(),
      kind: 'address',
      target: named ? addressBookKey(network, address, identityId) : `id:${request.id ?? ''}`,
      ...(named ? { destination: `${network}:${canonicalAddress(network, address)}` } : {}),
      initiator: approvalPerson(operator),
      initiatorAttribution: attributionOf(operator, deps.config?.approvalAttribution ?? 'subject'),
      requestId,
      requiredApprovals: policy.addresses.approvals,
      reason: change.reason,
      payload: {
        request,
        change: change.change,
        diff: change.diff,
        // '' clears the book's memo once saved (the approval's JSON keeps no undefined).
        ...(memo ? { memo: memo.memo ?? '' } : {}),
      },
      ttlMinutes: policy.request_ttl_minutes,
    });
    const approval = held.approval.approval;
    if (
      !held.inserted &&
      samePerson(approval.initiator, operator) &&
      canonicalJson(approval.address?.request) === canonicalJson(request) &&
      approval.address?.memo === (memo ? (memo.memo ?? '') : undefined)
    ) {
      // The same change asked again (a retry): the same pending request.
      await audit(operator, requestId, request, AWAITING_APPROVAL);
      return { approval };
    }
    if (!held.inserted) {
      // One pending change per address: the second waits for the first to be decided.
      await audit(operator, requestId, request, 'refused');
      throw new HttpProblem({
        title: 'Conflict',
        status: 409,
        detail: `A change of this address already awaits approval (request ${approval.id}); it must be approved, rejected or cancelled first.`,
        approval_id: approval.id,
      });
    }
    await audit(operator, requestId, request, AWAITING_APPROVAL);
    await auditApproval(store.audit, deps.logger, {
      action: 'approval.request',
      actor: { subject: operator.subject, roles: operator.roles },
      approval,
      outcome: 'pending',
      requestId,
    });
    deps.approvalNotifier?.notify('requested', approval);
    return { approval };
  };
}
