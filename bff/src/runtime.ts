import type { Environment } from '#contract/session';
import type { AppDeps } from './app';
import { describeEnvironment, type Config } from './config';
import { createLogger, type Logger } from './logger';
import { createMetrics } from './lib/metrics';
import { openStore, type OpenedStore } from './store/open-store';
import { createTokenProvider } from './upstream/token-provider';
import { createUpstreamClient } from './upstream/upstream-client';
import { createCompanionFeatureGate } from './upstream/companion-features';
import { createPendingStatusRefresher } from './features/withdrawals/pending-status-refresher';
import { createApprovalExpirySweeper } from './features/approvals/expiry-sweeper';
import { createConsoleNotifier } from './notifications/console-notifier';
import { createBackgroundTasks } from './lib/background-tasks';
import { createElsewhereWatcher } from './features/activity/elsewhere-watcher';
import { INSTANCE_ID } from './store/instance-id';
import { recoverInterruptedWork } from './store/recover-interrupted';

/** The app's dependencies and how to release them; `local` is the in-process sandbox, when used. */
export interface Runtime {
  deps: AppDeps;
  local?: { url: string };
  close(): Promise<void>;
}

interface UpstreamTarget {
  baseUrl: string;
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  close(): Promise<void>;
  url?: string;
}

/**
 * With no upstream configured, the local sandbox starts in this process on loopback, so
 * `npm start` needs no credentials and no second terminal. Imported lazily: a BFF pointed at the
 * real API never loads it.
 */
async function startLocalUpstream(config: Config): Promise<UpstreamTarget> {
  const { createSandbox, DEFAULT_CLIENT } = await import('#sandbox/index');
  const sandbox = createSandbox(
    config.sandboxSettleMs === undefined ? {} : { settleMs: config.sandboxSettleMs },
  );
  const running = await sandbox.listen(config.sandboxPort, '127.0.0.1');
  return {
    baseUrl: `${running.url}/v2`,
    tokenUrl: `${running.url}/oauth2/token`,
    clientId: DEFAULT_CLIENT.client_id,
    clientSecret: DEFAULT_CLIENT.client_secret,
    close: () => running.close(),
    url: running.url,
  };
}

export async function createRuntime(
  config: Config,
  options: { logger?: Logger } = {},
): Promise<Runtime> {
  const logger = options.logger ?? createLogger(config.logLevel);
  const metrics = createMetrics({ defaultMetrics: true });
  const target: UpstreamTarget =
    config.upstream.mode === 'local'
      ? await startLocalUpstream(config)
      : { ...config.upstream, close: async () => {} };
  const environment: Environment = describeEnvironment(config);
  // The durable ledger: PostgreSQL when DATABASE_URL is set (shared by instances), else PGlite in
  // DATA_DIR. Migrations run before the app takes a request.
  let store: OpenedStore | undefined;
  let interrupted: { withdrawals: number; sends: number };
  try {
    store = await openStore(
      config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir },
    );
    // Work a stopped process left half done (store/recover-interrupted.ts): PGlite's data
    // directory is locked to this process (store/data-dir-lock), so all of it was left by a
    // process that is gone; on a shared PostgreSQL only what a lease that ran out held.
    interrupted = await recoverInterruptedWork(store, { all: store.db.kind === 'pglite' });
  } catch (error) {
    await store?.close().catch(() => {});
    await target.close();
    throw error;
  }
  const opened: OpenedStore = store;
  if (interrupted.withdrawals > 0)
    logger.warn(
      { withdrawals: interrupted.withdrawals },
      'withdrawals interrupted by a restart are now unknown',
    );
  if (interrupted.sends > 0)
    logger.warn({ sends: interrupted.sends }, 'approved sends interrupted by a restart are due');
  const tokens = createTokenProvider({
    tokenUrl: target.tokenUrl,
    clientId: target.clientId,
    clientSecret: target.clientSecret,
    logger,
    metrics,
    connectTimeoutMs: config.upstreamTuning.connectTimeoutMs,
  });
  const upstream = createUpstreamClient({
    baseUrl: target.baseUrl,
    tokens,
    tuning: config.upstreamTuning,
    logger,
    metrics,
  });
  const companion = createCompanionFeatureGate({ tokens, logger });
  // PENDING transfers are re-read in the background, claimed through the database so that
  // several instances share the work instead of repeating it.
  const refresher = opened.transferStatus
    ? createPendingStatusRefresher({
        store: opened.transferStatus,
        upstream,
        companion,
        logger,
        intervalMs: config.transferStatusRefreshMs,
      })
    : undefined;
  refresher?.start();
  // Four eyes: the webhook (when configured) and the expiry of requests nobody decided in time,
  // recorded even when nobody looks at the queue (reads expire them too).
  // The app's own jobs (the outbox of approved sends, the notifications' deliverer), started
  // as they are added.
  const background = createBackgroundTasks();
  // E-mail and Slack (when configured) go through the store's outbox, delivered in background.
  const approvalNotifier = createConsoleNotifier({
    config,
    outbox: opened.notificationOutbox,
    logger,
    background,
  });
  const sweeper = opened.approvals
    ? createApprovalExpirySweeper({
        approvals: opened.approvals,
        audit: opened.audit,
        logger,
        intervalMs: 60_000,
        ...(approvalNotifier ? { notifier: approvalNotifier } : {}),
      })
    : undefined;
  sweeper?.start();
  // Withdrawals made outside this console (issue 39): one instance at a time reads the account's
  // transfers (a lease in the database) and announces each once.
  const elsewhere =
    opened.elsewhere && opened.activity
      ? createElsewhereWatcher({
          watch: opened.elsewhere,
          ledger: opened.activity,
          audit: opened.audit,
          upstream,
          companion,
          logger,
          instance: INSTANCE_ID,
          intervalMs: config.elsewherePollMs,
          lookbackMs: config.elsewhereLookbackMs,
          ...(approvalNotifier ? { notifier: approvalNotifier } : {}),
        })
      : undefined;
  elsewhere?.start();
  elsewhere?.wake();
  return {
    deps: {
      config,
      environment,
      logger,
      metrics,
      tokens,
      upstream,
      store: opened,
      companion,
      background,
      ...(approvalNotifier ? { approvalNotifier } : {}),
    },
    ...(target.url ? { local: { url: target.url } } : {}),
    async close() {
      await refresher?.stop();
      await sweeper?.stop();
      await elsewhere?.stop();
      await background.stop();
      await upstream.close();
      await tokens.close();
      await target.close();
      await opened.close();
    },
  };
}
