import type { ActivityItem } from '#contract/activity';
import type { Transfer } from '#contract/withdrawals';
import type { ActivityLedger, LedgerMatch } from '#bff/store/activity-port';

/** The ledger's records for a page of transfers, by ref_id and by transfer id (one query). */
export async function ledgerMatches(
  ledger: ActivityLedger,
  transfers: readonly Transfer[],
): Promise<(transfer: Transfer) => LedgerMatch | undefined> {
  const refIds = transfers.flatMap((t) => (t.ref_id ? [t.ref_id] : []));
  const ids = transfers.map((t) => t.id);
  const records = await ledger.findConsoleRecords(refIds, ids);
  const byRef = new Map(records.map((r) => [r.ref_id, r]));
  const byId = new Map(records.flatMap((r) => (r.transfer_id ? [[r.transfer_id, r]] : [])));
  // A ref_id is the console's own key; a transfer without one is matched by its id.
  return (t) => byId.get(t.id) ?? (t.ref_id ? byRef.get(t.ref_id) : undefined);
}

/** Activity's rows: each transfer whole, marked console (with who) or elsewhere. */
export async function withOrigins(
  ledger: ActivityLedger,
  transfers: readonly Transfer[],
): Promise<ActivityItem[]> {
  const matchOf = await ledgerMatches(ledger, transfers);
  return transfers.map((transfer) => {
    const match = matchOf(transfer);
    if (!match) return { transfer, origin: 'elsewhere' };
    const { transfer_id: _id, transfer_status: _status, ...console } = match;
    return { transfer, origin: 'console', console };
  });
}
