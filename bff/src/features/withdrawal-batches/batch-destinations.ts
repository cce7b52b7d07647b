import type { ApprovalPolicy } from '#contract/approvals';
import { destinationKey } from '#contract/networks/canonical-address';
import type { WithdrawalBatch } from '#contract/withdrawal-batches';
import type { SubmitWithdrawalRequest } from '#contract/withdrawals';
import { refusalOf } from '#bff/gate/destination-gate';
import type { DestinationRegistry } from '#bff/gate/destination-registry';
import type { StoredBatchRow } from '#bff/store/withdrawal-batch-port';

interface BatchDestinationDeps {
  policy?: ApprovalPolicy | undefined;
  destinations?: DestinationRegistry | undefined;
}

/** More distinct destinations than this are not looked at before Send (the gate still is). */
const MAX_DESTINATIONS = 200;

/** What the gate's destination check says of a batch's rows, read once per destination. */
interface DestinationCheck {
  /** Each destination once: its registry state, look-alikes and the gate's refusal (the first). */
  flags: WithdrawalBatch['destinations'];
  /** Each row the gate would refuse, with the refusal's words (its title and detail). */
  refusals: Map<number, { title: string; detail: string }>;
}

/** A row's destination as the gate reads it: the memo and identity matter on a memo network. */
const variantOf = (r: SubmitWithdrawalRequest) =>
  JSON.stringify([r.memo ?? null, r.identity_id ?? null]);

/**
 * The gate's one destination check (destination-gate.ts refusalOf) over the rows the batch would
 * send, each destination's registry view read once and each memo and identity of it judged
 * apart (issue 42 item 6: a row the gate will refuse is invalid before Send, and the reviewer
 * and the approver read every destination warning).
 */
export async function checkBatchDestinations(
  deps: BatchDestinationDeps,
  rows: ReadonlyArray<{ row: number; request: SubmitWithdrawalRequest }>,
): Promise<DestinationCheck> {
  const check: DestinationCheck = { flags: [], refusals: new Map() };
  const registry = deps.destinations;
  if (!registry) return check;
  const byDestination = new Map<string, Array<{ row: number; request: SubmitWithdrawalRequest }>>();
  for (const r of rows) {
    const key = destinationKey(r.request.crypto_network, r.request.destination_address);
    byDestination.set(key, [...(byDestination.get(key) ?? []), r]);
  }
  if (byDestination.size > MAX_DESTINATIONS) return check;
  const index = await registry.lookAlikeIndex();
  for (const same of byDestination.values()) {
    const first = same[0]!.request;
    const view = await registry.view(first.crypto_network, first.destination_address, {
      askService: deps.policy?.destinations.allowlist === true,
    });
    const judged = new Map<string, ReturnType<typeof refusalOf>>();
    let shown: ReturnType<typeof refusalOf>;
    for (const { row, request } of same) {
      const variant = variantOf(request);
      if (!judged.has(variant)) judged.set(variant, refusalOf(view, deps.policy, request));
      const refusal = judged.get(variant);
      shown ??= refusal;
      if (refusal)
        check.refusals.set(row, {
          title: refusal.problem.title,
          detail: refusal.problem.detail ?? refusal.problem.title,
        });
    }
    check.flags.push({
      crypto_network: first.crypto_network,
      address: first.destination_address,
      state: view.state,
      look_alikes: index
        .lookAlikes(first.destination_address)
        .map((k) => `${k.nickname ?? k.address} (${k.source})`),
      ...(shown ? { refused: shown.problem.title } : {}),
    });
  }
  return check;
}

/**
 * A draft's rows as the gate would take them now: a row whose destination it refuses is invalid
 * (its error names the destination column), until the destination is approved or the row
 * dropped. Worked out on each read, never stored: an approval later makes the row ready again.
 */
export function withRefusedRowsInvalid(
  rows: readonly StoredBatchRow[],
  refusals: DestinationCheck['refusals'],
): StoredBatchRow[] {
  return rows.map((r) => {
    const refusal = r.state === 'ready' ? refusals.get(r.row) : undefined;
    if (!refusal) return r;
    const message = `${refusal.title}: ${refusal.detail}`;
    return {
      ...r,
      state: 'invalid',
      errors: [...r.errors, { line: r.line, column: 'destination', message }],
    };
  });
}
