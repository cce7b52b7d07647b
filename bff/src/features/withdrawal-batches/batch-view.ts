import type { ApprovalPolicy } from '#contract/approvals';
import { destinationKey } from '#contract/networks/canonical-address';
import type { WithdrawalBatch } from '#contract/withdrawal-batches';
import type { SubmitWithdrawalRequest } from '#contract/withdrawals';
import { refusalOf } from '#bff/gate/destination-gate';
import type { DestinationRegistry } from '#bff/gate/destination-registry';
import type { StoredBatch, StoredBatchRow } from '#bff/store/withdrawal-batch-port';
import type { UsdPriceReader } from '#bff/upstream/usd-price-reader';
import { batchTierRequirement, batchValue } from './batch-policy';

interface BatchViewDeps {
  policy?: ApprovalPolicy | undefined;
  prices?: UsdPriceReader | undefined;
  destinations?: DestinationRegistry | undefined;
}

/** The review asks the rows' quotes apart (POST …/fee-quotes): they are never sent with a row. */
const FEE_NOTE =
  'Each row pays the network fee at the time it is sent: no guaranteed fee is sent with a row. The review shows the service’s quote per row where it gives one, as an estimate.';

/** The rows the batch would send (valid, not dropped), with their requests. */
export function sendableRows(rows: readonly StoredBatchRow[]) {
  return rows.flatMap((r) =>
    r.state !== 'invalid' && r.state !== 'dropped' && r.request
      ? [{ row: r.row, request: r.request as SubmitWithdrawalRequest }]
      : [],
  );
}

/**
 * Each destination once: its state in the registry, its look-alikes, and the gate's refusal of
 * its rows (each memo and identity of it asked apart: on a memo network the memo is part of the
 * destination; the first refusal is shown).
 */
async function destinationFlags(
  deps: BatchViewDeps,
  requests: readonly SubmitWithdrawalRequest[],
): Promise<WithdrawalBatch['destinations']> {
  const registry = deps.destinations;
  if (!registry) return [];
  // Destination → its rows' distinct (memo, identity) → one row of each.
  const distinct = new Map<string, Map<string, SubmitWithdrawalRequest>>();
  for (const r of requests) {
    const key = destinationKey(r.crypto_network, r.destination_address);
    const variants = distinct.get(key) ?? new Map<string, SubmitWithdrawalRequest>();
    variants.set(JSON.stringify([r.memo ?? null, r.identity_id ?? null]), r);
    distinct.set(key, variants);
  }
  if (distinct.size > 200) return [];
  const index = await registry.lookAlikeIndex();
  const flags: WithdrawalBatch['destinations'] = [];
  for (const variants of distinct.values()) {
    const [r, ...others] = [...variants.values()] as [
      SubmitWithdrawalRequest,
      ...SubmitWithdrawalRequest[],
    ];
    const view = await registry.view(r.crypto_network, r.destination_address, {
      askService: deps.policy?.destinations.allowlist === true,
    });
    let refusal = refusalOf(view, deps.policy, r);
    for (const other of others) refusal ??= refusalOf(view, deps.policy, other);
    flags.push({
      crypto_network: r.crypto_network,
      address: r.destination_address,
      state: view.state,
      look_alikes: index
        .lookAlikes(r.destination_address)
        .map((k) => `${k.nickname ?? k.address} (${k.source})`),
      ...(refusal ? { refused: refusal.problem.title } : {}),
    });
  }
  return flags;
}

/** GET /api/withdrawal-batches/:id: the batch, its rows, totals, destinations and policy. */
export async function batchView(
  deps: BatchViewDeps,
  batch: StoredBatch,
  rows: readonly StoredBatchRow[],
): Promise<WithdrawalBatch> {
  const requests = sendableRows(rows).map((r) => r.request);
  const value = await batchValue(requests, deps.prices);
  const counts: Record<string, number> = {};
  for (const r of rows) counts[r.state] = (counts[r.state] ?? 0) + 1;
  const requirement =
    batch.requirement ??
    (deps.policy ? batchTierRequirement(deps.policy, requests, value) : undefined);
  return {
    id: batch.id,
    status: batch.status as WithdrawalBatch['status'],
    created_at: batch.createdAt,
    created_by: { subject: batch.operator.subject, name: batch.operator.name },
    file_errors: batch.fileErrors,
    counts,
    totals: value.totals,
    ...(value.usdTotal !== undefined ? { usd_total: value.usdTotal } : {}),
    ...(requirement
      ? { requirement: { approvals: requirement.approvals, reason: requirement.reason } }
      : {}),
    ...(batch.approvalId ? { approval_id: batch.approvalId } : {}),
    // What the reviewer and the approver read; not once the batch is on its way.
    destinations: ['draft', 'awaiting_approval'].includes(batch.status)
      ? await destinationFlags(deps, requests)
      : [],
    fee_note: FEE_NOTE,
    rows: rows.map((r) => ({
      row: r.row,
      line: r.line,
      ref_id: r.refId,
      state: r.state as WithdrawalBatch['rows'][number]['state'],
      ...(r.request ? { request: r.request } : {}),
      errors: r.errors,
      ...(r.transferId ? { transfer_id: r.transferId } : {}),
      ...(r.reason ? { reason: r.reason } : {}),
      ...(r.approvalId ? { approval_id: r.approvalId } : {}),
    })),
  };
}
