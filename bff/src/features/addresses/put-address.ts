import type { RequestHandler } from 'express';
import type { Environment } from '#contract/session';
import { fieldErrorsFromZod } from '#contract/problem';
import { comparableFromSaved, diffAddress } from '#contract/address-diff';
import {
  createPutCryptoDestinationAddressRequestSchema,
  PutCryptoDestinationAddressResponseSchema,
  type CryptoDestinationAddress,
  type PutCryptoDestinationAddressRequest,
} from '#contract/destination-addresses';
import { getOperator, type Operator } from '#bff/auth/operator';
import { badRequest, HttpProblem } from '#bff/http/http-problem';
import { requestIdOf } from '#bff/http/request-id';
import { persistWithRetry } from '#bff/lib/persist-with-retry';
import { canonicalJson, requestHash } from '#bff/lib/request-hash';
import type { Logger } from '#bff/logger';
import type { ApprovalPolicy, HeldForApprovalResponse } from '#contract/approvals';
import type { OperatorRef } from '#contract/ledger';
import { canonicalAddress } from '#contract/networks/canonical-address';
import { heldAddressChange } from '#bff/four-eyes/address-change';
import { auditApproval } from '#bff/four-eyes/approval-audit';
import type { ApprovalNotifier } from '#bff/four-eyes/approval-webhook';
import { attributionOf } from '#bff/four-eyes/attribution';
import { newApprovalId } from '#bff/four-eyes/new-approval-id';
import { addressBookKey } from '#bff/store/address-key';
import type { AddressBook, ApprovalStore, AuditLog } from '#bff/store/ports';
import { readJsonBody, UpstreamFailure, type UpstreamClient } from '#bff/upstream/upstream-client';
import { malformedUpstream, problemFromUpstream } from '#bff/upstream/upstream-problem';

export interface PutAddressDeps {
  upstream: UpstreamClient;
  environment: Environment;
  logger: Logger;
  /** When the BFF keeps a record: the address book and the audit log (and approvals). */
  store?: { addressBook: AddressBook; audit: AuditLog; approvals?: ApprovalStore };
  /** Four eyes: new addresses and Travel Rule changes may wait for an address approver. */
  config?: { approvalPolicy?: ApprovalPolicy; approvalAttribution?: 'subject' | 'email' };
  approvalNotifier?: ApprovalNotifier;
}

/** The saved address and whether the address book already held it. */
interface Saved {
  address: CryptoDestinationAddress;
}

type Outcome = 'created' | 'updated' | 'refused' | 'rejected' | 'unknown' | 'awaiting_approval';

/** The audit target: "network:address:identity", or "id:<id>" when the body names an address by id. */
function targetOf(body: unknown, saved?: CryptoDestinationAddress): string {
  if (saved) return `${saved.crypto_network ?? ''}:${saved.address}:${saved.identity_id ?? ''}`;
  const b = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const text = (v: unknown) => (typeof v === 'string' ? v.slice(0, 256) : '');
  if (typeof b.id === 'string') return `id:${text(b.id)}`;
  return `${text(b.crypto_network)}:${text(b.address)}:${text(b.identity_id)}`;
}

/**
 * PUT /api/addresses: the upstream upsert of a crypto destination address. The body is checked
 * with the contract's strict schema (testnet forms only where the upstream is a sandbox) and the
 * outbound body is the parsed value, never the raw one. Answers `{ address }`. With a store, the
 * saved address goes into the address book and every attempt, refused ones included, into the
 * audit log.
 */
export function putAddress(deps: PutAddressDeps): RequestHandler & {
  save: (
    request: PutCryptoDestinationAddressRequest,
    operator: Operator,
    requestId: string,
    savedBy?: OperatorRef,
  ) => Promise<Saved>;
  schema: ReturnType<typeof createPutCryptoDestinationAddressRequestSchema>;
} {
  const schema = createPutCryptoDestinationAddressRequestSchema({
    allowTestnet: deps.environment.allow_testnet,
  });

  async function audit(
    operator: Operator,
    requestId: string,
    body: unknown,
    outcome: Outcome,
    extra: {
      upstreamStatus?: number;
      saved?: CryptoDestinationAddress;
      changedFields?: string[];
    } = {},
  ): Promise<void> {
    const store = deps.store;
    if (!store) return;
    // Hashed and written even for a hostile body (the hash is iterative); a failing write is
    // tried again and, if it still fails, raised as an alert in the log.
    await persistWithRetry(
      () =>
        store.audit.append({
          operator_subject: operator.subject,
          roles: operator.roles,
          action: 'address.put',
          target: targetOf(body, extra.saved),
          request_hash: requestHash(body ?? null),
          outcome,
          ...(extra.upstreamStatus === undefined ? {} : { upstream_status: extra.upstreamStatus }),
          request_id: requestId,
          ...(extra.changedFields ? { changed_fields: extra.changedFields } : {}),
        }),
      {
        logger: deps.logger,
        what: 'audit event',
        fields: { req_id: requestId, action: 'address.put', outcome },
      },
    );
  }

  /**
   * The upstream upsert, its address book record and audit event. `savedBy` is who asked for the
   * change (the initiator, when an approval sends it); `operator` who sent it now.
   */
  async function save(
    request: PutCryptoDestinationAddressRequest,
    operator: Operator,
    requestId: string,
    savedBy: OperatorRef = { subject: operator.subject, name: operator.name },
  ): Promise<Saved> {
    let status: number;
    let saved: CryptoDestinationAddress;
    let audited = false;
    const record = async (outcome: Outcome, upstreamStatus?: number) => {
      audited = true;
      await audit(operator, requestId, request, outcome, {
        ...(upstreamStatus === undefined ? {} : { upstreamStatus }),
      });
    };
    try {
      const response = await deps.upstream.call('putAddress', { body: request, requestId });
      status = response.status;
      if (status !== 200) {
        const problem = await problemFromUpstream(response);
        await record(status >= 500 ? 'unknown' : 'refused', status);
        throw problem;
      }
      const body = await readJsonBody(response);
      const answer = body.ok
        ? PutCryptoDestinationAddressResponseSchema.safeParse(body.value)
        : undefined;
      if (!answer?.success) {
        // The upstream answered 200: it probably saved the address, but we cannot say what it holds.
        await record('unknown', status);
        throw malformedUpstream();
      }
      saved = answer.data.address;
    } catch (error) {
      // No answer (timeout, reset): an upsert may have been applied. Token trouble: nothing was sent.
      if (!audited) await record(error instanceof UpstreamFailure ? 'unknown' : 'refused');
      throw error;
    }

    // An upsert: "updated" when the address book already held this address (by its canonical
    // form, so a new spelling of a saved address is an update), "created" otherwise.
    let outcome: Outcome = 'created';
    let changedFields: string[] | undefined;
    const store = deps.store;
    if (store) {
      // What the book held before this save, to name what an update changed. A failed read only
      // costs the audit event its field list.
      // (An update by id may leave the address out of the request: the answer names it.)
      const network = request.crypto_network ?? saved.crypto_network;
      const before = network
        ? await store.addressBook
            .find(network, request.address ?? saved.address, request.identity_id ?? undefined)
            .catch(() => undefined)
        : undefined;
      // The key comes from what we asked for: the upstream's echo of it is not promised.
      const entry = await persistWithRetry(
        () =>
          store.addressBook.recordSaved(saved, savedBy, {
            crypto_network: request.crypto_network,
            ...(request.identity_id ? { identity_id: request.identity_id } : {}),
          }),
        {
          logger: deps.logger,
          what: 'saved address (address book)',
          fields: { req_id: requestId, address_id: saved.id },
        },
      );
      if (entry.written && entry.value.version > 1) {
        outcome = 'updated';
        if (before) changedFields = changedFieldsOf(before.upstream, saved);
      }
    }
    await audit(operator, requestId, request, outcome, {
      upstreamStatus: status,
      saved,
      ...(changedFields ? { changedFields } : {}),
    });
    return { address: saved };
  }

  /** Holds the PUT for an address approver when the policy says so (answered 202). */
  async function hold(
    request: PutCryptoDestinationAddressRequest,
    operator: Operator,
    requestId: string,
  ): Promise<HeldForApprovalResponse | undefined> {
    const approvals = deps.store?.approvals;
    const policy = deps.config?.approvalPolicy;
    if (!approvals || !policy || !deps.store) return undefined;
    if (!policy.addresses.new_addresses && !policy.addresses.travel_rule_changes) return undefined;
    const network = request.crypto_network;
    const existing =
      network !== undefined && request.address !== undefined
        ? await deps.store.addressBook.find(network, request.address, request.identity_id)
        : undefined;
    const change = heldAddressChange(policy, request, existing?.upstream, existing !== undefined);
    if (!change) return undefined;
    const target =
      network !== undefined && request.address !== undefined
        ? addressBookKey(network, request.address, request.identity_id)
        : `id:${request.id ?? ''}`;
    const initiator = { subject: operator.subject, name: operator.name };
    const held = await approvals.holdAddress({
      id: newApprovalId(),
      kind: 'address',
      target,
      ...(network !== undefined && request.address !== undefined
        ? { destination: `${network}:${canonicalAddress(network, request.address)}` }
        : {}),
      initiator,
      initiatorAttribution: attributionOf(operator, deps.config?.approvalAttribution ?? 'subject'),
      requestId,
      requiredApprovals: policy.addresses.approvals,
      reason: change.reason,
      payload: { request, change: change.change, diff: change.diff },
      ttlMinutes: policy.request_ttl_minutes,
    });
    if (
      !held.inserted &&
      held.approval.approval.initiator.subject === operator.subject &&
      canonicalJson(held.approval.approval.address?.request) === canonicalJson(request)
    ) {
      // The same change asked again (a retry): the same pending request.
      await audit(operator, requestId, request, 'awaiting_approval');
      return { approval: held.approval.approval };
    }
    if (!held.inserted) {
      // One pending change per address: the second waits for the first to be decided.
      await audit(operator, requestId, request, 'refused');
      throw new HttpProblem({
        title: 'Conflict',
        status: 409,
        detail: `A change of this address already awaits approval (request ${held.approval.approval.id}); it must be approved, rejected or cancelled first.`,
        approval_id: held.approval.approval.id,
      });
    }
    await audit(operator, requestId, request, 'awaiting_approval');
    await auditApproval(deps.store.audit, deps.logger, {
      action: 'approval.request',
      actor: { subject: operator.subject, roles: operator.roles },
      approval: held.approval.approval,
      outcome: 'pending',
      requestId,
    });
    deps.approvalNotifier?.notify('requested', held.approval.approval);
    return { approval: held.approval.approval };
  }

  const handler: RequestHandler = async (req, res) => {
    const operator = getOperator(res);
    const requestId = requestIdOf(req, res);
    const parsed = schema.safeParse(req.body);
    if (!parsed.success) {
      await audit(operator, requestId, req.body, 'rejected');
      throw badRequest('The address is not valid.', fieldErrorsFromZod(parsed.error));
    }
    const request: PutCryptoDestinationAddressRequest = parsed.data;
    const held = await hold(request, operator, requestId);
    if (held) {
      res.status(202).json(held);
      return;
    }
    const saved = await save(request, operator, requestId);
    res.status(200).json({ address: saved.address });
  };
  return Object.assign(handler, { save, schema });
}

/**
 * The fields an update changed, from the service's answers before and after (contract's
 * diffAddress, the review's own diff), plus the address's spelling when only its case changed.
 */
function changedFieldsOf(
  before: CryptoDestinationAddress,
  after: CryptoDestinationAddress,
): string[] {
  const fields = diffAddress(comparableFromSaved(before), comparableFromSaved(after)).map(
    (change) => change.path,
  );
  return before.address !== undefined && before.address !== after.address
    ? ['address', ...fields]
    : fields;
}
