import type { Config } from './config';
import type { Logger } from './logger';
import { createElsewhereWatcher } from './features/activity/elsewhere-watcher';
import { createApprovalExpirySweeper } from './features/approvals/expiry-sweeper';
import { createPendingStatusRefresher } from './features/withdrawals/pending-status-refresher';
import type { ApprovalNotifier } from './four-eyes/approval-webhook';
import { INSTANCE_ID } from './store/instance-id';
import type { OpenedStore } from './store/open-store';
import type { CompanionFeatureGate } from './upstream/companion-features';
import type { UpstreamClient } from './upstream/upstream-client';

interface PeriodicJobsDeps {
  config: Config;
  store: OpenedStore;
  upstream: UpstreamClient;
  companion: CompanionFeatureGate;
  logger: Logger;
  notifier: ApprovalNotifier | undefined;
}

/**
 * The process's timed jobs, started: each claims its work through the database, so several
 * instances share it instead of repeating it. Resolves their stop.
 */
export function startPeriodicJobs(deps: PeriodicJobsDeps): { stop(): Promise<void> } {
  const { config, store, upstream, companion, logger, notifier } = deps;
  const notifies = notifier ? { notifier } : {};
  // PENDING transfers re-read in the background (claimed per record).
  const refresher = store.transferStatus
    ? createPendingStatusRefresher({
        store: store.transferStatus,
        upstream,
        companion,
        logger,
        intervalMs: config.transferStatusRefreshMs,
      })
    : undefined;
  // Four eyes: the expiry of requests nobody decided in time, recorded even when nobody looks.
  const sweeper = store.approvals
    ? createApprovalExpirySweeper({
        approvals: store.approvals,
        audit: store.audit,
        logger,
        intervalMs: 60_000,
        ...notifies,
      })
    : undefined;
  // Withdrawals made outside this console (issue 39): one instance at a time reads the account's
  // transfers (a lease in the database) and announces each once; the first round runs now.
  const elsewhere =
    store.elsewhere && store.activity
      ? createElsewhereWatcher({
          watch: store.elsewhere,
          ledger: store.activity,
          audit: store.audit,
          upstream,
          companion,
          logger,
          instance: INSTANCE_ID,
          intervalMs: config.elsewherePollMs,
          lookbackMs: config.elsewhereLookbackMs,
          ...notifies,
        })
      : undefined;
  refresher?.start();
  sweeper?.start();
  elsewhere?.start();
  elsewhere?.wake();
  return {
    async stop() {
      await refresher?.stop();
      await sweeper?.stop();
      await elsewhere?.stop();
    },
  };
}
