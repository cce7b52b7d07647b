import type { RequestHandler } from 'express';
import { SetAddressMemoRequestSchema, type AddressBookEntry } from '#contract/address-book';
import type { ApprovalPolicy, HeldForApprovalResponse } from '#contract/approvals';
import { isMemoNetwork, MEMO_NETWORKS } from '#contract/memo-required';
import { fieldErrorsFromZod } from '#contract/problem';
import { requestHash } from '#contract/request-hash';
import type { AWAITING_APPROVAL } from '#contract/withdrawal-outcome';
import { getOperator, type Operator } from '#bff/auth/operator';
import type { ApprovalNotifier } from '#bff/four-eyes/approval-webhook';
import { badRequest, HttpProblem } from '#bff/http/http-problem';
import { requestIdOf } from '#bff/http/request-id';
import { recordAudit } from '#bff/lib/record-audit';
import type { Logger } from '#bff/logger';
import type { AddressBook } from '#bff/store/address-book-port';
import type { ApprovalStore } from '#bff/store/approval-port';
import type { AuditLog } from '#bff/store/audit-log-port';
import { createBookChangeHold } from './hold-address-change';

interface MemoDeps {
  store?: { addressBook: AddressBook; audit: AuditLog; approvals?: ApprovalStore } | undefined;
  logger: Logger;
  /** Four eyes: a memo change waits for an address approver (the policy's choice). */
  config?: { approvalPolicy?: ApprovalPolicy; approvalAttribution?: 'subject' | 'email' };
  approvalNotifier?: ApprovalNotifier | undefined;
}

type MemoOutcome = 'memo-saved' | 'memo-cleared' | typeof AWAITING_APPROVAL | 'refused';

/** One address.memo event: who kept, cleared or asked to change the memo of which entry. */
async function auditMemo(
  deps: MemoDeps & { store: NonNullable<MemoDeps['store']> },
  operator: Operator,
  key: string,
  memo: string | undefined,
  requestId: string,
  outcome: MemoOutcome = memo === undefined ? 'memo-cleared' : 'memo-saved',
) {
  await recordAudit(
    { audit: deps.store.audit, logger: deps.logger },
    {
      operator_subject: operator.subject,
      operator_name: operator.name,
      roles: operator.roles,
      action: 'address.memo',
      target: key,
      request_hash: requestHash({ key, memo: memo ?? '' }),
      outcome,
      request_id: requestId,
    },
  );
}

/**
 * Keeps `memo` (undefined clears it) with the book's entry of this key now, with its
 * address.memo event: for a change the policy does not hold, and for one an approval decided
 * (`operator` is then the last approver). Undefined when the book holds no such entry on a
 * network that uses a memo.
 */
export async function applyAddressMemo(
  deps: MemoDeps,
  key: string,
  memo: string | undefined,
  operator: Operator,
  requestId: string,
): Promise<AddressBookEntry | undefined> {
  const store = deps.store;
  if (!store) return undefined;
  const entry = await store.addressBook.setMemo(key, memo, [...MEMO_NETWORKS]);
  if (entry) await auditMemo({ ...deps, store }, operator, key, memo, requestId);
  return entry;
}

/**
 * Keeps the destination memo that waited with an approved PUT (an address file's row, issue 28
 * item 2) with the book's entry of its destination, once the approval saved it: approved with it,
 * so kept without asking the policy again. Undefined when the book holds no such entry on a
 * network that uses a memo.
 */
export async function keepAddressMemo(
  deps: MemoDeps,
  destination: { crypto_network: string; address: string; identity_id?: string | undefined },
  memo: string | undefined,
  operator: Operator,
  requestId: string,
): Promise<AddressBookEntry | undefined> {
  const { crypto_network: network, address, identity_id: identityId } = destination;
  const found = await deps.store?.addressBook.find(network, address, identityId);
  return found ? applyAddressMemo(deps, found.key, memo, operator, requestId) : undefined;
}

/** What a memo change came to: held for an address approver, or kept now. */
type MemoChangeResult = { held: HeldForApprovalResponse } | { entry: AddressBookEntry };

/**
 * One change of the memo of a book entry on a memo network, for every path that changes one
 * (POST /api/addresses/memo, an address file's row): the address and the memo together say who
 * is credited, so it is a destination change. When the policy holds address changes it waits
 * for another address approver (the entry keeps its memo until then; address.memo
 * awaiting_approval); otherwise it is kept now. Undefined when the entry is on no memo network.
 */
export function createMemoChange(deps: MemoDeps) {
  const hold = createBookChangeHold(deps);
  return async function changeMemo(
    entry: AddressBookEntry,
    memo: string | undefined,
    operator: Operator,
    requestId: string,
  ): Promise<MemoChangeResult | undefined> {
    const store = deps.store;
    if (!store || !isMemoNetwork(entry.crypto_network)) return undefined;
    const held = await hold(
      entry,
      { kind: 'memo', before: entry.memo, after: memo },
      {
        operator,
        requestId,
        audit: (outcome) =>
          auditMemo({ ...deps, store }, operator, entry.key, memo, requestId, outcome),
      },
    );
    if (held) return { held };
    const kept = await applyAddressMemo(deps, entry.key, memo, operator, requestId);
    return kept ? { entry: kept } : undefined;
  };
}

/**
 * POST /api/addresses/memo { key, memo }: the memo (or tag) an address is credited by, kept with
 * its entry in the console's book on a network that uses one (the network registry's memo rule);
 * an empty memo clears it. Held for approval under the policy (202 `{ approval }`), otherwise kept
 * (200 `{ address }`). The service's saved address has no memo, so nothing goes upstream: the
 * withdrawal form prefills it, and the gate sends a withdrawal to this address (allowlist on)
 * only with the memo the book keeps.
 */
export function setAddressMemo(deps: MemoDeps): RequestHandler {
  const changeMemo = createMemoChange(deps);
  return async (req, res) => {
    const parsed = SetAddressMemoRequestSchema.safeParse(req.body);
    if (!parsed.success)
      throw badRequest('The request is not valid.', fieldErrorsFromZod(parsed.error));
    if (!deps.store)
      throw new HttpProblem({
        title: 'Service Unavailable',
        status: 503,
        detail: 'This console keeps no address book.',
      });
    const { key, memo } = parsed.data;
    const entry = await deps.store.addressBook.get(key);
    const result = entry
      ? await changeMemo(
          entry,
          memo === '' ? undefined : memo,
          getOperator(res),
          requestIdOf(req, res),
        )
      : undefined;
    if (!result)
      throw new HttpProblem({
        title: 'Not Found',
        status: 404,
        detail: 'The address book holds no entry with this key on a network that uses a memo.',
      });
    if ('held' in result) res.status(202).json(result.held);
    else res.json({ address: result.entry });
  };
}
