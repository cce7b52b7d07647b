import { createPeriodicTask, type PeriodicTask } from '#bff/lib/periodic-task';
import type { Logger } from '#bff/logger';
import type { TransferStatusStore } from '#bff/store/transfer-status-port';
import type { CompanionFeatureGate } from '#bff/upstream/companion-features';
import type { UpstreamClient } from '#bff/upstream/upstream-client';
import { nextStatusCheckInMs } from './status-check-backoff';
import { createTransferReader } from './transfer-reader';

interface PendingStatusRefresherOptions {
  store: TransferStatusStore;
  upstream: UpstreamClient;
  companion: CompanionFeatureGate;
  logger: Logger;
  /** How often to look for due records. */
  intervalMs: number;
  /** Records read per round (one upstream call reads them all by id). */
  batchSize?: number;
  /** A record is given up after this many reads or this age (it stays as last read). */
  maxChecks?: number;
  maxAgeMs?: number;
}

/** runOnce: one round (claim the due records, read them, keep what was read); how many were read. */
type PendingStatusRefresher = PeriodicTask;

/**
 * Keeps PENDING ledger records current without anyone looking: every `intervalMs` it claims a
 * bounded batch of due records through the database (shared by every instance: a claimed record
 * is nobody else's until its next check is due), reads them with one upstream call and records
 * what it read, with a growing gap per record (5 s … 10 min) so a stuck transfer is not hammered.
 */
export function createPendingStatusRefresher(
  options: PendingStatusRefresherOptions,
): PendingStatusRefresher {
  const reader = createTransferReader(options.upstream);
  const batchSize = options.batchSize ?? 50;

  async function round(): Promise<number> {
    if (!(await options.companion.state('transfer_status')).enabled) return 0;
    const due = await options.store.claimDueChecks({
      limit: batchSize,
      // The claim outlives one round: a crashed instance's records come due again after it.
      leaseMs: Math.max(60_000, options.intervalMs * 3),
      maxChecks: options.maxChecks ?? 60,
      maxAgeMs: options.maxAgeMs ?? 7 * 24 * 3_600_000,
    });
    if (due.length === 0) return 0;
    const read = await reader.byIds(due.map((d) => d.transferId));
    const byId = new Map(read.map((t) => [t.id, t]));
    for (const check of due) {
      const transfer = byId.get(check.transferId);
      if (transfer)
        await options.store.recordLiveTransfer(
          check.refId,
          transfer,
          nextStatusCheckInMs(check.checks),
        );
    }
    return read.length;
  }

  // One round at a time in this process.
  return createPeriodicTask({
    intervalMs: options.intervalMs,
    round,
    logger: options.logger,
    failure: 'could not refresh pending transfer statuses',
  });
}
