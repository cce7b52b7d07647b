import type { Store } from './store-port';

/**
 * What a start-up does about work a stopped process left half done. `all` when this process is
 * the database's only user (PGlite: its data directory is locked to one process, so everything
 * in flight was left by a process that is gone); on a shared PostgreSQL only what a lease that
 * ran out held (the rest may be live in another instance, e.g. during a rolling restart).
 * - A withdrawal left "submitting" by a process that stopped mid-call is unknown, never failed.
 * - An approved send (withdrawal or address change) whose outcome was never recorded is due
 *   again: the approved-send sender finishes it (on PostgreSQL once its lease has run out).
 * - A batch row being sent is due again (the batch sender sends it with its ref_id; on
 *   PostgreSQL once its lease has run out).
 */
export async function recoverInterruptedWork(
  store: Pick<Store, 'ledger' | 'approvals' | 'withdrawalBatches'>,
  options: { all: boolean },
): Promise<{ withdrawals: number; sends: number }> {
  const withdrawals = await store.ledger.markInterruptedAsUnknown({ all: options.all });
  const sends = options.all && store.approvals ? await store.approvals.releaseSendClaims() : 0;
  // A batch row being sent by the process that stopped: due again now (sent with its ref_id).
  if (options.all && store.withdrawalBatches) await store.withdrawalBatches.releaseClaims();
  return { withdrawals, sends };
}
