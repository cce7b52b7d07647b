import type { Transfer } from '#contract/withdrawals';
import type { ApprovalNotifier } from '#bff/four-eyes/approval-webhook';
import { createPeriodicTask, type PeriodicTask } from '#bff/lib/periodic-task';
import { recordAudit } from '#bff/lib/record-audit';
import type { Logger } from '#bff/logger';
import type { ActivityLedger, ElsewhereWatchStore, WatchPosition } from '#bff/store/activity-port';
import type { AuditLog } from '#bff/store/audit-log-port';
import type { CompanionFeatureGate } from '#bff/upstream/companion-features';
import type { UpstreamClient } from '#bff/upstream/upstream-client';
import { ledgerMatches } from './origins';
import { isWithdrawal, walkTransfers } from './service-transfers';

/** The operator the audit trail names for what the watcher found (no person did it). */
const WATCHER_SUBJECT = 'system:elsewhere-watcher';

interface ElsewhereWatcherOptions {
  watch: ElsewhereWatchStore;
  ledger: ActivityLedger;
  audit: AuditLog;
  upstream: UpstreamClient;
  companion: CompanionFeatureGate;
  logger: Logger;
  notifier?: ApprovalNotifier;
  /** This instance's name in the lease. */
  instance: string;
  intervalMs: number;
  /** Where a watcher with no position starts: this long before its first round. */
  lookbackMs: number;
  pageSize?: number;
  maxPagesPerRound?: number;
  now?: () => Date;
}

/** The position after a page read in ascending created_at order. */
function nextPosition(position: WatchPosition, page: readonly Transfer[]): WatchPosition {
  let { createdAt, ids } = position;
  for (const t of page) {
    if (!t.created_at) continue;
    if (createdAt === undefined || Date.parse(t.created_at) > Date.parse(createdAt)) {
      createdAt = t.created_at;
      ids = [t.id];
    } else if (t.created_at === createdAt && !ids.includes(t.id)) ids = [...ids, t.id];
  }
  return { ...(createdAt !== undefined ? { createdAt } : {}), ids };
}

/**
 * Watches the account for withdrawals this console did not make, as the service recommends:
 * ascending by created_at from the newest created_at seen (asked again from that instant, the ids
 * already read there skipped). One instance at a time holds the round (a lease in the database);
 * the position moves only after a page's alerts are stored, so a restart, a second instance, the
 * service down or a 429 never loses one, and the alert's key (the transfer id) never doubles one.
 * Each new alert is announced once: an audit event `transfer.elsewhere` and the webhook's
 * `transfer.elsewhere` (an interrupted announcement is taken again after its claim runs out).
 */
export function createElsewhereWatcher(options: ElsewhereWatcherOptions): PeriodicTask {
  const now = options.now ?? (() => new Date());
  const leaseMs = Math.max(60_000, options.intervalMs * 3);

  async function readNew(start: WatchPosition): Promise<number> {
    let position = start;
    const from = start.createdAt ?? new Date(now().getTime() - options.lookbackMs).toISOString();
    const params = new URLSearchParams({
      'created_at.gte': from,
      order: 'ASC',
      order_by: 'CREATED_AT',
      limit: String(options.pageSize ?? 200),
    });
    let found = 0;
    const pages = walkTransfers(options, params, options.maxPagesPerRound ?? 20);
    for await (const page of pages) {
      const fresh = page.filter(
        (t) => !(t.created_at === start.createdAt && start.ids.includes(t.id)),
      );
      const withdrawals = fresh.filter(isWithdrawal);
      const matchOf = await ledgerMatches(options.ledger, withdrawals);
      for (const t of withdrawals) if (!matchOf(t) && (await options.watch.addAlert(t))) found++;
      position = nextPosition(position, page);
      // Still ours? Another instance took over a lease that ran out: it reads from its own view.
      if (!(await options.watch.advance(options.instance, position))) return found;
    }
    // A round that read nothing still says it looked (watched_until).
    await options.watch.advance(options.instance, position);
    return found;
  }

  async function announce(): Promise<number> {
    const due = await options.watch.claimUnannounced(60_000, 50);
    for (const transfer of due) {
      await recordAudit(options, {
        operator_subject: WATCHER_SUBJECT,
        operator_name: 'Elsewhere watcher',
        roles: [],
        action: 'transfer.elsewhere',
        target: transfer.ref_id ?? transfer.id,
        request_hash: '',
        outcome: String(transfer.status),
        request_id: `elsewhere:${transfer.id}`,
      });
      options.notifier?.notifyElsewhere?.(transfer);
      await options.watch.markAnnounced(transfer.id);
    }
    return due.length;
  }

  async function round(): Promise<number> {
    if (!(await options.companion.state('activity')).enabled) return 0;
    const position = await options.watch.claimRound(options.instance, leaseMs);
    let found = 0;
    if (position) {
      try {
        found = await readNew(position);
      } finally {
        await options.watch.release(options.instance);
      }
    }
    // Announcing is safe on every instance (each alert is claimed): none waits for the reader.
    return found + (await announce());
  }

  return createPeriodicTask({
    intervalMs: options.intervalMs,
    round,
    logger: options.logger,
    failure: 'could not read the account for transfers made elsewhere',
  });
}
