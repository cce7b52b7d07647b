import type {
  LedgerSide,
  ReconciliationGroup,
  ReconciliationResponse,
  ReconciliationRow,
} from '#contract/activity';
import type { Transfer } from '#contract/withdrawals';
import type { Logger } from '#bff/logger';
import type { ActivityLedger, LedgerMatch } from '#bff/store/activity-port';
import type { UpstreamClient } from '#bff/upstream/upstream-client';
import { ledgerMatches } from './origins';
import { isWithdrawal, readTransferPage, walkTransfers } from './service-transfers';

interface ReconcileDeps {
  upstream: UpstreamClient;
  ledger: ActivityLedger;
  logger: Logger;
  /** Rows listed per group (counts are always whole). */
  listCap?: number;
  pageSize?: number;
  maxPages?: number;
}

/** The four groups as they fill: whole counts, lists up to the cap. */
class Groups {
  readonly counts: Record<ReconciliationGroup, number> = {
    matched: 0,
    service_only: 0,
    ledger_only: 0,
    status_differs: 0,
  };
  readonly rows: Record<ReconciliationGroup, ReconciliationRow[]> = {
    matched: [],
    service_only: [],
    ledger_only: [],
    status_differs: [],
  };
  // At the service only: withdrawals are listed first, so they are kept apart until the end.
  private readonly serviceOnlyOthers: ReconciliationRow[] = [];
  truncated = false;

  constructor(private readonly cap: number) {}

  add(group: ReconciliationGroup, row: ReconciliationRow, first = true): void {
    this.counts[group]++;
    const list = group === 'service_only' && !first ? this.serviceOnlyOthers : this.rows[group];
    if (list.length < this.cap) list.push(row);
    else this.truncated = true;
  }

  serviceOnly(): ReconciliationRow[] {
    return [...this.rows.service_only, ...this.serviceOnlyOthers].slice(0, this.cap);
  }
}

function ledgerSide(match: LedgerMatch): LedgerSide {
  return {
    ref_id: match.ref_id,
    ledger_status: match.ledger_status,
    ...(match.transfer_id ? { transfer_id: match.transfer_id } : {}),
    ...(match.transfer_status ? { transfer_status: match.transfer_status } : {}),
    ...(match.submitted_at ? { submitted_at: match.submitted_at } : {}),
    ...(match.initiator ? { initiator: match.initiator } : {}),
  };
}

/**
 * Matched, or status differs: the ledger does not say created (refused, unknown, not sent while
 * the service has it), or the status it last recorded is not the service's.
 */
function classify(transfer: Transfer, match: LedgerMatch): ReconciliationGroup {
  if (match.ledger_status !== 'created') return 'status_differs';
  if (match.transfer_status !== undefined && match.transfer_status !== String(transfer.status))
    return 'status_differs';
  return 'matched';
}

/**
 * Compares the service's transfers created in [from, to] with the ledger's records of the same
 * window, page by page: the service's pages are walked once (ascending), each page matched with
 * one ledger query; then the ledger's records of the window that no page named are looked up at
 * the service by ref_id (a record at the window's edge may carry the service's later time) before
 * one is called "in the ledger only". Memory: the ref_ids seen (not the transfers) and the capped
 * lists.
 */
export async function reconcile(
  deps: ReconcileDeps,
  window: { from: string; to: string },
  now: () => Date = () => new Date(),
): Promise<ReconciliationResponse> {
  const groups = new Groups(deps.listCap ?? 500);
  const seenRefs = new Set<string>();
  const params = new URLSearchParams({
    'created_at.gte': window.from,
    'created_at.lte': window.to,
    order: 'ASC',
    order_by: 'CREATED_AT',
    limit: String(deps.pageSize ?? 1000),
  });
  const record = (transfer: Transfer, match: LedgerMatch | undefined) => {
    if (!match) {
      groups.add('service_only', { transfer }, isWithdrawal(transfer));
      return;
    }
    seenRefs.add(match.ref_id);
    groups.add(classify(transfer, match), { transfer, ledger: ledgerSide(match) });
  };
  for await (const page of walkTransfers(deps, params, deps.maxPages ?? 200)) {
    const matchOf = await ledgerMatches(deps.ledger, page);
    for (const transfer of page) record(transfer, matchOf(transfer));
  }
  await ledgerNotListed(deps, window, seenRefs, groups, record);
  return {
    from: window.from,
    to: window.to,
    counts: groups.counts,
    matched: groups.rows.matched,
    service_only: groups.serviceOnly(),
    ledger_only: groups.rows.ledger_only,
    status_differs: groups.rows.status_differs,
    truncated: groups.truncated,
    checked_at: now().toISOString(),
  };
}

/** The window's ledger records no service page named: looked up by ref_id, 100 at a time. */
async function ledgerNotListed(
  deps: ReconcileDeps,
  window: { from: string; to: string },
  seenRefs: ReadonlySet<string>,
  groups: Groups,
  record: (transfer: Transfer, match: LedgerMatch | undefined) => void,
): Promise<void> {
  let afterSeq = 0;
  for (;;) {
    const records = await deps.ledger.ledgerInWindow(window.from, window.to, afterSeq, 500);
    if (records.length === 0) return;
    afterSeq = records[records.length - 1]!.seq;
    const unseen = records.filter((r) => !seenRefs.has(r.ref_id));
    for (let i = 0; i < unseen.length; i += 100) {
      const batch = unseen.slice(i, i + 100);
      const query = new URLSearchParams(batch.map((r) => ['ref_ids', r.ref_id]));
      query.set('limit', String(batch.length));
      const found = await readTransferPage(deps.upstream, query);
      const byRef = new Map(found.items.flatMap((t) => (t.ref_id ? [[t.ref_id, t]] : [])));
      for (const { seq: _seq, ...side } of batch) {
        const transfer = byRef.get(side.ref_id);
        if (transfer) record(transfer, { ...side, approvers: [] });
        // Only a record that says created is a discrepancy when the service has no transfer.
        else if (side.ledger_status === 'created') groups.add('ledger_only', { ledger: side });
      }
    }
  }
}
