import type { AddressBookEntry } from '#contract/address-book';
import type { ApprovalPolicy, HeldForApprovalResponse } from '#contract/approvals';
import { canonicalJson } from '#contract/canonical-json';
import type { PutCryptoDestinationAddressRequest } from '#contract/destination-addresses';
import { samePerson } from '#contract/identity';
import { bookKey, destinationKey } from '#contract/networks/canonical-address';
import { AWAITING_APPROVAL } from '#contract/withdrawal-outcome';
import { approvalPerson, type Operator } from '#bff/auth/operator';
import { announceApprovalRequested } from '#bff/four-eyes/approval-requested';
import type { ApprovalNotifier } from '#bff/four-eyes/approval-webhook';
import { attributionOf } from '#bff/four-eyes/attribution';
import { newApprovalId } from '#bff/four-eyes/new-approval-id';
import { heldBookChange, type BookChange, type HeldAddressChange } from '#bff/gate/address-change';
import { addressChangeHold } from '#bff/gate/address-gate';
import type { DestinationRegistry } from '#bff/gate/destination-registry';
import { HttpProblem } from '#bff/http/http-problem';
import type { Logger } from '#bff/logger';

import type { AddressBook } from '#bff/store/address-book-port';
import type { ApprovalStore } from '#bff/store/approval-port';
import type { AuditLog } from '#bff/store/audit-log-port';
import type { AddressPutAudit } from './address-put-audit';

interface AddressChangeHoldDeps {
  logger: Logger;
  store?: { addressBook: AddressBook; audit: AuditLog; approvals?: ApprovalStore } | undefined;
  config?: { approvalPolicy?: ApprovalPolicy; approvalAttribution?: 'subject' | 'email' };
  approvalNotifier?: ApprovalNotifier | undefined;
  /** Resolves a PUT by `id` to the destination it changes (the same gate as by address). */
  destinations?: DestinationRegistry | undefined;
}

/** The outcome a held (or refused) change writes in its own audit event. */
type HoldAudit = (outcome: typeof AWAITING_APPROVAL | 'refused') => Promise<void>;

/** A destination change the gate held: what it changes, of which entry, what waits with it. */
interface HeldChange {
  change: HeldAddressChange;
  /** The address book key of its entry (or `id:<id>`): one pending change per address. */
  target: string;
  /** "NETWORK:canonical address": withdrawals to it are refused while the change waits. */
  destination?: string | undefined;
  /** The approval's `address.request`: the PUT body, or the destination a book change names. */
  request: Record<string, unknown>;
  /** The book's destination memo once approved ('' clears it): a memo change's, a file row's. */
  memo?: string | undefined;
  operator: Operator;
  requestId: string;
  /** The change's own audit event (address.put, address.memo, address.unarchive). */
  audit: HoldAudit;
}

/**
 * The one way a destination change waits for an address approver (answered 202): one pending
 * change per address; the same change asked again by the same person answers the same request;
 * another one waits for the first to be decided (409). Nothing of it is applied until approved.
 */
function createChangeHolder(
  deps: AddressChangeHoldDeps,
  records: { approvals: ApprovalStore; audit: AuditLog; policy: ApprovalPolicy },
) {
  const { approvals, policy } = records;
  return async function holdChange(held: HeldChange): Promise<HeldForApprovalResponse> {
    const { change, operator, requestId } = held;
    const stored = await approvals.holdAddress({
      id: newApprovalId(),
      kind: 'address',
      target: held.target,
      ...(held.destination !== undefined ? { destination: held.destination } : {}),
      initiator: approvalPerson(operator),
      initiatorAttribution: attributionOf(operator, deps.config?.approvalAttribution ?? 'subject'),
      requestId,
      requiredApprovals: policy.addresses.approvals,
      reason: change.reason,
      payload: {
        request: held.request,
        change: change.change,
        diff: change.diff,
        ...(held.memo !== undefined ? { memo: held.memo } : {}),
      },
      ttlMinutes: policy.request_ttl_minutes,
    });
    const approval = stored.approval.approval;
    if (
      !stored.inserted &&
      samePerson(approval.initiator, operator) &&
      approval.address?.change === change.change &&
      canonicalJson(approval.address.request) === canonicalJson(held.request) &&
      approval.address.memo === held.memo
    ) {
      // The same change asked again (a retry): the same pending request.
      await held.audit(AWAITING_APPROVAL);
      return { approval };
    }
    if (!stored.inserted) {
      await held.audit('refused');
      throw new HttpProblem({
        title: 'Conflict',
        status: 409,
        detail: `A change of this address already awaits approval (request ${approval.id}); it must be approved, rejected or cancelled first.`,
        approval_id: approval.id,
      });
    }
    await held.audit(AWAITING_APPROVAL);
    await announceApprovalRequested(
      { audit: records.audit, logger: deps.logger, approvalNotifier: deps.approvalNotifier },
      { operator, approval, requestId },
    );
    return { approval };
  };
}

/**
 * Holds the PUT for an address approver when the gate says the policy asks it (answered 202).
 * Undefined when it may be saved now. `memo`: an address file's row's destination memo, which
 * waits with it (the approver reads it) and is kept once the approval saves it.
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
    const named = network !== undefined && address !== undefined;
    return createChangeHolder(deps, { approvals, audit: store.audit, policy })({
      change,
      target: named
        ? bookKey(network, address, change.destination?.identity_id)
        : `id:${request.id ?? ''}`,
      destination: named ? destinationKey(network, address) : undefined,
      request,
      // '' clears the book's memo once saved (the approval's JSON keeps no undefined).
      memo: memo ? (memo.memo ?? '') : undefined,
      operator,
      requestId,
      audit: (outcome) => audit(operator, requestId, request, outcome),
    });
  };
}

/**
 * Holds a change of the book's own record of an entry (its destination memo, or bringing it back
 * from the archive) when the policy holds address changes (answered 202), through the same
 * request, target and destination hold as a PUT of that address: the entry stays as it is until
 * another address approver approves. Undefined when it may be made now.
 */
export function createBookChangeHold(deps: AddressChangeHoldDeps) {
  return async function holdBookChange(
    entry: AddressBookEntry,
    change: BookChange,
    context: { operator: Operator; requestId: string; audit: HoldAudit },
  ): Promise<HeldForApprovalResponse | undefined> {
    const store = deps.store;
    const approvals = store?.approvals;
    const policy = deps.config?.approvalPolicy;
    if (!store || !approvals || !policy) return undefined;
    const held = heldBookChange(policy, change);
    if (!held) return undefined;
    const network = entry.crypto_network;
    return createChangeHolder(deps, { approvals, audit: store.audit, policy })({
      change: held,
      target: entry.key,
      destination: destinationKey(network, entry.address),
      request: {
        crypto_network: network,
        address: entry.address,
        ...(entry.identity_id !== undefined ? { identity_id: entry.identity_id } : {}),
        ...(entry.nickname !== undefined ? { nickname: entry.nickname } : {}),
      },
      memo: change.kind === 'memo' ? (change.after ?? '') : undefined,
      ...context,
    });
  };
}
